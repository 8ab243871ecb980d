import type { SecretRule } from "./rule.js";

/** A test that `text` may hold something at least one of `rules` would redact. */
export type SecretTrigger = (text: string) => boolean;

/**
 * One combined prefilter over every rule's `trigger`: a case-sensitive and a case-insensitive
 * alternation, each a single linear scan. A rule can only match where its trigger matches, so
 * text on which neither alternation matches has nothing to redact and skips the full rule set
 * (most import fields: the rules cost some 12 µs a field, the prefilter well under one).
 * @example const mayHoldSecret = combineTriggers(SECRET_RULES); mayHoldSecret("exit 1") // false
 */
export function combineTriggers(rules: readonly SecretRule[]): SecretTrigger {
  const combined = (caseless: boolean): RegExp | undefined => {
    const sources = rules
      .filter((r) => r.trigger.flags.includes("i") === caseless)
      .map((r) => `(?:${r.trigger.source})`);
    return sources.length > 0 ? new RegExp(sources.join("|"), caseless ? "i" : "") : undefined;
  };
  const exact = combined(false);
  const caseless = combined(true);
  return (text) => (exact?.test(text) ?? false) || (caseless?.test(text) ?? false);
}
