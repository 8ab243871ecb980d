import type { FailureClassification, RetryDirective } from "@fak/taxonomy";
import { checkAttempts, checkClassification, checkHistory } from "./arguments.js";
import { decideRetry } from "./decision.js";

/**
 * retryDirectiveFor with a memory of the task's earlier attempts: when this failure has the
 * same signature (see failureSignature) as an earlier one, retrying again is paying twice for
 * the same dead end, so the directive stops with a "no progress" rationale. `history` holds
 * the classifications of the attempts before `attempt`, oldest first (so at most attempt - 1).
 * @example
 *   retryDirectiveWithHistory(second, [first], 2, 5)
 *   // { should_retry: false, action: "NONE",
 *   //   rationale: "no progress: the same PKG_INSTALL failure (rule ...) repeated on attempts 1 and 2" }
 */
export function retryDirectiveWithHistory(
  classification: FailureClassification,
  history: readonly FailureClassification[],
  attempt: number,
  maxAttempts: number,
): RetryDirective {
  checkAttempts(attempt, maxAttempts);
  const c = checkClassification(classification, "classification");
  return decideRetry(c, attempt, maxAttempts, checkHistory(c, history, attempt)).directive;
}
