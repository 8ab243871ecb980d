import * as crypto from "node:crypto";

/**
 * Text folded for comparing substance: lower case, every run of punctuation and white space
 * made one space, trimmed. Nothing else is stripped (the layer prefix stays part of it).
 * @example normaliseSubstance("  Verifier:  Tests FAIL!") // "verifier tests fail"
 */
export function normaliseSubstance(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\s]+/gu, " ")
    .trim();
}

/**
 * The indexed key of a row's substance (approach + death reason, normalised): rows with the same
 * key are occurrences of the first one. A 128-bit hash keeps the index small at a million rows.
 * @example substanceKey("retry pip", "verifier: timeout") === substanceKey("Retry pip.", "verifier timeout")
 */
export function substanceKey(approach: string, deathReason: string): string {
  const text = `${normaliseSubstance(approach)}\n${normaliseSubstance(deathReason)}`;
  // crypto.hash (Node >= 20.12) is the one-shot fast path; createHash is the same digest.
  const digest = crypto.hash
    ? crypto.hash("sha256", text, "hex")
    : crypto.createHash("sha256").update(text).digest("hex");
  return digest.slice(0, 32);
}
