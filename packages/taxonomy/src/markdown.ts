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
  lines.push("", "## Failed tasks", "");
  const failed = taxonomy.classifications.filter((c) => c.failed);
  if (failed.length === 0) lines.push("No failed tasks.");
  else {
    lines.push(
      "| Task | Category | Reason | Recovery | Retryable | Hold |",
      "|---|---|---|---|:---:|:---:|",
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

function yesNo(flag: boolean): string {
  return flag ? "yes" : "no";
}
