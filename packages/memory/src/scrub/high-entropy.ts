import {
  charClasses,
  decodesToText,
  isNameLike,
  isPathLike,
  isSequential,
  isWordLike,
  randomEntropy,
  shannonEntropy,
} from "./entropy.js";
import type { FinderRule, SecretSpan } from "./rule.js";

// Shorter random strings are rare outside known prefixes and keyword contexts, which have their
// own rules, while 20-character identifiers (getIdByKeyV2ForAppId) are common.
const minLength = 24;
// base64 / base64url runs; '=' only as trailing padding, so `stderr=<token>` starts at the token.
const token = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}/g;
// Digests named as such: sha256:<hex>, sha512-<base64> (SRI), h1:<base64> (go.sum), md5=; and
// SSH public keys (ssh-ed25519 AAAA...), which are published on purpose.
const digestBefore =
  /(?:sha(?:1|224|256|384|512)|md5|h1)[:=-]$|integrity["']?[:=]\s?["']?$|(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}) $/i;
const digestPrefix = /^(?:sha(?:1|224|256|384|512)|md5)[-_]/i;
// Object ids of AI and API services (tool calls, messages, generations, users): random, not secret.
const idPrefix =
  /^(?:toolu|srvtoolu|msg|msgbatch|req|call|resp|run|thread|asst|batch|evt|user|org|gen|chatcmpl|file|step|ftjob|job)[-_]/;

/**
 * True when `s` reads as a random credential: at least 24 characters, letters and digits in
 * a mix a name never has, entropy close to that of a random string of its length, few
 * word-like runs, and not base64 of printable text. Pure hex never counts: digests and ids are hex.
 * @example isHighEntropy("VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==") // false: base64 of text
 */
export function isHighEntropy(s: string): boolean {
  const n = s.replace(/=+$/, "").length;
  if (n < minLength || /^[0-9a-fA-F-]+$/.test(s) || digestPrefix.test(s)) return false;
  const k = charClasses(s);
  const mixed =
    (k.upper > 0 && k.lower > 0 && k.digit > 0) ||
    (n >= 32 && k.upper > 1 && k.lower > 1) ||
    (n >= 32 && k.lower > 0 && k.digit > 1 && /[g-z]/.test(s));
  if (!mixed) return false;
  const alphabet = (k.upper > 0 ? 26 : 0) + (k.lower > 0 ? 26 : 0) + (k.digit > 0 ? 10 : 0) + 2;
  if (shannonEntropy(s) < randomEntropy(n, alphabet) - 0.85) return false;
  if (isWordLike(s) || isNameLike(s) || isSequential(s)) return false;
  return !decodesToText(s);
}

/** Long random-looking base64 or alphanumeric tokens; path-like runs are judged per segment. */
export function findHighEntropy(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const runs = new RegExp(token.source, "g");
  for (let m = runs.exec(text); m !== null; m = runs.exec(text)) {
    const run = m[0];
    if (
      digestPrefix.test(run) ||
      idPrefix.test(run) ||
      digestBefore.test(text.slice(Math.max(0, m.index - 20), m.index))
    )
      continue;
    if (!isPathLike(run) && isHighEntropy(run)) {
      spans.push({ start: m.index, end: m.index + run.length });
      continue;
    }
    if (!run.includes("/")) continue;
    let at = m.index;
    for (const part of run.split("/")) {
      if (isHighEntropy(part)) spans.push({ start: at, end: at + part.length });
      at += part.length + 1;
    }
  }
  return spans;
}

export const highEntropyRules: FinderRule[] = [
  // Every run the finder judges is at least this long.
  { kind: "high_entropy", trigger: /[A-Za-z0-9+/_-]{24}/, find: findHighEntropy },
];
