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

/**
 * Share of the letters that sit in word-like runs: four or more lower-case letters, optionally
 * after one capital (`Handler`, `boundary`). Identifiers and paths score high; random tokens,
 * whose letters switch case every other character, score low.
 */
export function wordShare(s: string): number {
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) letters++;
  }
  if (letters === 0) return 0;
  let inWords = 0;
  for (const m of s.matchAll(/[A-Z]?[a-z]{4,}|[A-Z]{5,}/g)) inWords += m[0].length;
  return inWords / letters;
}

/** The expected entropy of a uniformly random string of `n` characters over `alphabet` symbols. */
export function randomEntropy(n: number, alphabet: number): number {
  // Distinct symbols seen in n draws, then the entropy of an even spread over them: a close and
  // cheap stand-in for the exact expectation, good enough for a threshold.
  const distinct = alphabet * (1 - (1 - 1 / alphabet) ** n);
  return Math.log2(Math.max(1, Math.min(n, distinct)));
}

const printable = /^[\t\n\r\x20-\x7e]*$/;

/**
 * True when `s` is base64 (or base64url) whose bytes are mostly printable text: base64 of a
 * sentence or a config file is an encoding, not a key. Random key bytes are almost never printable.
 */
export function decodesToText(s: string): boolean {
  const body = s.replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/_-]+$/.test(body) || body.length % 4 === 1) return false;
  const bytes = Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length < 12) return false;
  const text = bytes.toString("latin1");
  let ok = 0;
  for (let i = 0; i < text.length; i++) if (printable.test(text[i] ?? "")) ok++;
  return ok / text.length >= 0.95;
}

/**
 * True when `s` mixes letters with digits, or both letter cases: generated tokens do, package,
 * variable and model names sharing a token prefix (npm_config_x, hf_hub_download) do not.
 */
export function looksGenerated(s: string): boolean {
  const k = charClasses(s);
  return (k.digit > 0 && k.upper + k.lower > 0) || (k.upper > 1 && k.lower > 1);
}
