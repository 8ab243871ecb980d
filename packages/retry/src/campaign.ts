import type {
  FailureClassification,
  FailureTaxonomy,
  RecoveryAction,
  RetryDirective,
} from "@fak/taxonomy";
import { checkAttempts, checkClassification, checkHistory } from "./arguments.js";
import { decideRetry } from "./decision.js";

export interface CampaignOptions {
  /** The attempt every task just finished (1-based). */
  attempt: number;
  maxAttempts: number;
  /** Earlier attempts per task id, oldest first: enables the no-progress stop. */
  history?: Readonly<Record<string, readonly FailureClassification[]>>;
}

/** Where the directives went: every task is counted in exactly one field. */
export interface CampaignSummary {
  retried: number;
  retried_by_action: Partial<Record<RecoveryAction, number>>;
  held: number;
  exhausted: number;
  not_retryable: number;
  no_progress: number;
  passed: number;
}

export interface CampaignPlan {
  directives: RetryDirective[];
  summary: CampaignSummary;
}

/**
 * Plan the next round of a campaign: one directive per classification, in input order, and a
 * summary of how many tasks are retried (by action), held, out of attempts, not retryable,
 * stopped for lack of progress, or passed.
 * @example
 *   planCampaign(rollup(classifications), { attempt: 1, maxAttempts: 3 }).summary
 *   // { retried: 2, retried_by_action: { RETRY_PACKAGE_INSTALL: 2 }, held: 1, exhausted: 0, ... }
 */
export function planCampaign(
  input: FailureTaxonomy | readonly FailureClassification[],
  options: CampaignOptions,
): CampaignPlan {
  checkAttempts(options.attempt, options.maxAttempts);
  const classifications = isClassificationList(input) ? input : input.classifications;
  const summary: CampaignSummary = {
    retried: 0,
    retried_by_action: {},
    held: 0,
    exhausted: 0,
    not_retryable: 0,
    no_progress: 0,
    passed: 0,
  };
  const byAction = new Map<RecoveryAction, number>();
  const directives = classifications.map((raw, i) => {
    const c = checkClassification(raw, `classifications[${i}]`);
    const history = checkHistory(c, earlierAttempts(options.history, c.task_id), options.attempt);
    const { directive, outcome } = decideRetry(c, options.attempt, options.maxAttempts, history);
    if (outcome === "retry") {
      summary.retried++;
      byAction.set(directive.action, (byAction.get(directive.action) ?? 0) + 1);
    } else summary[outcome]++;
    return directive;
  });
  for (const action of [...byAction.keys()].sort())
    summary.retried_by_action[action] = byAction.get(action)!;
  return { directives, summary };
}

function isClassificationList(
  input: FailureTaxonomy | readonly FailureClassification[],
): input is readonly FailureClassification[] {
  return Array.isArray(input);
}

/** Own keys only: a task called "constructor" must not read Object.prototype as its history. */
function earlierAttempts(
  history: CampaignOptions["history"],
  taskId: string,
): readonly FailureClassification[] {
  return history && Object.hasOwn(history, taskId) ? (history[taskId] ?? []) : [];
}
