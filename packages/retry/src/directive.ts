import type { FailureClassification, RetryDirective } from "@fak/taxonomy";
import { checkAttempts, checkClassification } from "./arguments.js";
import { decideRetry } from "./decision.js";

/**
 * Decide whether a classified failure is retried after attempt `attempt` (1-based) of at most
 * `maxAttempts`. Only a failed, retryable, non-held task below the cap is retried, with the
 * classification's own recovery. A safety hold is never retried and always gets action NONE.
 * Throws RetryArgumentError on a bad attempt, cap or classification.
 * @example
 *   retryDirectiveFor(classification, 1, 3)
 *   // { task_id: "fix-git", attempt: 1, should_retry: true, action: "RETRY_PACKAGE_INSTALL", ... }
 */
export function retryDirectiveFor(
  classification: FailureClassification,
  attempt: number,
  maxAttempts: number,
): RetryDirective {
  checkAttempts(attempt, maxAttempts);
  return decideRetry(checkClassification(classification, "classification"), attempt, maxAttempts)
    .directive;
}
