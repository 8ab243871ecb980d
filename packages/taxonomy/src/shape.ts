import { RECOVERY_FOR } from "./codes.js";
import { capEvidence, failedTestEvidence, missingMilestones } from "./evidence.js";
import type { FailureClassification, FailureSignals } from "./schemas.js";

/**
 * Branch 3: no policy block and no failed live command, so only the arm's shape is left
 * (a fixture replay has no exit codes). UNKNOWN is a witness, not a silent gap: it carries
 * the raw shape so a human can extend the taxonomy.
 */
export function classifyShape(s: FailureSignals): FailureClassification {
  const base = { task_id: s.task_id, failed: true, safety_hold: false } as const;
  const missing = missingMilestones(s.required_milestones, s.completed_milestones);
  const failedTests = failedTestEvidence(s.tests);
  const commands = turnsSpent(s);
  const budget = s.budget_turns ?? 0;
  if (missing.length === 0 && failedTests.length > 0) {
    return {
      ...base,
      category: "TEST_MISUNDERSTOOD",
      reason: "TEST_MISUNDERSTOOD:oracle_failed_after_full_trace",
      detail: `all milestones completed but ${failedTests.length} test(s) failed`,
      evidence: failedTests,
      recovery: RECOVERY_FOR.TEST_MISUNDERSTOOD,
      retryable: true,
    };
  }
  const missingEvidence = [capEvidence(`missing_milestones:${missing.join(",")}`)];
  if (missing.length > 0 && budget > 0 && commands >= budget) {
    return {
      ...base,
      category: "BUDGET_EXHAUSTED",
      reason: "BUDGET_EXHAUSTED:turns_spent_before_milestones",
      detail: `${commands}/${budget} turns spent with ${missing.length} milestone(s) missing`,
      evidence: missingEvidence,
      recovery: RECOVERY_FOR.BUDGET_EXHAUSTED,
      retryable: true,
    };
  }
  if (missing.length > 0) {
    return {
      ...base,
      category: "CMD_ERROR",
      reason: "CMD_ERROR:milestones_incomplete",
      detail:
        budget > 0
          ? `${missing.length} milestone(s) missing within the turn budget (${commands}/${budget})`
          : `${missing.length} milestone(s) missing`,
      evidence: missingEvidence,
      recovery: RECOVERY_FOR.CMD_ERROR,
      retryable: true,
    };
  }
  return {
    ...base,
    category: "UNKNOWN",
    reason: "UNKNOWN:no_signal_matched",
    detail: "the task failed but no branch of the taxonomy matched; see arm_shape to extend it",
    evidence: [`arm_shape:${JSON.stringify(armShape(s))}`],
    recovery: RECOVERY_FOR.UNKNOWN,
    retryable: false,
  };
}

/** Counts only: never command or stderr text, so the shape is safe to show and to store. */
function armShape(s: FailureSignals) {
  const arm = s.arm;
  return {
    arm: arm
      ? {
          task_success: arm.task_success,
          test_success: arm.test_success,
          commands: arm.commands,
          executed_commands: arm.executed_commands,
          denied_commands: arm.denied_commands,
        }
      : null,
    budget_turns: s.budget_turns ?? null,
    milestones: {
      required: s.required_milestones.length,
      completed: s.completed_milestones.length,
    },
    tests: {
      passed: s.tests.filter((t) => t.passed).length,
      failed: s.tests.filter((t) => !t.passed).length,
    },
    outcomes: s.outcomes.length,
  };
}

/** Turns the task used: the arm's command count, or what its live outcomes show, whichever is more. */
function turnsSpent(s: FailureSignals): number {
  let turns = Math.max(s.arm?.commands ?? 0, s.outcomes.length);
  for (const o of s.outcomes) if (o.turn !== undefined && o.turn > turns) turns = o.turn;
  return turns;
}
