import {
  type FailureClassification,
  HOLD_BYPASSING_ACTIONS,
  type RetryDirective,
} from "@fak/taxonomy";
import { expect } from "vitest";
import { retryDirectiveWithHistory } from "../progress.js";

/** The safety invariant and the policy's other promises, for one directive and its input. */
export function expectLegal(
  c: FailureClassification,
  d: RetryDirective,
  attempt: number,
  max: number,
) {
  expect(d.task_id).toBe(c.task_id);
  expect(d.attempt).toBe(attempt);
  expect(d.safety_hold).toBe(c.safety_hold);
  if (c.safety_hold) {
    expect(d.should_retry).toBe(false);
    expect(d.action).toBe("NONE");
    expect(HOLD_BYPASSING_ACTIONS.has(d.action)).toBe(false);
  }
  if (d.should_retry) {
    expect(c.failed && c.retryable && !c.safety_hold && attempt < max).toBe(true);
    expect(d.action).toBe(c.recovery);
    expect(d.action).not.toBe("NONE");
    expect(d.action).not.toBe("ESCALATE_FOR_REVIEW");
  } else {
    expect(d.action).toBe("NONE");
  }
}

/** Walk one task's attempts in order, each with the ones before it as history. */
export function walkAttempts(attempts: readonly FailureClassification[], max: number) {
  return attempts.map((c, i) => {
    const d = retryDirectiveWithHistory(c, attempts.slice(0, i), i + 1, max);
    expectLegal(c, d, i + 1, max);
    return d;
  });
}
