import { isWordLike } from "./entropy.js";
import type { PatternRule } from "./rule.js";

/**
 * The same rule for the key folded to lower case. A key whose shape has fixed capitals (`AKIA`,
 * `SK`, `SG.`, `AIza`, `HRKU-`, `AGE-SECRET-KEY-1`, `eyJ`) is still that key once folded, and
 * folded copies are printed: evidence quotes the line a rule matched case-folded (`rule
 * pip.no_satisfying_version matched: error: akia...`). The pattern is the rule's own with the
 * `i` flag (no new pattern, so no new backtracking); a match counts only when it is all lower
 * case (the rule itself reads the original case) and looks generated: a digit in it, or letters
 * that do not read as words (`asiapacificregions` is kept).
 * @example foldedRule(awsRule) finds "akiaiosfodnn7example" in "error: akiaiosfodnn7example"
 */
export function foldedRule(rule: PatternRule): PatternRule {
  const flags = rule.pattern.flags.includes("i") ? rule.pattern.flags : `${rule.pattern.flags}i`;
  return {
    kind: rule.kind,
    trigger: new RegExp(rule.trigger.source, "i"),
    pattern: new RegExp(rule.pattern.source, flags),
    accept: (secret, match) =>
      secret === secret.toLowerCase() &&
      (/\d/.test(secret) || !isWordLike(secret)) &&
      (rule.accept?.(secret, match) ?? true),
  };
}

/** Every rule of `rules` whose kind is in `kinds`, folded (see `foldedRule`). */
export function foldedRules(
  rules: readonly PatternRule[],
  kinds: readonly string[],
): PatternRule[] {
  return rules.filter((r) => kinds.includes(r.kind)).map(foldedRule);
}
