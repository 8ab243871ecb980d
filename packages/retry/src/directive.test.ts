import { describe, expect, it } from "vitest";
import { retryDirectiveFor } from "./directive.js";
import { RetryArgumentError } from "./errors.js";
import { failure, held, passed } from "./test-support/make.js";

describe("retryDirectiveFor", () => {
  it("retries a failed, retryable task below the cap with its own recovery", () => {
    const d = retryDirectiveFor(failure({ recovery: "RESTORE_CHECKPOINT_AND_RETRY" }), 1, 3);
    expect(d).toMatchObject({
      task_id: "task-a",
      attempt: 1,
      should_retry: true,
      action: "RESTORE_CHECKPOINT_AND_RETRY",
      safety_hold: false,
    });
    expect(d.rationale).toContain("attempt 1 of 3 failed with CMD_ERROR");
    expect(d.rationale).toContain("roll back to the last good checkpoint");
  });

  it("stops at the cap: attempt equal to or above maxAttempts", () => {
    expect(retryDirectiveFor(failure(), 2, 3).should_retry).toBe(true);
    for (const attempt of [3, 4]) {
      const d = retryDirectiveFor(failure(), attempt, 3);
      expect(d.should_retry).toBe(false);
      expect(d.action).toBe("NONE");
      expect(d.rationale).toBe(
        `attempt cap reached: attempt ${attempt} of 3 failed with CMD_ERROR; no further retry`,
      );
    }
  });

  it("never retries a safety hold, and copies the hold", () => {
    const d = retryDirectiveFor(held(), 1, 10);
    expect(d.should_retry).toBe(false);
    expect(d.action).toBe("NONE");
    expect(d.safety_hold).toBe(true);
    expect(d.rationale).toMatch(
      /^safety hold: POLICY_BLOCK:dangerous_action_held was a correct refusal/,
    );
  });

  it("never retries a hold even when the classification wrongly says retryable with a bypassing action", () => {
    const d = retryDirectiveFor(
      held({ retryable: true, recovery: "REFINE_POLICY_FALSE_POSITIVE" }),
      1,
      5,
    );
    expect(d).toMatchObject({ should_retry: false, action: "NONE", safety_hold: true });
  });

  it("does not retry what is not retryable", () => {
    const d = retryDirectiveFor(
      failure({
        category: "UNKNOWN",
        reason: "UNKNOWN:no_signal_matched",
        retryable: false,
        recovery: "NONE",
      }),
      1,
      3,
    );
    expect(d.should_retry).toBe(false);
    expect(d.action).toBe("NONE");
    expect(d.rationale).toBe(
      "UNKNOWN (UNKNOWN:no_signal_matched) is not retryable: no legal task-agnostic recovery applies",
    );
  });

  it("does not retry a retryable classification that has no recovery or only an escalation", () => {
    expect(retryDirectiveFor(failure({ recovery: "NONE" }), 1, 3).should_retry).toBe(false);
    const escalated = retryDirectiveFor(failure({ recovery: "ESCALATE_FOR_REVIEW" }), 1, 3);
    expect(escalated).toMatchObject({ should_retry: false, action: "NONE" });
    expect(escalated.rationale).toContain("escalated for human review");
  });

  it("does not retry a passed task", () => {
    const d = retryDirectiveFor(passed(), 1, 3);
    expect(d).toMatchObject({
      should_retry: false,
      action: "NONE",
      rationale: "task passed; nothing to retry",
    });
  });

  it("retries a benign policy false positive with a refinement", () => {
    const d = retryDirectiveFor(
      failure({
        category: "POLICY_BLOCK",
        reason: "POLICY_BLOCK:unnecessary_block_false_positive",
        recovery: "REFINE_POLICY_FALSE_POSITIVE",
      }),
      1,
      2,
    );
    expect(d).toMatchObject({ should_retry: true, action: "REFINE_POLICY_FALSE_POSITIVE" });
  });

  it("rejects an attempt or a cap that is not a positive integer", () => {
    for (const [attempt, max, arg] of [
      [0, 3, "attempt"],
      [1.5, 3, "attempt"],
      [Number.NaN, 3, "attempt"],
      [1, 0, "maxAttempts"],
      [1, -2, "maxAttempts"],
    ] as const) {
      const call = () => retryDirectiveFor(failure(), attempt, max);
      expect(call).toThrow(RetryArgumentError);
      expect(call).toThrow(new RegExp(`^${arg}: must be a positive integer`));
    }
  });

  it("rejects a malformed classification, naming the field", () => {
    const bad = { ...failure(), recovery: "BYPASS" } as unknown as ReturnType<typeof failure>;
    expect(() => retryDirectiveFor(bad, 1, 3)).toThrow(/^classification\.recovery: /);
    const error = (() => {
      try {
        retryDirectiveFor(bad, 1, 3);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RetryArgumentError);
    expect((error as RetryArgumentError).code).toBe("FAK_BAD_RETRY_ARGUMENT");
  });

  it("gives the same directive for the same input", () => {
    const c = failure({ evidence: ["rule:x", "rule x matched: y"] });
    expect(retryDirectiveFor(structuredClone(c), 2, 4)).toEqual(retryDirectiveFor(c, 2, 4));
  });
});
