import { type FailureClassification, HOLD_BYPASSING_ACTIONS } from "@fak/taxonomy";
import fc from "fast-check";
import { expect } from "vitest";
import { planCampaign } from "../campaign.js";
import { retryDirectiveWithHistory } from "../progress.js";
import { classificationArb, taskIdArb } from "./arbitraries.js";
import { expectLegal } from "./invariants.js";

/**
 * A long campaign: rounds of classifications for a handful of tasks, each round planned with
 * the real history so far and with attempt numbers that may skip ahead (a harness that lost
 * some attempts). Checks the safety invariant and determinism on every directive; returns how
 * many campaigns, directives and held directives it checked (for the reliability report).
 */
export function checkLongCampaigns(
  rounds: number,
  numRuns: number,
): {
  campaigns: number;
  directives: number;
  heldDirectives: number;
  heldRetriedOrBypassed: number;
} {
  const seen = { campaigns: 0, directives: 0, heldDirectives: 0, heldRetriedOrBypassed: 0 };
  const roundArb = fc.array(classificationArb(taskIdArb), { minLength: 1, maxLength: 5 });
  fc.assert(
    fc.property(
      fc.array(fc.tuple(roundArb, fc.nat(2)), {
        minLength: Math.ceil(rounds / 2),
        maxLength: rounds,
      }),
      fc.integer({ min: 1, max: rounds + 3 }),
      (plan, maxAttempts) => {
        seen.campaigns++;
        const history = new Map<string, FailureClassification[]>();
        // attempts only move forward, so a task's history is always shorter than its attempt
        let attempt = 0;
        for (const [round, skip] of plan) {
          attempt += 1 + skip;
          const byTask = new Map(round.map((c) => [c.task_id, c]));
          const earlier = Object.fromEntries(
            [...byTask.keys()].map((id) => [id, history.get(id) ?? []]),
          );
          const { directives } = planCampaign([...byTask.values()], {
            attempt,
            maxAttempts,
            history: earlier,
          });
          directives.forEach((d, i) => {
            const c = [...byTask.values()][i]!;
            seen.directives++;
            if (c.safety_hold) seen.heldDirectives++;
            if (c.safety_hold && (d.should_retry || HOLD_BYPASSING_ACTIONS.has(d.action)))
              seen.heldRetriedOrBypassed++;
            expectLegal(c, d, attempt, maxAttempts);
            const again = retryDirectiveWithHistory(
              structuredClone(c),
              structuredClone(earlier[c.task_id]!),
              attempt,
              maxAttempts,
            );
            expect(again).toEqual(d);
          });
          for (const [id, c] of byTask) history.set(id, [...(history.get(id) ?? []), c]);
        }
      },
    ),
    { numRuns },
  );
  return seen;
}
