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
}

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
 * Every view the rules read `text` through: colour codes blanked (a code glued to a secret
 * reads as a boundary), colour codes removed (a token split by a code reads whole), and URL /
 * JSON escapes decoded (`%26sig%3D`, `\u0026sig=`, `p%40ss` in a URL); the last two only when
 * `text` has any.
 */
export function viewsOf(text: string): View[] {
  const views: View[] = [{ text: blankAnsi(text) }];
  const stripped = /[\x1b[]/.test(text) ? rewritten(text, ANSI, () => "") : undefined;
  if (stripped) views.push(stripped);
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
