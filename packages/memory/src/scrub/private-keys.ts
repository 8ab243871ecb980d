import type { FinderRule, SecretSpan } from "./rule.js";

// RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP ("PGP PRIVATE KEY BLOCK") and bare PKCS#8 headers.
const begin = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const end = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
// A key cut off before its END line (a log tail, a truncated paste): redact the body that follows,
// base64 lines, PEM headers such as Proc-Type / DEK-Info, and JSON-escaped newlines.
// No spaces except after a header's colon, so prose after the cut is kept, and no "-----" so
// the next BEGIN or END line is left to pair on its own.
const body = /(?:[A-Za-z0-9+/=\r\n\\,]|-(?!----)|: ?){0,65536}/y;
const maxKeyLength = 65536;

/**
 * PEM and PGP private key blocks, multi-line, from BEGIN to END (or to the end of the body
 * when the END line is missing). Each BEGIN is paired with the first END after it; the END
 * search resumes where it stopped, so the scan is linear however many BEGIN lines there are.
 */
export function findPrivateKeys(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const heads = new RegExp(begin.source, "g");
  const ends = new RegExp(end.source, "g");
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
      const rest = new RegExp(body.source, "y");
      rest.lastIndex = afterHead;
      stop = afterHead + (rest.exec(text)?.[0].length ?? 0);
    }
    spans.push({ start, end: stop });
    heads.lastIndex = Math.max(stop, afterHead);
  }
  return spans;
}

export const privateKeyRules: FinderRule[] = [
  { kind: "private_key", trigger: /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY/, find: findPrivateKeys },
];
