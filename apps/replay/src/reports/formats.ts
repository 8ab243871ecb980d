import type { TrialRow } from "./schemas.js";

/** The columns of the flat per-trial view, in order. */
export const ROW_COLUMNS = [
  "job",
  "task",
  "trial_id",
  "agent",
  "model",
  "attempt",
  "reward",
  "passed",
  "status",
  "attribution",
  "category",
  "reason",
  "evidence",
  "evidence_file",
  "evidence_line",
  "path",
  "counted_as",
] as const;

function cells(r: TrialRow): (string | number | boolean | null)[] {
  return [
    r.job,
    r.task,
    r.trial_id,
    r.agent,
    r.model,
    r.attempt,
    r.reward,
    r.passed,
    r.status,
    r.attribution,
    r.category,
    r.reason,
    r.evidence?.text ?? null,
    r.evidence?.file ?? null,
    r.evidence?.line ?? null,
    r.path,
    r.counted_as,
  ];
}

const csvCell = (v: string | number | boolean | null) => {
  const s = v === null ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The rows as CSV (RFC 4180: quoted where needed, CRLF line ends), with a header line.
 * @example rowsToCsv(rows).split("\r\n")[0] // "job,task,trial_id,..."
 */
export function rowsToCsv(rows: readonly TrialRow[]): string {
  const lines = [ROW_COLUMNS.join(","), ...rows.map((r) => cells(r).map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

const mdCell = (v: string | number | boolean | null) =>
  (v === null ? "" : String(v)).replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

/**
 * The rows as a Markdown table.
 * @example rowsToMarkdown(rows).startsWith("| job | task |")
 */
export function rowsToMarkdown(rows: readonly TrialRow[]): string {
  const head = `| ${ROW_COLUMNS.join(" | ")} |`;
  const rule = `|${ROW_COLUMNS.map(() => "---").join("|")}|`;
  return `${[head, rule, ...rows.map((r) => `| ${cells(r).map(mdCell).join(" | ")} |`)].join("\n")}\n`;
}

/** One JSON object per line. */
export function rowsToJsonl(rows: readonly TrialRow[]): string {
  return rows.map((r) => `${JSON.stringify(r)}\n`).join("");
}
