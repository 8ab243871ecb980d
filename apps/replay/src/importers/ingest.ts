import { basename, dirname, join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { assertDirectory, listSubdirs } from "../files/fs-safe.js";
import { ingestHarbor, isHarborJob, isHarborTrial } from "./harbor/index.js";
import {
  type HarnessKind,
  type IngestedTrial,
  type IngestItem,
  type IngestOptions,
  type IngestRun,
  isSkipped,
  type RunCounts,
  type SkippedTrial,
} from "./ingest-types.js";
import { sumCounts } from "./run-counts.js";
import { hasRunFiles, ingestTb, isTbRun, isTbTrial, tbTrialIdentity } from "./tb/index.js";

export {
  causeFromHarness,
  causeFromTbFailureMode,
  classifyHarnessCause,
} from "./harness-causes.js";
export type {
  ExpectedCounts,
  HarnessCause,
  HarnessKind,
  IncompleteTrial,
  IngestedTrial,
  IngestItem,
  IngestOptions,
  IngestRun,
  ListedVerdict,
  RunCounts,
  SkippedTrial,
  TrialClass,
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
  /** The runs' `counts` together: every trial of the input in exactly one class. */
  counts: RunCounts;
  trials: IngestedTrial[];
  skipped: SkippedTrial[];
  harness_errors: HarnessErrorEntry[];
}

/**
 * How deep below a given folder job folders are looked for: first three levels (results/<task>/<job>/),
 * and only when those hold none, deeper, for a repository that keeps its jobs deep in its own
 * layout (runs/experiments/<name>/legs/<leg>/harbor/<job>/). The folder cap bounds both.
 */
const JOB_SEARCH_DEPTH = 3;
const DEEP_JOB_SEARCH_DEPTH = 8;
/** A search that meets more folders than this was pointed at the wrong place. */
const JOB_SEARCH_MAX_DIRS = 20_000;
/** Folders the deeper search never enters: hidden ones, packages, build output, environments. */
const NEVER_JOBS = /^(?:\..*|node_modules|__pycache__|venv|env|target|build|dist|out)$/;

/**
 * The job (Harbor) or run (tb) folders at or below `dir`: the folder itself when it is one,
 * else those found up to three levels down, else (none there) up to eight levels down, hidden,
 * package, build and environment folders left out (symlinks never entered; at most 20,000
 * folders searched). An InputError when there are none, or when `dir` is not a directory.
 * @example await findJobs("harbor", "results/gpt-oss") // ["results/gpt-oss/fix-git/2026-04-01__23-21-41", ...]
 */
export async function findJobs(kind: HarnessKind, dir: string): Promise<string[]> {
  await assertDirectory(dir);
  const isJob = kind === "harbor" ? isHarborJob : isTbRun;
  const search = async (maxDepth: number, skip: (name: string) => boolean) => {
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
      if (depth >= maxDepth) return;
      for (const sub of (await listSubdirs(d)).dirs)
        if (!skip(sub)) await walk(join(d, sub), depth + 1);
    };
    await walk(dir, 0);
    return found;
  };
  const near = await search(JOB_SEARCH_DEPTH, () => false);
  if (near.length > 0) return near;
  const deep = await search(DEEP_JOB_SEARCH_DEPTH, (name) => NEVER_JOBS.test(name));
  if (deep.length === 0) {
    const what = kind === "harbor" ? "Harbor job" : "tb run";
    throw new InputError(
      { file: dir },
      `no ${what} found in ${dir} (searched ${DEEP_JOB_SEARCH_DEPTH} levels down)`,
    );
  }
  return deep;
}

/** A job to read, and when the path named one trial folder, just that trial. */
export interface JobTarget {
  dir: string;
  trials?: string[];
}

/**
 * What `dir` names: one trial folder (its job, that trial only), or every job at or below it.
 * @example await findJobTargets("harbor", "jobs/j1/fix-git__a1") // [{ dir: "jobs/j1", trials: ["fix-git__a1"] }]
 */
