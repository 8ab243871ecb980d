import { isWordLike, looksGenerated } from "./entropy.js";
import type { SecretSpan } from "./rule.js";
import { ANSI, blankAnsi } from "./spans.js";

/**
 * A text the rules read in place of the original: the original with colour codes blanked (same
 * offsets), or with them removed, or with URL and JSON escapes decoded. `from` maps a span
 * found in `text` back onto the original (undefined: the same offsets).
 */
export interface View {
  text: string;
  from?: (span: SecretSpan) => SecretSpan;
  /** Kinds of rule not run on this view (too loose where lines were joined). */
  skip?: ReadonlySet<string>;
  /** Which spans found in this view count (default: all). */
  accept?: (span: SecretSpan) => boolean;
}

// A token cut in two by a line break (a terminal's wrap, a paste): the break between two token
// characters removed. Only the rules that need a token's own shape or a header read the joined
// lines: runs of base64 across lines (certificates) and names on one line with a value on the
// next are not secrets.
const tokenBreak = /(?<=[A-Za-z0-9_+/=-])\r?\n(?=[A-Za-z0-9_+/=-])/g;
const looseOnJoinedLines: ReadonlySet<string> = new Set([
  "secret_assignment",
  "high_entropy",
  "encoded_secret",
]);

// %XX (URL encoding) and \uXXXX (JSON escapes, once or doubled: \\u0026).
const escapes = /%[0-9A-Fa-f]{2}|\\{1,3}u[0-9A-Fa-f]{4}/g;

/** A view of `text` with the stretches `pattern` matches replaced by `decode(match)`. */
function rewritten(text: string, pattern: RegExp, decode: (m: string) => string): View | undefined {
  // starts[i] / ends[i]: where view character i came from in the original.
  const starts: number[] = [];
  const ends: number[] = [];
  let view = "";
  let from = 0;
  const keep = (to: number) => {
    for (let i = from; i < to; i++) {
      starts.push(i);
      ends.push(i + 1);
    }
    view += text.slice(from, to);
  };
  for (const m of text.matchAll(new RegExp(pattern.source, "g"))) {
    keep(m.index);
    const out = decode(m[0]);
    for (let i = 0; i < out.length; i++) {
      starts.push(m.index);
      ends.push(m.index + m[0].length);
    }
    view += out;
    from = m.index + m[0].length;
  }
  if (from === 0) return undefined;
  keep(text.length);
  return {
    text: view,
    from: ({ start, end }) => ({
      start: starts[start] ?? text.length,
      end: ends[Math.max(start, end - 1)] ?? text.length,
    }),
  };
}

function percentOrUnicode(m: string): string {
  if (m.startsWith("%")) return String.fromCharCode(Number.parseInt(m.slice(1), 16));
  return String.fromCharCode(Number.parseInt(m.slice(-4), 16));
}

/**
 * What a token's second half looks like: 6 characters or more, generated (letters and digits,
 * or both cases) or at least not word-shaped; a line's first word (`finished`, `the`) is not.
 */
function continuesToken(part: string): boolean {
  return part.length >= 6 && (looksGenerated(part) || !isWordLike(part));
}

/**
 * For the joined view of `text`: a span that runs over a removed break counts only when what it
 * takes from each later line continues a token (`continuesToken`: a token's second half, not
 * the next line's first word after a token that simply ended the line).
 */
function acrossBreaks(text: string): (span: SecretSpan) => boolean {
  // Where each break sits in the joined text.
  const breaks: number[] = [];
  let removed = 0;
  for (const m of text.matchAll(new RegExp(tokenBreak.source, "g"))) {
    breaks.push(m.index - removed);
    removed += m[0].length;
  }
  const joined = text.replace(new RegExp(tokenBreak.source, "g"), "");
  return ({ start, end }) => {
    // The first break after `start` (binary search: a text may have many lines and spans).
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((breaks[mid] ?? 0) <= start) lo = mid + 1;
      else hi = mid;
    }
    // Each later line's part of the span (up to the next break): linear in the span.
    for (let i = lo; i < breaks.length && (breaks[i] ?? end) < end; i++) {
      const to = Math.min(end, breaks[i + 1] ?? end);
      if (!continuesToken(joined.slice(breaks[i], to))) return false;
    }
    return true;
  };
}

/**
 * Every view the rules read `text` through: colour codes blanked (a code glued to a secret
 * reads as a boundary), colour codes removed (a token split by a code reads whole), and URL /
 * JSON escapes decoded (`%26sig%3D`, `\u0026sig=`, `p%40ss` in a URL); lines joined where a
 * break cuts a token in two; the last three only when `text` has any.
 */
export function viewsOf(text: string): View[] {
  const views: View[] = [{ text: blankAnsi(text) }];
  const stripped = /[\x1b[]/.test(text) ? rewritten(text, ANSI, () => "") : undefined;
  if (stripped) views.push(stripped);
  if (/[A-Za-z0-9_+/=-]\r?\n[A-Za-z0-9_+/=-]/.test(text)) {
    const joined = rewritten(text, tokenBreak, () => "");
    if (joined) views.push({ ...joined, skip: looseOnJoinedLines, accept: acrossBreaks(text) });
  }
  if (/%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4}/.test(text)) {
    const decoded = rewritten(text, escapes, percentOrUnicode);
    if (decoded?.from) {
      views.push(decoded);
      // A JSON-escaped colour code (\u001b[0m) splitting a token: decoded, then removed.
      const back = decoded.from;
      const both = /[\x1b[]/.test(decoded.text)
        ? rewritten(decoded.text, ANSI, () => "")
        : undefined;
      if (both?.from) {
        const inner = both.from;
        views.push({ text: both.text, from: (span) => back(inner(span)) });
      }
    }
  }
  return views;
}
