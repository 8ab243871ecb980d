import type { SecretSpan } from "./rule.js";

/** A span with the rank of the rule that found it (lower is more specific). */
export interface RankedSpan extends SecretSpan {
  rank: number;
  kind: string;
}

const marker = /\[REDACTED:[a-z0-9_]{1,40}\]/g;
/** Terminal colour and title sequences (and their remains once a tool has dropped the ESC). */
export const ANSI =
  /\x1b\[[0-9;?]{0,32}[ -/]{0,4}[@-~]|\x1b\][^\x07\x1b]{0,256}(?:\x07|\x1b\\)|\[[0-9]{1,3}(?:;[0-9]{1,3}){0,6}m/g;

/**
 * `text` with every ANSI escape sequence blanked to spaces of the same length: rules see a
 * token boundary where a colour code was glued to a secret (`\x1b[31mAKIA...`), and offsets
 * still line up with the original text, which is what gets edited.
 */
export function blankAnsi(text: string): string {
  return /[\x1b[]/.test(text) ? text.replace(ANSI, (m) => " ".repeat(m.length)) : text;
}

/** The spans of `[REDACTED:kind]` markers already in `text`; nothing may rewrite them. */
export function markerSpans(text: string): SecretSpan[] {
  return Array.from(text.matchAll(marker), (m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** `span` minus the (sorted, disjoint) protected spans: the pieces that still need redacting. */
export function clip(span: RankedSpan, protectedSpans: readonly SecretSpan[]): RankedSpan[] {
  const pieces: RankedSpan[] = [];
  let start = span.start;
  for (const p of protectedSpans) {
    if (p.end <= start) continue;
    if (p.start >= span.end) break;
    if (p.start > start) pieces.push({ ...span, start, end: p.start });
    start = Math.max(start, p.end);
  }
  if (start < span.end) pieces.push({ ...span, start });
  return pieces;
}

/**
 * Overlapping spans merged into one, named after the most specific rule among them (a GitHub
 * token inside a bearer header or a password reads `github_token`). Merging
 * (rather than keeping the first) means a short match inside a longer one never leaves the rest
 * of the longer secret behind.
 */
export function mergeSpans(spans: RankedSpan[]): RankedSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: RankedSpan[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (s.rank < last.rank) {
        last.rank = s.rank;
        last.kind = s.kind;
      }
    } else {
      merged.push({ ...s });
    }
  }
  return merged;
}
