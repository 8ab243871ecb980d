// Every test in this package that classifies an outcome (the rule examples, the corpus-shaped
// cases of outcome*.test.ts, the property tests) also proves that the indexed matcher gives
// exactly the reference's answer: matchTail (what classifyOutcome calls) and matchRules are
// wrapped to run both and throw on a difference, in rule, line and line index.
import { vi } from "vitest";
import type { NormalizedTail } from "../normalize.js";
import type * as MatchModule from "../rules/match.js";

/** How many tails went through both matchers in this worker (read by match.test.ts). */
export const compared = { tails: 0 };

vi.mock("../rules/match.js", async (importOriginal) => {
  const real = await importOriginal<typeof MatchModule>();
  // Indexed from the first classification, so that every one of them is a comparison.
  const { OUTCOME_RULES } = await import("../rules/index.js");
  real.indexRules(OUTCOME_RULES);
  const check = (
    fast: MatchModule.Match[],
    lines: readonly string[],
    rules: Parameters<typeof real.matchRules>[1],
    install: boolean | (() => boolean),
  ) => {
    const flag = typeof install === "boolean" ? install : install();
    const reference = real.matchRulesReference(lines, rules, flag);
    const show = (ms: MatchModule.Match[]) => ms.map((m) => `${m.rule.id}@${m.index}:${m.line}`);
    const same =
      fast.length === reference.length &&
      fast.every((m, i) => {
        const r = reference[i]!;
        return m.rule === r.rule && m.index === r.index && m.line === r.line;
      });
    if (!same)
      throw new Error(
        `indexed and reference matchers differ on ${JSON.stringify(lines)} (install ${flag}): ` +
          `${JSON.stringify(show(fast))} vs ${JSON.stringify(show(reference))}`,
      );
    compared.tails++;
    return fast;
  };
  const matchRules: typeof real.matchRules = (lines, rules, install) =>
    check(real.matchRules(lines, rules, install), lines, rules, install);
  const matchTail: typeof real.matchTail = (tail: NormalizedTail, rules, install) =>
    check(real.matchTail(tail, rules, install), tail.lines(), rules, install);
  return { ...real, matchRules, matchTail };
});
