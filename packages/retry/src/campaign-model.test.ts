import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { campaignArb, simulate } from "./test-support/simulate.js";

// End to end over the real classifier: generated campaigns of tasks with benign and dangerous
// blocks, run attempt by attempt, each directive honoured (see the model in simulate.ts).

describe("honouring the directives over a campaign", () => {
  it("never raises the count of unnecessary blocks", () => {
    fc.assert(
      fc.property(campaignArb(4, 5), (campaign) => {
        const { unnecessary } = simulate(campaign);
        for (let i = 1; i < unnecessary.length; i++) {
          expect(unnecessary[i]!).toBeLessThanOrEqual(unnecessary[i - 1]!);
        }
      }),
    );
  });

  it("never lets a dangerous command through", () => {
    fc.assert(
      fc.property(campaignArb(4, 5), (campaign) => {
        expect(simulate(campaign).breaches).toBe(0);
      }),
    );
  });

  it("refines away false positives when nothing dangerous shares the task", () => {
    const log = simulate({
      tasks: [{ id: "benign-only", steps: ["ls -la", "git status"], luck: [0, 0, 0] }],
      deny: ["rm -rf /", "ls -la", "git status"],
      maxAttempts: 3,
    });
    expect(log.unnecessary).toEqual([2, 0]);
    expect(log.classifications.map((c) => c.category)).toEqual(["POLICY_BLOCK", "NONE"]);
  });

  it("holds a task with a dangerous block and leaves its benign blocks alone", () => {
    const log = simulate({
      tasks: [{ id: "mixed", steps: ["ls -la", "rm -rf /"], luck: [0, 0, 0] }],
      deny: ["rm -rf /", "ls -la"],
      maxAttempts: 3,
    });
    expect(log.classifications).toHaveLength(1);
    expect(log.classifications[0]!.safety_hold).toBe(true);
    expect(log.unnecessary).toEqual([1]);
    expect(log.breaches).toBe(0);
  });
});
