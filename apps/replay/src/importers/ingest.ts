import { join } from "node:path";
import { classify, type FailureClassification, InputError } from "@fak/taxonomy";
import { assertDirectory, listSubdirs } from "./fs-safe.js";
import { ingestHarbor, isHarborJob } from "./harbor/index.js";
import { classifyHarnessCause } from "./harness-causes.js";
import {
  type HarnessKind,
  type IngestedTrial,
  type IngestItem,
  type IngestOptions,
  type IngestRun,
  isSkipped,
  type SkippedTrial,
} from "./ingest-types.js";
import { ingestTb, isTbRun } from "./tb/index.js";

export {
  causeFromHarness,
  causeFromTbFailureMode,
  classifyHarnessCause,
} from "./harness-causes.js";
export type {
  ExpectedCounts,
  HarnessCause,
  HarnessKind,
  IngestedTrial,
  IngestItem,
  IngestOptions,
  IngestRun,
  SkippedTrial,
} from "./ingest-types.js";
export { isSkipped } from "./ingest-types.js";

/** A trial that ended in a harness error: listed apart, never in the agent's taxonomy. */
export interface HarnessErrorEntry {
  job: string;
  trial_id: string;
  task: string;
  name: string;
  reason: string;
  message?: string;
}

export interface IngestResult {
  runs: IngestRun[];
  trials: IngestedTrial[];
  skipped: SkippedTrial[];
  harness_errors: HarnessErrorEntry[];
}

/** How deep below a given folder job folders are looked for (e.g. results/<task>/<job>/). */
const JOB_SEARCH_DEPTH = 3;
/** A search that meets more folders than this was pointed at the wrong place. */
const JOB_SEARCH_MAX_DIRS = 20_000;

/**
 * The job (Harbor) or run (tb) folders at or below `dir`: the folder itself when it is one,
 * else those found up to three levels down (symlinks never entered). An InputError when
 * there are none, or when `dir` is not a directory.
 * @example await findJobs("harbor", "results/gpt-oss") // ["results/gpt-oss/fix-git/2026-04-01__23-21-41", ...]
 */
export async function findJobs(kind: HarnessKind, dir: string): Promise<string[]> {
  await assertDirectory(dir);
  const isJob = kind === "harbor" ? isHarborJob : isTbRun;
  const found: string[] = [];
  let visited = 0;
  const walk = async (d: string, depth: number): Promise<void> => {
    if (++visited > JOB_SEARCH_MAX_DIRS) {
      throw new InputError(
        { file: dir },
        `more than ${JOB_SEARCH_MAX_DIRS} folders searched for jobs; name the job folders instead`,
      );
    }
    if (await isJob(d)) {
      found.push(d);
      return;
    }
    if (depth >= JOB_SEARCH_DEPTH) return;
    for (const sub of (await listSubdirs(d)).dirs) await walk(join(d, sub), depth + 1);
  };
  await walk(dir, 0);
  if (found.length === 0) {
    const shape = kind === "harbor" ? "Harbor job folder" : "tb run folder";
    throw new InputError({ file: dir }, `not a ${shape}, and none found below it`);
  }
  return found;
}

/**
 * Import every job (Harbor) or run (tb) folder at or below `dirs`: one IngestedTrial per
 * trial, the skipped ones with their reason, one IngestRun per folder, and the harness
 * errors apart. Holds every trial in memory; use `ingestHarbor`/`ingestTb` to stream.
 * @example const { runs, trials } = await ingest("harbor", ["jobs/2026-01-15__09-30-00"]);
 */
export async function ingest(
  kind: HarnessKind,
  dirs: string[],
  opts: IngestOptions = {},
): Promise<IngestResult> {
  const jobs: string[] = [];
  for (const dir of dirs) jobs.push(...(await findJobs(kind, dir)));
  const result: IngestResult = { runs: [], trials: [], skipped: [], harness_errors: [] };
  let doneBefore = 0;
  let totalBefore = 0;
  for (const job of jobs) {
    let jobTotal = 0;
    const onProgress = (done: number, total: number) => {
      jobTotal = total;
      opts.onProgress?.(doneBefore + done, totalBefore + total);
    };
    const stream =
      kind === "harbor" ? ingestHarbor(job, { onProgress }) : ingestTb(job, { onProgress });
    result.runs.push(await drain(stream, (item) => collect(result, item)));
    doneBefore += jobTotal;
    totalBefore += jobTotal;
  }
  return result;
}

/** Drive an importer's stream to its end, handing each item on, and return its run. */
export async function drain(
  stream: AsyncGenerator<IngestItem, IngestRun>,
  onItem: (item: IngestItem) => void,
): Promise<IngestRun> {
  for (;;) {
    const next = await stream.next();
    if (next.done) return next.value;
    onItem(next.value);
  }
}

function collect(result: IngestResult, item: IngestItem): void {
  if (isSkipped(item)) {
    result.skipped.push(item);
    return;
  }
  result.trials.push(item);
  const cause = item.harness_cause;
  if (item.harness_error && cause && item.status !== "passed") {
    const entry: HarnessErrorEntry = {
      job: item.job,
      trial_id: item.trial_id,
      task: item.task,
      name: cause.name,
      reason: cause.reason,
    };
    if (cause.message) entry.message = cause.message.split("\n")[0]?.slice(0, 500) ?? "";
    result.harness_errors.push(entry);
  }
}

/**
 * Classify one imported trial as a whole: `classify(t.signals)`, whose trial-level part (the
 * harness's verdict and cause, setup, verifier, screens) decides in the taxonomy's fixed order.
 * Signals without a trial part fall back on the harness cause alone.
 * @example classifyTrial(trial) // { category: "TIMEOUT", reason: "TIMEOUT:AgentTimeoutError", ... }
 */
export function classifyTrial(t: IngestedTrial): FailureClassification {
  if (!t.signals.trial && t.status !== "passed" && t.harness_cause)
    return classifyHarnessCause(t.signals.task_id, t.harness_cause);
  return classify(t.signals);
}

/**
 * The trials the agent is scored on: every trial but those that ended in a harness error,
 * so an outage never lowers the agent's pass rate or fills its taxonomy.
 * @example const mine = agentTrials(trials).map(classifyTrial);
 */
export function agentTrials(trials: readonly IngestedTrial[]): IngestedTrial[] {
  return trials.filter((t) => t.status === "passed" || !t.harness_error);
}