export async function findJobTargets(kind: HarnessKind, dir: string): Promise<JobTarget[]> {
  await assertDirectory(dir);
  const isTrial = kind === "harbor" ? isHarborTrial : isTbTrial;
  if (await isTrial(dir)) return [{ dir: await jobOfTrial(kind, dir), trials: [basename(dir)] }];
  return (await findJobs(kind, dir)).map((d) => ({ dir: d }));
}

/**
 * The job a trial folder belongs to: its parent for Harbor. For tb, the folder that holds the
 * run's own files, two levels up (`<run>/<task>/<trial>`) or one; without them, two levels up
 * when the parent is the trial's task folder (named as its results.json's `task_id`), else one.
 */
async function jobOfTrial(kind: HarnessKind, dir: string): Promise<string> {
  const parent = dirname(dir);
  if (kind === "harbor") return parent;
  const grand = dirname(parent);
  if (await hasRunFiles(grand)) return grand;
  if (await hasRunFiles(parent)) return parent;
  return (await tbTrialIdentity(dir)).taskId === basename(parent) ? grand : parent;
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
  const jobs: JobTarget[] = [];
  for (const dir of dirs) jobs.push(...(await findJobTargets(kind, dir)));
  const result: IngestResult = {
    runs: [],
    counts: sumCounts([]),
    trials: [],
    skipped: [],
    harness_errors: [],
  };
  let doneBefore = 0;
  let totalBefore = 0;
  for (const job of jobs) {
    let jobTotal = 0;
    const onProgress = (done: number, total: number) => {
      jobTotal = total;
      opts.onProgress?.(doneBefore + done, totalBefore + total);
    };
    const jobOpts = { onProgress, ...(job.trials ? { trials: job.trials } : {}) };
    const stream = kind === "harbor" ? ingestHarbor(job.dir, jobOpts) : ingestTb(job.dir, jobOpts);
    const first = result.trials.length;
    const run = await drain(stream, (item) => collect(result, item));
    result.runs.push(run);
    result.harness_errors.push(...listedHarnessErrors(run.skipped));
    numberAttempts(result.trials.slice(first));
    doneBefore += jobTotal;
    totalBefore += jobTotal;
  }
  result.counts = sumCounts(result.runs.map((r) => r.counts));
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

/**
 * Number the attempts of each task within one job (Harbor writes each attempt as its own trial
 * folder and records no attempt number): by start time, then trial id, from 1. tb's K-of-N
 * folder names already say it and are kept.
 */
export function numberAttempts(trials: IngestedTrial[]): void {
  const byTask = new Map<string, IngestedTrial[]>();
  for (const t of trials) byTask.set(t.task, [...(byTask.get(t.task) ?? []), t]);
  for (const group of byTask.values()) {
    if (group.every((t) => t.attempt !== undefined)) continue;
    group
      .sort(
        (a, b) =>
          (a.started_at ?? "").localeCompare(b.started_at ?? "") ||
          a.trial_id.localeCompare(b.trial_id),
      )
      .forEach((t, i) => {
        t.attempt = i + 1;
      });
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

/** Trials counted as harness errors on the job's own verdict (no folder read): listed apart too. */
function listedHarnessErrors(skipped: readonly SkippedTrial[]): HarnessErrorEntry[] {
  const out: HarnessErrorEntry[] = [];
  for (const s of skipped) {
    const cause = s.verdict?.cause;
    if (s.counted_as !== "harness" || !s.verdict || !cause) continue;
    out.push({
      job: s.job,
      trial_id: s.trial,
      task: s.verdict.task,
      name: cause.name,
      reason: cause.reason,
    });
  }
  return out;
}

/**
 * The trials the agent is scored on: every trial but those that ended in a harness error,
 * so an outage never lowers the agent's pass rate or fills its taxonomy.
 * @example agentTrials(result.trials).length // every trial but the harness errors
 */
export function agentTrials(trials: readonly IngestedTrial[]): IngestedTrial[] {
  return trials.filter((t) => t.status === "passed" || !t.harness_error);
}
