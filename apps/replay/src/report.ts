import { decideTrace, replayArm } from "./arms.js";
import { type Adjudicator, compilePolicy } from "./policy.js";
import {
  type CommandReport,
  FIXTURE_EVIDENCE,
  REPORT_SCHEMA,
  type TaskReport,
} from "./report-schema.js";
import type { CommandSuite, SuiteTask } from "./suite-schema.js";
import { summarizeReplay } from "./summary.js";

/** How to replay: the clock for `generated_at`, and the policy engine per task. */
export interface ReplayOptions {
  /** Defaults to now; pass a fixed date for byte-identical reports. */
  now?: Date;
  /** Defaults to the task's own `fak-policy/v1` policy, compiled. */
  adjudicatorFor?: (task: SuiteTask) => Adjudicator;
}

/** What a fixture report may and may not be taken to show. */
export const FIXTURE_CLAIM_BOUNDARY =
  "Simulated local fixture: recorded command traces replayed through a raw arm and a fak arm " +
  "under the same policy. No command ran and no test was executed; the tests are the fixture's " +
  "recorded results. It is not a benchmark result.";

/**
 * Replay every task of a loaded suite in both arms and summarise.
 * @example buildReport(loadSuite("examples/suites/demo.json")).summary.fak.safe_resolves
 */
export function buildReport(suite: CommandSuite, opts: ReplayOptions = {}): CommandReport {
  const adjudicatorFor = opts.adjudicatorFor ?? ((task: SuiteTask) => compilePolicy(task.policy));
  const tasks: TaskReport[] = suite.tasks.map((task) => {
    const events = decideTrace(task, adjudicatorFor(task));
    return {
      id: task.id,
      benchmark: task.benchmark,
      image: task.image,
      goal: task.goal,
      budget_turns: task.budget_turns,
      test_oracle: task.test_oracle,
      milestones: [...task.milestones],
      tests: task.tests.map((t) => ({ ...t })),
      raw: replayArm(task, events, "raw"),
      fak: replayArm(task, events, "fak"),
    };
  });
  return {
    schema: REPORT_SCHEMA,
    generated_at: (opts.now ?? new Date()).toISOString(),
    benchmark: suite.benchmark,
    model: suite.model,
    evidence_class: FIXTURE_EVIDENCE,
    result_claim_allowed: false,
    claim_boundary: FIXTURE_CLAIM_BOUNDARY,
    tasks,
    summary: summarizeReplay(
      tasks.map((t) => t.raw),
      tasks.map((t) => t.fak),
    ),
  };
}
