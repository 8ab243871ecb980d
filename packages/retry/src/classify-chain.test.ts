import { classify, HOLD_BYPASSING_ACTIONS } from "@fak/taxonomy";
import { reportFigure } from "@fak/vitest-config/report";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retryDirectiveFor } from "./directive.js";
import { signalsArb } from "./test-support/signals.js";

// From signals to directive through the real classifier: whatever a harness sends, a failed
// task with a dangerous block is held, and its directive never retries or bypasses it.

describe("classify then retry", () => {
  it("holds every failed task with a dangerous block, on every attempt", () => {
    const seen = { runs: 0, held: 0 };
    fc.assert(
      fc.property(
        signalsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (s, attempt, max) => {
          const c = classify(s);
          seen.runs++;
          if (c.safety_hold) seen.held++;
          const dangerous = (s.arm?.blocked_dangerous_actions?.length ?? 0) > 0;
          if (c.failed && dangerous) {
            expect(c.safety_hold).toBe(true);
            expect(c.retryable).toBe(false);
          }
          if (!dangerous) expect(c.safety_hold).toBe(false);
          const d = retryDirectiveFor(c, attempt, max);
          if (c.safety_hold) {
            expect(d.should_retry).toBe(false);
            expect(HOLD_BYPASSING_ACTIONS.has(d.action)).toBe(false);
          }
        },
      ),
    );
    reportFigure("classify then retry (generated signals)", seen);
  });

  it("classifies the same signals the same way every time", () => {
    fc.assert(
      fc.property(signalsArb, (s) => {
        expect(classify(structuredClone(s))).toEqual(classify(s));
      }),
    );
  });
});
