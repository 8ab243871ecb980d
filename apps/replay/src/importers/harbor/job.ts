import { basename, join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { assertDirectory, listDir, listSubdirs, noted, readJsonSafe } from "../../files/fs-safe.js";
import { budgetFrom } from "../budget.js";
import type { ExpectedCounts, HarnessHeadline } from "../ingest-types.js";
import { type HarborJobResult, harborJobConfigSchema, harborJobResultSchema } from "./schemas.js";

/** A Harbor job folder as listed: its trial folders and what its own result files claim. */
export interface HarborJob {
  dir: string;
  job: string;
  trialDirs: string[];
  /** Sub-folders that are symlinks: never entered. */
  symlinks: string[];
  /** Sub-folders whose name is not valid UTF-8 (shown with U+FFFD): cannot be opened by name. */
  undecodable: string[];
  /** Trial names the job's result.json lists (rewards and exceptions). */
  listed: Set<string>;
  expected?: ExpectedCounts;
  /** The job's own headline, when its result.json has one (a single eval with a mean). */
  headline?: HarnessHeadline;
  budgetTurns?: number;
  notes: string[];
}

/**
 * Whether `dir` looks like a Harbor job: not a trial itself, and a job.log, a config.json
 * with a result.json, or at least one sub-folder shaped like a trial.
 * @example await isHarborJob("jobs/2026-01-15__09-30-00") // true
 */
export async function isHarborJob(dir: string): Promise<boolean> {
  const names = await namesIn(dir);
  if (isTrialShape(names)) return false;
  if (names.has("job.log") || (names.has("config.json") && names.has("result.json"))) return true;
  for (const sub of (await listSubdirs(dir)).dirs) {
    if (isTrialShape(await namesIn(join(dir, sub)))) return true;
  }
  return false;
}

/**
 * Whether `dir` is one Harbor trial folder (its result.json and the folders of a trial).
 * @example await isHarborTrial("jobs/2026-01-15__09-30-00/fix-git__a1b2c3d") // true
 */
export async function isHarborTrial(dir: string): Promise<boolean> {
  const names = await namesIn(dir);
  return names.has("result.json") && isTrialShape(names);
}

/**
 * A trial folder has an agent/ or verifier/ folder, a trial.log, or the exception.txt Harbor
 * writes beside a trial's result.json; a job folder has none of them.
 */
function isTrialShape(names: Set<string>): boolean {
  return (
    names.has("agent") ||
    names.has("verifier") ||
    names.has("trial.log") ||
    names.has("exception.txt") ||
    names.has("steps")
  );
}

async function namesIn(dir: string): Promise<Set<string>> {
  return new Set((await listDir(dir)).map((e) => e.name));
}

/**
 * List a Harbor job folder. A path that is not a directory, or not a job, is an InputError;
 * a damaged job-level file is a note (the trials can still be read).
 * @example const job = await readHarborJob("jobs/2026-01-15__09-30-00"); job.trialDirs.length // 5
 */
export async function readHarborJob(dir: string): Promise<HarborJob> {
  await assertDirectory(dir);
  if (!(await isHarborJob(dir))) {
    throw new InputError(
      { file: dir },
      "not a Harbor job folder (no config.json, result.json or trial folders)",
    );
  }
  const notes: string[] = [];
  const config = await noted(notes, () =>
    readJsonSafe(join(dir, "config.json"), harborJobConfigSchema),
  );
  const result = await noted(notes, () =>
    readJsonSafe(join(dir, "result.json"), harborJobResultSchema),
  );
  const { dirs, symlinks, undecodable } = await listSubdirs(dir);
  const job: HarborJob = {
    dir,
    job: config?.job_name || basename(dir),
    trialDirs: dirs,
    symlinks,
    undecodable,
    listed: listedTrials(result),
    notes,
  };
  const expected = expectedOf(result, job.listed);
  if (expected) job.expected = expected;
  const headline = headlineOf(result, expected);
  if (headline) job.headline = headline;
  const budget = budgetFrom(config?.agents?.[0]?.kwargs);
  if (budget !== undefined) job.budgetTurns = budget;
  return job;
}

function listedTrials(result: HarborJobResult | undefined): Set<string> {
  const names = new Set<string>();
  for (const ev of Object.values(result?.stats?.evals ?? {})) {
    for (const byValue of Object.values(ev.reward_stats ?? {})) {
      for (const list of Object.values(byValue)) for (const n of list) names.add(n);
    }
    for (const list of Object.values(ev.exception_stats ?? {})) for (const n of list) names.add(n);
  }
  return names;
}

/** The job's own counts: older stats (n_trials, n_errors) or newer (n_completed_trials, n_errored_trials). */
function expectedOf(
  result: HarborJobResult | undefined,
  listed: Set<string>,
): ExpectedCounts | undefined {
  if (!result) return undefined;
  const s = result.stats;
  const expected: ExpectedCounts = {};
  const trials = s?.n_trials ?? s?.n_completed_trials ?? result.n_total_trials;
  if (trials != null) expected.trials = trials;
  const errors = s?.n_errors ?? s?.n_errored_trials;
  if (errors != null) expected.errors = errors;
  const passes = passesOf(result);
  if (passes !== undefined) expected.passes = passes;
  if (listed.size) expected.listed = listed.size;
  return expected;
}

/** Trials under a reward above zero, across the job's evals. */
function passesOf(result: HarborJobResult): number | undefined {
  const evals = Object.values(result.stats?.evals ?? {});
  if (!evals.some((e) => e.reward_stats)) return undefined;
  const passed = new Set<string>();
  for (const ev of evals) {
    for (const byValue of Object.values(ev.reward_stats ?? {})) {
      for (const [value, names] of Object.entries(byValue))
        if (Number(value) > 0) for (const n of names) passed.add(n);
    }
  }
  return passed.size;
}

/** Harbor's own mean reward: the one eval's metric (a missing reward counted 0, as Harbor does). */
function headlineOf(
  result: HarborJobResult | undefined,
  expected: ExpectedCounts | undefined,
): HarnessHeadline | undefined {
  const evals = Object.values(result?.stats?.evals ?? {});
  const mean = evals.length === 1 ? evals[0]?.metrics?.[0]?.mean : undefined;
  if (typeof mean !== "number" || expected?.trials === undefined) return undefined;
  return {
    harness: "harbor",
    source: "result.json",
    mean_reward: mean,
    n_trials: expected.trials,
    n_passed: expected.passes ?? 0,
    n_errored: expected.errors ?? 0,
  };
}
