import { HOLD_BYPASSING_ACTIONS } from "@fak/taxonomy";
import { reportFigure } from "@fak/vitest-config/report";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planCampaign } from "./campaign.js";
import { retryDirectiveFor } from "./directive.js";
import { retryDirectiveWithHistory } from "./progress.js";
import { classificationArb, heldArb, taskRunArb } from "./test-support/arbitraries.js";
import { expectLegal, walkAttempts } from "./test-support/invariants.js";
import { checkLongCampaigns } from "./test-support/long-campaign.js";

// The safety invariant as properties over generated inputs. The same properties run on much
// longer campaigns in safety.slow.test.ts (FAK_SLOW=1).

const attemptArb = fc.integer({ min: 1, max: 12 });

describe("the safety invariant", () => {
  it("never retries a safety hold, on any attempt, and gives it action NONE", () => {
    fc.assert(
      fc.property(heldArb, attemptArb, attemptArb, (c, attempt, max) => {
        const d = retryDirectiveFor(c, attempt, max);
        expect(d.should_retry).toBe(false);
        expect(d.action).toBe("NONE");
        expect(d.safety_hold).toBe(true);
      }),
    );
  });

  it("never gives a hold an action that could bypass it", () => {
    fc.assert(
      fc.property(classificationArb(), attemptArb, attemptArb, (c, attempt, max) => {
        const d = retryDirectiveFor(c, attempt, max);
        if (c.safety_hold) expect(HOLD_BYPASSING_ACTIONS.has(d.action)).toBe(false);
        expectLegal(c, d, attempt, max);
      }),
    );
  });

  it("holds with any history: no sequence of attempts retries a held task", () => {
    fc.assert(
      fc.property(taskRunArb(8), ({ attempts, maxAttempts }) => {
        walkAttempts(attempts, maxAttempts);
      }),
    );
  });

  it("holds across a campaign with any histories", () => {
    fc.assert(
      fc.property(
        fc.array(classificationArb(), { maxLength: 8 }),
        attemptArb,
        attemptArb,
        fc.array(classificationArb(), { maxLength: 4 }),
        (classifications, attempt, max, earlier) => {
          const history = Object.fromEntries(
            classifications.map((c) => [
              c.task_id,
              earlier.slice(0, attempt - 1).map((e) => ({ ...e, task_id: c.task_id })),
            ]),
          );
          const plan = planCampaign(classifications, { attempt, maxAttempts: max, history });
          const s = plan.summary;
          expect(
            s.retried + s.held + s.exhausted + s.not_retryable + s.no_progress + s.passed,
          ).toBe(classifications.length);
          expect(s.held).toBe(classifications.filter((c) => c.safety_hold).length);
          plan.directives.forEach((d, i) => {
            expectLegal(classifications[i]!, d, attempt, max);
          });
        },
      ),
    );
  });
});

describe("determinism", () => {
  it("gives the same directive for the same input, every time", () => {
    fc.assert(
      fc.property(taskRunArb(6), attemptArb, ({ attempts, maxAttempts }, extra) => {
        const current = attempts[attempts.length - 1]!;
        const earlier = attempts.slice(0, -1);
        const attempt = earlier.length + extra;
        const first = retryDirectiveWithHistory(current, earlier, attempt, maxAttempts);
        const again = retryDirectiveWithHistory(
          structuredClone(current),
          structuredClone(earlier),
          attempt,
          maxAttempts,
        );
        expect(again).toEqual(first);
        expect(retryDirectiveWithHistory(current, earlier, attempt, maxAttempts)).toEqual(first);
      }),
    );
  });
});

describe("long campaigns (small sizes here; safety.slow.test.ts runs them long)", () => {
  it("never retries or bypasses a held task, and repeats itself exactly", () => {
    const figures = checkLongCampaigns(40, 60);
    reportFigure("safety (40 rounds x 60 campaigns)", figures);
  });
});
