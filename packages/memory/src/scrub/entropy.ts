/** Shannon entropy in bits per character of `s` (0 for the empty string). */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

export interface CharClasses {
  upper: number;
  lower: number;
  digit: number;
  other: number;
}

/** How many characters of each class `s` holds. */
export function charClasses(s: string): CharClasses {
  const k: CharClasses = { upper: 0, lower: 0, digit: 0, other: 0 };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) k.upper++;
    else if (c >= 97 && c <= 122) k.lower++;
    else if (c >= 48 && c <= 57) k.digit++;
    else k.other++;
  }
  return k;
}

// The commonest English letter pairs: identifiers and paths are made of words, so most of their
// letter pairs are here; a random string's letter pairs land here about one time in five.
const commonPairs = new Set(
  (
    "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co " +
    "me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ct us " +
    "ac ot il tr ly nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts mo ow pa " +
    "im mi ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab ty op ex ke fr oo ag ap " +
    "gr od bo sp do uc bu by rm ep tt ef fa au lt ck ok ox xy ak ga ue qu cu ey ug ft ff pt sc cr cl dr gh ht mb ny oa rd"
  ).split(" "),
);
const wordRuns = /[A-Z]?[a-z]{2,}|[A-Z]{3,}(?![a-z])/g;
const longWordRuns = /[A-Z]?[a-z]{3,}|[A-Z]{4,}(?![a-z])/g;

/**
 * True when a short part (3 or 4 letters) could be a word: a vowel, and every letter pair one
 * of the commonest (`Not`, `Ever`: words; `zgih`, `FOWB`: random letters).
 */
export function isShortWordLike(s: string): boolean {
  const w = s.toLowerCase();
  if (!/[aeiouy]/.test(w)) return false;
  for (let i = 1; i < w.length; i++) if (!commonPairs.has(w.slice(i - 1, i + 1))) return false;
  return true;
}

/**
 * The share of a text's adjacent letter pairs that are among the commonest English pairs: about
 * 0.7 or more for words run together (`NotFound`, `JsonError`), about 0.2 for random letters.
 */
export function commonPairShare(s: string): number {
  const w = s.toLowerCase();
  let pairs = 0;
  let common = 0;
  for (let i = 1; i < w.length; i++) {
    pairs++;
    if (commonPairs.has(w.slice(i - 1, i + 1))) common++;
  }
  return pairs ? common / pairs : 0;
}

/**
 * True when `s` is built from words (`AbstractProxyFactoryBean2`, `test_burst_at_boundary`):
 * most of its letters sit in word-shaped runs, most of them in runs of four or more, and most
 * letter pairs inside them are common in English. All three hold by chance for about one random
 * 32-character base64 string in 10,000.
 */
export function isWordLike(s: string): boolean {
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters++;
  }
  let inLongRuns = 0;
  for (const m of s.matchAll(longWordRuns)) inLongRuns += m[0].length;
  let inRuns = 0;
  let pairs = 0;
  let common = 0;
  for (const m of s.matchAll(wordRuns)) {
    const w = m[0].toLowerCase();
    inRuns += w.length;
    for (let i = 1; i < w.length; i++) {
      pairs++;
      if (commonPairs.has(w.slice(i - 1, i + 1))) common++;
    }
  }
  return (
    letters > 0 &&
    pairs >= 4 &&
    inRuns / letters >= 0.7 &&
    inLongRuns / letters >= 0.6 &&
    common / pairs >= 0.6
  );
}

const nameSegment = /^(?:[a-z]{0,16}|[A-Z]?[a-z]{2,15}|[a-z0-9]{1,16}|[0-9a-f]{17,64})$/;

/**
 * True when `s` is a name made of parts joined by - _ . or /: kebab and snake names with
 * numbers and hashes (`h-build-cargo-two-crates`, `api-7c9d4f6b5a-qk2zp`), wheel tags, or
 * a name with a short random suffix (`build-report__Qm4xTz9`). Needs three parts or more,
 * with name-like parts (lower-case words, numbers, hex) holding most of the characters and no
 * other part long enough to be a key by itself. Random tokens seldom split that way.
 */
