import { join } from "node:path";
import type { TestResult } from "@fak/taxonomy";
import { noted, readOptional } from "../fs-safe.js";
import { causeFromTbFailureMode } from "../harness-causes.js";
import { buildMeta, buildSignals, firstAssertion, statusOf } from "../ingest-common.js";
import { readTrialResult } from "../ingest-stream.js";
import type { IngestedTrial, SkippedTrial } from "../ingest-types.js";
import { readAgentLog } from "./agent-log.js";
import { type TbTrialResult, tbTrialResultSchema } from "./schemas.js";

/** Run-level facts a trial falls back on. */
export interface TbRunContext {
  job: string;
  agent?: string;
  model?: string;
}

const TESTS_LOG_TAIL = 256 * 1024;

/**
 * Read one tb trial folder (`<task>.K-of-N[.<run_id>]`) into an IngestedTrial, or say why it
 * was skipped. `is_resolved: true` is a pass even when `failure_mode` says the agent timed out.
 * @example await readTbTrial("runs/r1/hello-world/hello-world.1-of-1.r1", { job: "r1" });
 */
export async function readTbTrial(
  dir: string,
  name: string,
  ctx: TbRunContext,
): Promise<IngestedTrial | SkippedTrial> {
  const skip = (reason: string): SkippedTrial => ({ job: ctx.job, trial: name, reason });
  const read = await readTrialResult(join(dir, "results.json"), tbTrialResultSchema, "tb");
  if (!read.ok) return skip(read.reason);
  const result = read.value;
  const notes: string[] = [];
  const passed = result.is_resolved === true;
  const cause = causeFromTbFailureMode(result.failure_mode);
  const tests = testsOf(result);
  const log = await noted(notes, () => readAgentLog(join(dir, "sessions", "agent.log")));
  if (log?.truncated)
    notes.push(`${join(dir, "sessions", "agent.log")}: only the first part was scanned`);
  const outcomes = log?.outcomes ?? [];
  let assertion = firstAssertion(tests.find((t) => !t.passed)?.name);
  if (!assertion && !passed && tests.some((t) => !t.passed)) {
    const testsLog = await noted(notes, () =>
      readOptional(join(dir, "sessions", "tests.log"), { maxBytes: TESTS_LOG_TAIL, tail: true }),
    );
    assertion = firstAssertion(testsLog?.text);
  }
  const trialId = result.trial_name || name;
  const trial: IngestedTrial = {
    harness: "tb",
    job: ctx.job,
    trial_id: trialId,
    task: result.task_id || name.replace(/\.\d+-of-\d+(?:\..*)?$/, ""),
    status: statusOf(passed, cause),
    signals: buildSignals({ taskId: trialId, passed, tests, outcomes }),
    meta: buildMeta(outcomes, tests, assertion),
  };
  if (log?.plan !== undefined) trial.meta.plan = log.plan;
  if (ctx.agent) trial.agent = ctx.agent;
  if (ctx.model) trial.model = ctx.model;
  if (cause) {
    trial.harness_cause = cause;
    trial.harness_error = !cause.agent_fault;
  }
  if (notes.length) trial.notes = notes;
  return trial;
}

/** parser_results: one entry per test, `passed` or `failed` (other statuses are not verdicts). */
function testsOf(result: TbTrialResult): TestResult[] {
  const tests: TestResult[] = [];
  for (const [name, status] of Object.entries(result.parser_results ?? {})) {
    if (status === "passed" || status === "failed") {
      tests.push({ name, passed: status === "passed", source: "results.json:parser_results" });
    }
  }
  return tests;
}
