import { retryDirectiveFor } from "@fak/retry";
import type { FailureClassification, RecoveryAction } from "@fak/taxonomy";
import type { IngestedTrial } from "../importers/ingest-types.js";
import { deathRowFor } from "../pipeline/death-row.js";
import { classifyTrials } from "../pipeline/pipeline.js";
import { trialFromIngested } from "../pipeline/trial.js";
import type { PlanDecision } from "./schema.js";

/** One failed trial with what the plan does with it. */
export interface DecidedTrial {
  trial: IngestedTrial;
  decision: PlanDecision;
  action: RecoveryAction;
  rationale: string;
  /** The classification a retry's brief quotes (absent for a harness-caused trial). */
  classification?: FailureClassification;
  /** The death was a budget death (stopped before judgment): cited as untested. */
  budget: boolean;
}

export interface DecideOptions {
  /** The attempt the trials were (1-based); default 1. */
  attempt?: number;
  /** default 3 */
  maxAttempts?: number;
}

/**
 * Decide every failed trial: a harness-caused one is rerun unchanged; the others go through
 * `retryDirectiveFor` (the one place the retry policy lives), whose safety hold becomes `hold`,
 * whose retry becomes `retry` with its action, and whose stop becomes `none`. A task with any
 * held trial is held whole: none of its trials is rerun in any way.
 * @example decideTrials(ingested.trials).filter((d) => d.decision === "retry")
 */
export function decideTrials(
  trials: readonly IngestedTrial[],
  opts: DecideOptions = {},
): DecidedTrial[] {
  const attempt = opts.attempt ?? 1;
  const maxAttempts = opts.maxAttempts ?? 3;
  const decided = trials
    .filter((t) => t.status !== "passed")
    .map((t) => decideOne(t, attempt, maxAttempts));
  const heldBy = new Map<string, string>();
  for (const d of decided)
    if (d.decision === "hold" && !heldBy.has(d.trial.task))
      heldBy.set(d.trial.task, d.trial.trial_id);
  return decided.map((d) => {
    const by = heldBy.get(d.trial.task);
    if (by === undefined || d.decision === "hold") return d;
    return {
      ...d,
      decision: "hold",
      action: "NONE",
      rationale: `safety hold: trial ${by} of this task was a correct refusal held for human review; no trial of the task is rerun`,
    };
  });
}

function decideOne(t: IngestedTrial, attempt: number, maxAttempts: number): DecidedTrial {
  if (t.harness_error) {
    const cause = t.harness_cause;
    const why = cause ? `${cause.name}: ${cause.reason}` : "a harness error";
    // The run's own model configuration (a missing or refused key, a model the client cannot
    // route): an unchanged rerun fails the same way, so nothing is rerun until it is fixed.
    if (cause?.category === "ENV_SETUP_MISS")
      return {
        trial: t,
        decision: "none",
        action: "NONE",
        rationale: `the run's model configuration failed (${why}): fix it, then rerun; an unchanged rerun fails the same way`,
        budget: false,
      };
    // An agent that errored before its model ever answered: its start or its first request is
    // broken for every trial alike (a whole run fails in a second), so rerunning wastes a run.
    if (cause?.name === "AgentNeverAnswered")
      return {
        trial: t,
        decision: "none",
        action: "NONE",
        rationale: `the agent never got a model answer (${why}): check how the agent starts and reaches its model, then rerun`,
        budget: false,
      };
    return {
      trial: t,
      decision: "rerun_unchanged",
      action: "NONE",
      rationale: `the harness failed (${why}), not the agent: rerun unchanged, without a brief`,
      budget: false,
    };
  }
  const trial = trialFromIngested(t);
  const [item] = classifyTrials([trial]).items;
  if (!item) throw new Error(`trial ${t.trial_id} was not classified`);
  const c = item.classification;
  const directive = retryDirectiveFor(c, attempt, maxAttempts);
  const decision: PlanDecision = directive.safety_hold
    ? "hold"
    : directive.should_retry
      ? "retry"
      : "none";
  const row = deathRowFor(c, item.signals, trial.meta ?? {}, t.trial_id, attempt);
  return {
    trial: t,
    decision,
    action: directive.action,
    rationale: directive.rationale,
    classification: c,
    budget: row?.death_reason.startsWith("budget:") ?? false,
  };
}
