import { describe, expect, it } from "vitest";
import type { OutcomeCode } from "../codes.js";
import { normalizeStderr } from "../normalize.js";
import { classifyOutcome } from "../outcome.js";
import type { OutcomeRule } from "../rules/rule.js";

/**
 * The checks every rule table gets: each rule has a written example, the rule's pattern matches a
 * line of it, and the whole classifier puts it in the table's category. Install-only rules are
 * run under an install command.
 */
export function describeRuleExamples(
  category: OutcomeCode,
  rules: readonly OutcomeRule[],
  examples: Readonly<Record<string, string>>,
): void {
  describe(`${category} rules`, () => {
    it("has an example for every rule", () => {
      expect(rules.map((r) => r.id).filter((id) => !(id in examples))).toEqual([]);
    });
    for (const rule of rules) {
      it(`${rule.id} matches its example, which classifies as ${category}`, () => {
        const stderr = examples[rule.id]!;
        const lines = normalizeStderr(stderr).split("\n");
        expect(lines.some((l) => rule.pattern.test(l))).toBe(true);
        const command = rule.when === "install" ? "pip install quuxlib" : "./run-step.sh";
        expect(classifyOutcome({ command, exit_code: 1, stderr }).category).toBe(category);
      });
    }
  });
}
