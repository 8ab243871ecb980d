import { ANSI_ESCAPES } from "../ansi.js";
// The normaliser as it was before its fast paths (per-line blank folding, every prefix
// pattern tried on every line): normalize.test.ts checks that normalizeStderr still agrees.
import { type NormalizeLimits, STDERR_LIMITS } from "../normalize.js";

// Every pattern below is a single pass with no nested quantifiers: linear in the tail length.
// Colour codes whose ESC byte was lost on the way (logs pasted from a terminal): "[31m".
const SGR_RESIDUE = /\[[0-9;]{1,16}m/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u2033]/g;
const SPACES = /[ \t\u00a0\u3000]+/g;
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
 * The reference normaliser: keep a bounded tail, strip ANSI escapes and other
 * control characters (NUL included), fold CRLF and lone CR to LF, NFKC-fold full-width forms,
 * fold typographic quotes to ASCII, collapse runs of blanks, trim each line and lower-case it.
 * Blank lines are dropped. Runs in time linear in the kept tail, whatever the input size.
 * @example normalizeStderr("\u001b[31mERROR\u001b[0m: No matching distribution\r\n") // "error: no matching distribution"
 */
export function normalizeStderrReference(
  text: string,
  limits: NormalizeLimits = STDERR_LIMITS,
): string {
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
  const folded = cleaned
    .normalize("NFKC")
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(ESCAPED_STARS, "***")
    .toLowerCase();
  const lines: string[] = [];
  for (const raw of folded.split("\n")) {
    const line = stripPrefixes(raw.replace(SPACES, " ").trim());
    if (line)
      lines.push(line.length > limits.maxLineLength ? line.slice(0, limits.maxLineLength) : line);
  }
  return lines.length > limits.maxLines ? lines.slice(lines.length - limits.maxLines) : lines;
}

function stripPrefixes(line: string): string {
  let out = line;
  for (const prefix of LINE_PREFIXES) out = out.replace(prefix, "");
  return out.trim();
}
