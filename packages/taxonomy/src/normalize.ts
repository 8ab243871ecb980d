import { ANSI_ESCAPES } from "./ansi.js";

// stderr is match material only. Before any rule sees it, it is cut to a bounded tail (so a
// 10 MB log costs the same as a 32 KB one), stripped of terminal control sequences and folded
// to one lower-case form, so that rules are written once and never meet colour codes or CRLF.

/** How much of a stderr tail the classifier reads: the last `maxChars`, at most `maxLines` lines. */
export interface NormalizeLimits {
  maxChars: number;
  maxLines: number;
  maxLineLength: number;
}

/** The default bound: the last 32 KiB, last 400 lines, each line cut to 4 KiB. */
export const STDERR_LIMITS: Readonly<NormalizeLimits> = {
  maxChars: 32 * 1024,
  maxLines: 400,
  maxLineLength: 4 * 1024,
};

// Every pattern below is a single pass with no nested quantifiers: linear in the tail length.
// Colour codes whose ESC byte was lost on the way (logs pasted from a terminal): "[31m".
const SGR_RESIDUE = /\[[0-9;]{1,16}m/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u2033]/g;
// A blank run becomes one space; a lone space is left as it is (most matches otherwise).
const SPACES = /[ \t\u00a0\u3000]{2,}|[\t\u00a0\u3000]/g;
// Wrappers that prefix every line of a tool's output: BuildKit step and clock ("#9 12.3 "),
// timestamps ("2024-01-02T03:04:05Z ", "[12:00:01] ", "9:34:12 am: "), CI annotations
// ("##[error]"), journald ("dec 22 15:58:05 host nginx[42]: ") and compose service
// columns ("web-1 | "). Stripped so that rules anchored at a line start see the tool's line.
const LINE_PREFIXES = [
  /^#\d+ (\d+(\.\d+)? )?/,
  /^\[?\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}:\d{2}(\.\d+)?(z|[+-]\d{2}:?\d{2})?\]?:? /,
  /^\[?\d{1,2}:\d{2}:\d{2}(\.\d+)?( ?[ap]m)?\]?:? /,
  /^##\[(error|warning|notice|debug)\]/,
  /^[a-z]{3} \d{1,2} \d{2}:\d{2}:\d{2} \S+ [\w.@/-]+(\[\d+\])?: /,
  /^[\w.-]+ *\| /,
];

// Markdown-escaped make markers ("**\*") as they appear in pasted logs.
const ESCAPED_STARS = /\*\*\\\*/g;

/**
 * Normalise a stderr tail for matching: keep a bounded tail, strip ANSI escapes and other
 * control characters (NUL included), fold CRLF and lone CR to LF, NFKC-fold full-width forms,
 * fold typographic quotes to ASCII, collapse runs of blanks, trim each line and lower-case it.
 * Blank lines are dropped. Runs in time linear in the kept tail, whatever the input size.
 * @example normalizeStderr("\u001b[31mERROR\u001b[0m: No matching distribution\r\n") // "error: no matching distribution"
 */
export function normalizeStderr(text: string, limits: NormalizeLimits = STDERR_LIMITS): string {
  return normalizeLines(text, limits).join("\n");
}

function normalizeLines(text: string, limits: NormalizeLimits): string[] {
  let tail = text;
  if (tail.length > limits.maxChars) {
    tail = tail.slice(tail.length - limits.maxChars);
    // The cut may fall inside a line or an escape sequence: start at the next full line.
    const nl = tail.search(/[\r\n]/);
    if (nl >= 0 && nl < tail.length - 1) tail = tail.slice(nl + 1);
  }
  const cleaned = tail
    .replace(ANSI_ESCAPES, "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, "")
    .replace(SGR_RESIDUE, "");
  // Blank runs never span a line break, so one pass over the tail folds them in every line.
  const folded = cleaned
    .normalize("NFKC")
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(ESCAPED_STARS, "***")
    .toLowerCase()
    .replace(SPACES, " ");
  const lines: string[] = [];
  for (const raw of folded.split("\n")) {
    const line = stripPrefixes(raw.trim());
    if (line)
      lines.push(line.length > limits.maxLineLength ? line.slice(0, limits.maxLineLength) : line);
  }
  return lines.length > limits.maxLines ? lines.slice(lines.length - limits.maxLines) : lines;
}

// A character each prefix must have, checked first: most lines have none of the prefixes.
const PREFIX_NEEDS: readonly ((line: string) => boolean)[] = [
  (l) => l.charCodeAt(0) === 35, // #
  (l) => l.charCodeAt(0) === 91 || isDigit(l.charCodeAt(0)), // [ or a digit
  (l) => l.charCodeAt(0) === 91 || isDigit(l.charCodeAt(0)),
  (l) => l.charCodeAt(0) === 35,
  (l) => l.charCodeAt(3) === 32, // "dec 22 ..."
  (l) => l.includes("|"),
];

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function stripPrefixes(line: string): string {
  let out = line;
  for (let i = 0; i < LINE_PREFIXES.length; i++)
    if (PREFIX_NEEDS[i]!(out)) out = out.replace(LINE_PREFIXES[i]!, "");
  return out.trim();
}
