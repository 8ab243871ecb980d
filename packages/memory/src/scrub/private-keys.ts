import { looksGenerated } from "./entropy.js";
import type { FinderRule, SecretSpan } from "./rule.js";

// RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP ("PGP PRIVATE KEY BLOCK") and bare PKCS#8 headers.
// Any case: evidence may quote a line folded to lower case.
const begin = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/gi;
const end = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/gi;
// A key cut off before its END line (a log tail, a truncated paste): redact the body that follows,
// base64 lines, PEM headers such as Proc-Type / DEK-Info, and JSON-escaped newlines.
// No spaces except after a header's colon, so prose after the cut is kept, and no "-----" so
// the next BEGIN or END line is left to pair on its own.
const body = /(?:[A-Za-z0-9+/=\r\n\\,]|-(?!----)|: ?){0,65536}/y;
// ...and a cut key whose lines were joined by spaces (a quoted line, `tr '\n' ' '`): the body
// goes on over one space or tab while the next run is key-shaped base64 (letters and digits
// mixed, as no word of prose after the cut is), up to the cut.
const spacedLine = /[ \t]([A-Za-z0-9+/]{4,4096}={0,2})(?![A-Za-z0-9+/=])/y;
const maxKeyLength = 65536;

/** Where the body of a key cut off before its END line stops, from `from`. */
function cutBodyEnd(text: string, keyStart: number, from: number): number {
  const rest = new RegExp(body.source, "y");
  const spaced = new RegExp(spacedLine.source, "y");
  let stop = from;
  while (stop - keyStart <= maxKeyLength) {
    rest.lastIndex = stop;
    stop += rest.exec(text)?.[0].length ?? 0;
    spaced.lastIndex = stop;
    const next = spaced.exec(text);
    if (next === null || !looksGenerated(next[1] ?? "")) break;
    stop += next[0].length;
  }
  return stop;
}

/**
 * PEM and PGP private key blocks, multi-line, from BEGIN to END (or to the end of the body
 * when the END line is missing). Each BEGIN is paired with the first END after it; the END
 * search resumes where it stopped, so the scan is linear however many BEGIN lines there are.
 */
export function findPrivateKeys(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const heads = new RegExp(begin.source, begin.flags);
  const ends = new RegExp(end.source, end.flags);
  let nextEnd: RegExpExecArray | null | undefined;
  for (let h = heads.exec(text); h !== null; h = heads.exec(text)) {
    const start = h.index;
    const afterHead = start + h[0].length;
    if (nextEnd === undefined || (nextEnd !== null && nextEnd.index < afterHead)) {
      ends.lastIndex = afterHead;
      nextEnd = ends.exec(text);
    }
    let stop: number;
    if (nextEnd !== null && nextEnd.index - start <= maxKeyLength) {
      stop = nextEnd.index + nextEnd[0].length;
    } else {
      stop = cutBodyEnd(text, start, afterHead);
    }
    spans.push({ start, end: stop });
    heads.lastIndex = Math.max(stop, afterHead);
  }
  return spans;
}

export const privateKeyRules: FinderRule[] = [
  { kind: "private_key", trigger: /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY/i, find: findPrivateKeys },
];
