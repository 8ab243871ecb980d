// Every test in this package that classifies an outcome (the rule examples, the corpus-shaped
// cases of outcome*.test.ts, the property tests) also proves that the indexed matcher gives
// exactly the reference's answer: matchRules is wrapped to run both and throw on a difference.
import { vi } from "vitest";
import type * as MatchModule from "../rules/match.js";

/** How many tails went through both matchers in this worker (read by match.test.ts). */
export const compared = { tails: 0 };

vi.mock("../rules/match.js", async (importOriginal) => {
  const real = await importOriginal<typeof MatchModule>();
  // Indexed from the first classification, so that every one of them is a comparison.
  const { OUTCOME_RULES } = await import("../rules/index.js");
  real.indexRules(OUTCOME_RULES);
  const matchRules: typeof real.matchRules = (lines, rules, install) => {
    const fast = real.matchRules(lines, rules, install);
    const reference = real.matchRulesReference(
      lines,
      rules,
      typeof install === "boolean" ? install : install(),
    );
    const show = (ms: MatchModule.Match[]) => ms.map((m) => `${m.rule.id}@${m.index}:${m.line}`);
    const same =
      fast.length === reference.length &&
      fast.every((m, i) => {
        const r = reference[i]!;
        return m.rule === r.rule && m.index === r.index && m.line === r.line;
      });
    if (!same)
      throw new Error(
        `indexed and reference matchers differ on ${JSON.stringify(lines)} (install ${typeof install === "boolean" ? install : install()}): ` +
          `${JSON.stringify(show(fast))} vs ${JSON.stringify(show(reference))}`,
      );
    compared.tails++;
    return fast;
  };
  return { ...real, matchRules };
});
