import { displaySafe } from "@fak/taxonomy";
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

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection).
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text from data made safe to show (no escape sequence, control, bidi or
 * invisible character), a text cell starting with a formula character prefixed with `'`
 * (OWASP), and quoted when it holds a comma, quote, newline, or the prefix.
 * @example csvCell("=HYPERLINK(...)") // "'=HYPERLINK(...)"
 */
export function csvCell(v: string | number | boolean | null): string {
  if (v === null) return "";
  if (typeof v !== "string") return String(v);
  let s = displaySafe(v);
  if (FORMULA_LEAD.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The rows as CSV (RFC 4180: quoted where needed, CRLF line ends), with a header line.
 * @example rowsToCsv(rows).split("\r\n")[0] // "job,task,trial_id,..."
 */
export function rowsToCsv(rows: readonly TrialRow[]): string {
  const lines = [ROW_COLUMNS.join(","), ...rows.map((r) => cells(r).map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

const MD_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "|": "\\|",
  "[": "\\[",
  "]": "\\]",
  "`": "\\`",
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
};

/**
 * One Markdown table cell: text made safe to show (see csvCell), backslashes and pipes escaped
 * (a `\\|` cannot split the row), brackets and backticks escaped (no link, no code span), `<`,
 * `>` and `&` as entities (no raw HTML, no `<javascript:...>` autolink), newlines as spaces.
 * @example mdCell("a\\|b <img>") // "a\\\\\\|b &lt;img&gt;"
 */
export function mdCell(v: string | number | boolean | null): string {
  if (v === null) return "";
  return displaySafe(String(v))
    .replace(/\r?\n|\t/g, " ")
    .replace(/[\\|[\]`&<>]/g, (ch) => MD_ESCAPES[ch] ?? ch);
}

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
