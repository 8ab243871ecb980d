import { base64Text, printableText } from "./entropy.js";
import { type FinderRule, findSpans, type SecretRule, type SecretSpan } from "./rule.js";

// base64 / base64url runs, as the entropy rule reads them; 24 characters encode 18 bytes, less
// than the shortest key with a known shape (an AWS key id, 20).
const run = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,262144}={0,2}/g;
// base64 inside base64 (the `auth` of a .dockerconfigjson) is looked into once more, no deeper.
const maxDepth = 2;
let depth = 0;

// Hex runs of 12 bytes or more (`echo 6768705f... | xxd -r -p`), whole bytes only.
const hexRun = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,131072}(?![0-9A-Fa-f])/g;

/**
 * Secrets wrapped in hex: each run of hex digits that decodes to printable text (a digest or a
 * commit id decodes to random bytes, and is kept) is read by every rule; the whole run is
 * redacted when any finds a secret in it.
 */
export function hexRule(inner: () => readonly SecretRule[]): FinderRule {
  return {
    kind: "encoded_secret",
    trigger: /[0-9A-Fa-f]{24}/,
    find: (text) => decodedSpans(text, hexRun, (m) => printableText(Buffer.from(m, "hex")), inner),
  };
}

/** The spans of `runs` whose `decode`d text any of `inner` finds a secret in (depth-limited). */
function decodedSpans(
  text: string,
  runs: RegExp,
  decode: (run: string) => string | undefined,
  inner: () => readonly SecretRule[],
): SecretSpan[] {
  if (depth >= maxDepth) return [];
  const spans: SecretSpan[] = [];
  for (const m of text.matchAll(new RegExp(runs.source, "g"))) {
    const decoded = decode(m[0]);
    if (decoded === undefined) continue;
    depth++;
    try {
      if (inner().some((rule) => findSpans(rule, decoded).length > 0))
        spans.push({ start: m.index, end: m.index + m[0].length });
    } finally {
      depth--;
    }
  }
  return spans;
}

/**
 * Secrets wrapped in base64: a PEM key in a kubeconfig `client-key-data:` or a k8s `tls.key`, a
 * `.dockerconfigjson`, a GCP service-account JSON, base64 of a GitHub or AWS key. Each run that
 * decodes to printable text is decoded and read by every rule (`inner`); the whole run is
 * redacted when any finds a secret in it. base64 of text without a secret is kept.
 */
export function encodedRule(inner: () => readonly SecretRule[]): FinderRule {
  return {
    kind: "encoded_secret",
    trigger: /[A-Za-z0-9+/_-]{24}/,
    find: (text) => decodedSpans(text, run, base64Text, inner),
  };
}
