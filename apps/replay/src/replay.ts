import type { FailureTaxonomy, RetryDirective } from "@fak/taxonomy";
import { judgeTrials, type PipelineOptions } from "./pipeline.js";
import { buildReport, type ReplayOptions } from "./report.js";
import type { CommandReport, TaskReport } from "./report-schema.js";
import { checkSuite, loadSuite } from "./suite.js";
import type { CommandSuite, CommandSuiteInput } from "./suite-schema.js";
import type { Trial } from "./trial.js";

/** What `fak replay --json` prints. */
export interface ReplayResult {
  report: CommandReport;
  taxonomy: FailureTaxonomy;
  directives: RetryDirective[];
}

/** The agent name fixture trials are recorded under. */
export const FIXTURE_AGENT = "fixture-replay";

/**
 * Replay a suite end to end: both arms, the report, then the fak arm of every task
 * classified, rolled up and given its retry directive (failed tasks only).
 * A path is loaded from disk; an object is validated as if it came from "(suite)".
 * @example const { report, taxonomy, directives } = replaySuite("examples/suites/demo.json")
 */
export function replaySuite(
  suite: string | CommandSuiteInput,
  opts: ReplayOptions & Pick<PipelineOptions, "attempt" | "maxAttempts"> = {},
): ReplayResult {
  const loaded: CommandSuite =
    typeof suite === "string" ? loadSuite(suite) : checkSuite(suite, "(suite)");
  const report = buildReport(loaded, opts);
  const { taxonomy, directives } = judgeTrials(replayTrials(report), opts);
  return { report, taxonomy, directives };
}

/**
 * The fak arm of every task as pipeline trials, ready for `runPipeline` (to record deaths).
 * Signals carry the budget, the milestones, the arm and the tests as the arm saw them: a
 * recorded test counts as passed only where the arm reached every milestone.
 * @example await runPipeline(replayTrials(report), { store, record: true })
 */
export function replayTrials(report: CommandReport): Trial[] {
  return report.tasks.map((task) => ({
    signals: fakArmSignals(task),
    meta: fakArmMeta(report, task),
  }));
}

function fakArmSignals(task: TaskReport) {
  const arm = task.fak;
  const reached = arm.milestones_completed.length === task.milestones.length;
  return {
    task_id: task.id,
    budget_turns: task.budget_turns,
    required_milestones: [...task.milestones],
    completed_milestones: [...arm.milestones_completed],
    tests: task.tests.map((t) => ({ ...t, passed: t.passed && reached })),
    arm: {
      task_success: arm.task_success,
      test_success: arm.test_success,
      commands: arm.commands,
      executed_commands: arm.executed_commands,
      denied_commands: arm.denied_commands,
      blocked_dangerous_actions: arm.blocked_dangerous_actions,
      unnecessary_blocks: arm.unnecessary_blocks,
    },
  };
}

function fakArmMeta(report: CommandReport, task: TaskReport): Trial["meta"] {
  const arm = task.fak;
  const blocked = arm.blocked_dangerous_actions[0] ?? arm.unnecessary_blocks[0];
  const executed = arm.verdicts.filter((e) => e.verdict === "ALLOW" || e.verdict === "TRANSFORM");
  const step = blocked?.command ?? executed.at(-1)?.command;
  const failing =
    arm.milestones_completed.length === task.milestones.length
      ? task.tests.find((t) => !t.passed)
      : undefined;
  return {
    agent: FIXTURE_AGENT,
    model: report.model,
    harness: "fixture",
    trial_id: `fixture:${task.id}`,
    task: `${task.id}: ${task.goal}`,
    ...(step === undefined ? {} : { last_failing_step: step }),
    ...(failing === undefined ? {} : { failing_test: failing.name }),
  };
}
