import type { FailureCode } from "./codes.js";
import type { FailureTaxonomy } from "./schemas.js";

/**
 * Render a FailureTaxonomy for people: a title, the summary, the categories sorted by code,
 * then one row per failed task in input order. Cell text is escaped so a `|` or a newline in
 * a reason or task id cannot break the table.
 * @example
 *   renderTaxonomyMarkdown(rollup(classifications)) // "# Failure taxonomy\n\n- Tasks: 3\n..."
 */
export function renderTaxonomyMarkdown(taxonomy: FailureTaxonomy): string {
  const lines = [
    "# Failure taxonomy",
    "",
    `- Schema: \`${taxonomy.schema}\``,
    `- Tasks: ${taxonomy.task_count}`,
    `- Failures: ${taxonomy.failure_count}`,
    `- Retryable failures: ${taxonomy.retryable_count}`,
    `- Safety holds (never bypassed): ${taxonomy.safety_holds}`,
    "",
    "## Categories",
    "",
  ];
  const codes = (Object.keys(taxonomy.category_counts) as FailureCode[]).sort();
  if (codes.length === 0) lines.push("No failures.");
  else {
    lines.push("| Category | Tasks |", "|---|---:|");
    for (const code of codes) lines.push(`| ${code} | ${taxonomy.category_counts[code] ?? 0} |`);
  }
  const by = taxonomy.attribution_counts;
  if (by) {
    lines.push(
      "",
      "## Who failed",
      "",
      `- The agent: ${by.agent ?? 0} (the categories above)`,
      `- Setup, the agent never got to work: ${by.setup ?? 0}${countsText(taxonomy.setup_counts)}`,
      `- The harness or provider, kept out of the agent's counts: ${by.harness ?? 0}${countsText(taxonomy.harness_counts)}`,
    );
  }
  lines.push("", "## Failed tasks", "");
  const failed = taxonomy.classifications.filter((c) => c.failed);
  if (failed.length === 0) lines.push("No failed tasks.");
  else {
    lines.push(
      `| Task | Category | Reason | Recovery | Retryable | Hold |${by ? " Who | Decided by |" : ""}`,
      `|---|---|---|---|:---:|:---:|${by ? "---|---|" : ""}`,
    );
    for (const c of failed) {
      const cells = [
        c.task_id,
        c.category,
        c.reason,
        c.recovery,
        yesNo(c.retryable),
        yesNo(c.safety_hold),
      ];
      if (by) {
        const d = c.decided_by;
        cells.push(
          c.attribution ?? "agent",
          d ? `${d.file}${d.line ? `:${d.line}` : ""}: ${d.text}` : "",
        );
      }
      lines.push(`| ${cells.map(escapeCell).join(" | ")} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Escape a table cell: a pipe would open a new column, a newline would end the row. */
function escapeCell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/\r\n|\r|\n/g, "<br>");
}

function countsText(counts: Partial<Record<FailureCode, number>> | undefined): string {
  const parts = Object.entries(counts ?? {}).map(([code, n]) => `${code} ${n}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

function yesNo(flag: boolean): string {
  return flag ? "yes" : "no";
}
