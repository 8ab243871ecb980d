import {
  type CommandOutcome,
  classify,
  type FailureSignals,
  lastFailedOutcome,
  type TestResult,
} from "@fak/taxonomy";
import type { HarnessCause, IncompleteTrial, IngestedTrial } from "./ingest-types.js";

// The assembly of one trial from what an importer read: its FailureSignals, the meta people
// read (last failing step, first failing test and assertion), its status and who failed.

/** The signals of one trial. The arm says only pass or fail: a harness run has no policy verdicts. */
export function buildSignals(o: {
  taskId: string;
  passed: boolean;
  tests: TestResult[];
  outcomes: CommandOutcome[];
  /** Commands issued, exit code known or not (default: the outcomes). */
  issued?: number;
  budgetTurns?: number | undefined;
}): FailureSignals {
  const commands = Math.max(o.issued ?? 0, o.outcomes.length);
  const signals: FailureSignals = {
    task_id: o.taskId,
    required_milestones: [],
    completed_milestones: [],
    tests: o.tests,
    arm: {
      task_success: o.passed,
      test_success: o.passed,
      commands,
      executed_commands: commands,
      denied_commands: 0,
      blocked_dangerous_actions: [],
      unnecessary_blocks: [],
    },
    outcomes: o.outcomes,
  };
  if (o.budgetTurns !== undefined) signals.budget_turns = o.budgetTurns;
  return signals;
}

/** Where a failed trial went wrong, for people: last failed command, first failing test, first assertion. */
export function buildMeta(
  outcomes: CommandOutcome[],
  tests: TestResult[],
  assertion?: string,
): IngestedTrial["meta"] {
  const meta: IngestedTrial["meta"] = {};
  const lastFailed = lastFailedOutcome(outcomes);
  if (lastFailed?.command) meta.last_failing_step = lastFailed.command.slice(0, 500);
  const failing = tests.find((t) => !t.passed);
  if (failing) meta.failing_test = failing.name;
  if (assertion) meta.first_assertion = assertion;
  return meta;
}

/** passed when the harness says so; errored when it recorded a cause; else failed. */
export function statusOf(
  passed: boolean,
  cause: HarnessCause | undefined,
): IngestedTrial["status"] {
  if (passed) return "passed";
  return cause ? "errored" : "failed";
}

/**
 * Judge a read trial once and mark who its failure belongs to: `harness_error` (kept out of the
 * agent's pass rate and taxonomy) and `setup_failure` (the agent never got to work). A trial
 * whose harness recorded a cause that is the agent's gets `harness_error: false`.
 */
export function markAttribution(trial: IngestedTrial): void {
  if (trial.status === "passed") return;
  const who = classify(trial.signals).attribution;
  if (who === "harness") trial.harness_error = true;
  else if (trial.harness_cause) trial.harness_error = false;
  if (who === "setup") trial.setup_failure = true;
}

/**
 * Why a trial without the harness's verdict went wrong, as far as the files it has tell (its
 * `incomplete.judged`): its classification, never counted as a failure.
 */
export function judgedIncomplete(signals: FailureSignals): NonNullable<IncompleteTrial["judged"]> {
  const c = classify(signals);
  const judged: NonNullable<IncompleteTrial["judged"]> = {
    category: c.category,
    reason: c.reason,
    attribution: c.attribution ?? "agent",
  };
  if (c.decided_by) judged.decided_by = c.decided_by;
  return judged;
}