export function isNameLike(s: string): boolean {
  const parts = s.split(/[-_./]/);
  if (parts.length < 3) return false;
  let named = 0;
  let longestOther = 0;
  for (const p of parts) {
    if (nameSegment.test(p)) named += p.length;
    else longestOther = Math.max(longestOther, p.length);
  }
  const letters = s.length - parts.length + 1;
  return longestOther === 0 || (named >= 0.6 * letters && longestOther < 12);
}

/**
 * True when `s` is a path: three or more non-empty /-separated segments, no `+` (base64 has
 * them, paths seldom), at least half of the segments names, and three of them or half the characters
 * (`cache/uv/archive-v0/2gNGCnS9IjubVEQJvoF3z/bin/python`). A path's segments are judged one by
 * one, so a random directory name is not a reason to redact the whole path.
 */
export function isPathLike(s: string): boolean {
  if (s.includes("+")) return false;
  const segments = s.split("/").filter((seg) => seg !== "");
  if (segments.length < 3) return false;
  const named = segments.filter((seg) => seg.split(/[-_.]/).every((p) => nameSegment.test(p)));
  const namedChars = named.reduce((n, seg) => n + seg.length, 0);
  const chars = segments.reduce((n, seg) => n + seg.length, 0);
  return named.length * 2 >= segments.length && (named.length >= 3 || namedChars * 2 >= chars);
}

/** The expected entropy of a uniformly random string of `n` characters over `alphabet` symbols. */
export function randomEntropy(n: number, alphabet: number): number {
  // Distinct symbols seen in n draws, then the entropy of an even spread over them: a close and
  // cheap stand-in for the exact expectation, good enough for a threshold.
  const distinct = alphabet * (1 - (1 - 1 / alphabet) ** n);
  return Math.log2(Math.max(1, Math.min(n, distinct)));
}

/**
 * The text `s` encodes when `s` is base64 (or base64url) whose bytes are mostly printable text
 * (a sentence, a config file, a PEM key, a JSON credential file), else undefined. Random key
 * bytes are almost never printable.
 */
export function base64Text(s: string): string | undefined {
  const body = s.replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/_-]+$/.test(body) || body.length % 4 === 1) return undefined;
  const bytes = Buffer.from(
    body,
    body.includes("-") || body.includes("_") ? "base64url" : "base64",
  );
  return printableText(bytes);
}

/** `bytes` as text when they are 12 or more and mostly (95%) printable ASCII, else undefined. */
export function printableText(bytes: Buffer): string | undefined {
  if (bytes.length < 12) return undefined;
  let printable = 0;
  for (const b of bytes)
    if ((b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0a || b === 0x0d) printable++;
  return printable / bytes.length >= 0.95 ? bytes.toString("latin1") : undefined;
}

/**
 * True when `s` is base64 of mostly printable text: an encoding, not a key by itself (what it
 * encodes is scanned by the encoded-secret rule, `./encoded.ts`).
 */
export function decodesToText(s: string): boolean {
  return base64Text(s) !== undefined;
}

/**
 * True when `s` mixes letters with digits, or both letter cases: generated tokens do, package,
 * variable and model names sharing a token prefix (npm_config_x, hf_hub_download) do not.
 */
export function looksGenerated(s: string): boolean {
  const k = charClasses(s);
  return (k.digit > 0 && k.upper + k.lower > 0) || (k.upper > 1 && k.lower > 1);
}

/**
 * True when most neighbouring characters of `s` are consecutive (`0123456789ABC...xyz`): an
 * alphabet spelled out in a config, as high in entropy as a key and as public as the ABC.
 */
export function isSequential(s: string): boolean {
  let steps = 0;
  for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) === s.charCodeAt(i - 1) + 1) steps++;
  return steps * 2 >= s.length - 1;
}
