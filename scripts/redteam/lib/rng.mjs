// A seeded source of random values: every run draws fresh secrets, letters and names, and
// `--seed N` draws the same ones again. Each class gets its own stream (the run's seed mixed
// with the class's name), so `--only` does not change what the other classes would draw.

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEX = "0123456789abcdef";
export const BASE64 = `${ALNUM}+/`;
export const BASE64URL = `${ALNUM}-_`;
export const BASE32 = `${UPPER}234567`;
export const BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";

/** mulberry32: small, fast, deterministic per seed. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash32(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A random stream with the helpers the checks use. */
export class Rng {
  constructor(seed, label = "") {
    this.next = mulberry32((seed ^ hash32(label)) >>> 0);
  }
  /** A float in [0, 1). */
  float() {
    return this.next();
  }
  /** An integer in [lo, hi]. */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick(xs) {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p) {
    return this.next() < p;
  }
  /** `n` characters drawn uniformly from `alphabet`. */
  string(alphabet, n) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  /** Like `string`, redrawn until it holds a digit, an upper and a lower case letter. */
  mixed(alphabet, n) {
    for (;;) {
      const s = this.string(alphabet, n);
      if (/[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s)) return s;
    }
  }
  /** Mixed-case letters only, with both cases (no digit: the class 4 shape). */
  letters(n) {
    if (n < 2) return this.string(UPPER + LOWER, n);
    for (;;) {
      const s = this.string(UPPER + LOWER, n);
      if (/[A-Z]/.test(s) && /[a-z]/.test(s)) return s;
    }
  }
  bytes(n) {
    return Buffer.from(Array.from({ length: n }, () => Math.floor(this.next() * 256)));
  }
  /** A lower-case name such as a task or job would have. */
  name(n = 6) {
    return this.string(LOWER, 1) + this.string(LOWER + DIGITS, n - 1);
  }
  shuffle(xs) {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
}
