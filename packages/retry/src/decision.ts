import {
  type FailureClassification,
  RECOVERY_DESCRIPTIONS,
  type RetryDirective,
} from "@fak/taxonomy";
import { failureSignature, ruleOf } from "./signature.js";

/** Which way a directive went; each directive falls in exactly one bucket of a campaign summary. */
export type RetryOutcome =
  | "retry"
  | "passed"
  | "held"
  | "not_retryable"
  | "exhausted"
  | "no_progress";

export interface RetryDecision {
  directive: RetryDirective;
  outcome: RetryOutcome;
}

/**
 * The one place the policy lives. Order matters: the safety hold is checked before anything
 * else, so no later branch (and no malformed classification that also says "failed" or
 * "retryable") can hand a held task a retry or an action that could bypass the hold.
 * Arguments are already validated; `history` holds the attempts before `attempt`, oldest first.
 */
export function decideRetry(
  c: FailureClassification,
  attempt: number,
  maxAttempts: number,
  history: readonly FailureClassification[] = [],
): RetryDecision {
  const stop = (outcome: RetryOutcome, rationale: string): RetryDecision => ({
    outcome,
    directive: {
      task_id: c.task_id,
      attempt,
      should_retry: false,
      action: "NONE",
      rationale,
      safety_hold: c.safety_hold,
    },
  });
  if (c.safety_hold) {
    return stop(
      "held",
      `safety hold: ${c.reason} was a correct refusal; held for human review, never retried or bypassed`,
    );
  }
  if (!c.failed) return stop("passed", "task passed; nothing to retry");
  if (c.recovery === "ESCALATE_FOR_REVIEW") {
    return stop(
      "not_retryable",
      `${c.reason} is escalated for human review, never retried automatically`,
    );
  }
  if (!c.retryable || c.recovery === "NONE") {
    return stop(
      "not_retryable",
      `${c.category} (${c.reason}) is not retryable: no legal task-agnostic recovery applies`,
    );
  }
  if (attempt >= maxAttempts) {
    return stop(
      "exhausted",
      `attempt cap reached: attempt ${attempt} of ${maxAttempts} failed with ${c.category}; no further retry`,
    );
  }
  const repeats = repeatedOn(c, attempt, history);
  if (repeats.length > 0) {
    const rule = ruleOf(c);
    const what = rule ? `rule ${rule}` : c.reason;
    return stop(
      "no_progress",
      `no progress: the same ${c.category} failure (${what}) repeated on attempts ${listAttempts([...repeats, attempt])}`,
    );
  }
  return {
    outcome: "retry",
    directive: {
      task_id: c.task_id,
      attempt,
      should_retry: true,
      action: c.recovery,
      rationale: `attempt ${attempt} of ${maxAttempts} failed with ${c.category} (${c.reason}); retry with ${c.recovery}: ${RECOVERY_DESCRIPTIONS[c.recovery]}`,
      safety_hold: false,
    },
  };
}

/** The earlier attempt numbers whose failure has the same signature as this one. */
function repeatedOn(
  c: FailureClassification,
  attempt: number,
  history: readonly FailureClassification[],
): number[] {
  const signature = failureSignature(c);
  const first = attempt - history.length;
  const out: number[] = [];
  history.forEach((earlier, i) => {
    if (earlier.failed && failureSignature(earlier) === signature) out.push(first + i);
  });
  return out;
}

function listAttempts(attempts: readonly number[]): string {
  if (attempts.length <= 1) return attempts.join("");
  return `${attempts.slice(0, -1).join(", ")} and ${attempts[attempts.length - 1]}`;
}
