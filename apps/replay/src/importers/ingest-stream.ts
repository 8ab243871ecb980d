import { basename } from "node:path";
import type { z } from "zod";
import { readJsonSafe, UnreadableFileError } from "../files/fs-safe.js";
import { collectAfterLargeReads } from "../files/heap.js";
import {
  type HarnessKind,
  type IngestedTrial,
  type IngestItem,
  type IngestOptions,
  type IngestRun,
  isSkipped,
  type SkippedTrial,
  type TrialClass,
} from "./ingest-types.js";
import { JOB_RESULT_FILE, readJobVerdicts } from "./job-verdicts.js";
import {
  addCount,
  assertCounts,
  classOfTrial,
  classOfVerdict,
  emptyCounts,
  passRate,
} from "./run-counts.js";

// The streaming skeleton both importers share: a job's known skips first, then each trial
// read one at a time, counted into the job's IngestRun as it goes by. The job's own result
// file gives a verdict to the trials it lists whose folder is missing or unreadable, and lists
// trials no folder holds: every trial ends in exactly one class of `run.counts`.

/**
 * Yield `skipped`, then the item of each trial reader in turn, then a skipped item for each
 * trial the job's result file lists that no folder or skip named; count all into `run` and
 * report progress. The generator's return value is the finished run, its `counts` checked.
 * @example return yield* streamTrials(run, [], names.map((n) => () => readTrial(n)), opts);
 */
export async function* streamTrials(
  run: IngestRun,
  skipped: SkippedTrial[],
  readers: (() => Promise<IngestItem>)[],
  opts: IngestOptions,
): AsyncGenerator<IngestItem, IngestRun> {
  const listing = await readJobVerdicts(run.harness, run.path);
  const only = opts.trials ? new Set(opts.trials) : undefined;
  const read: TrialClass[] = [];
  const readNames = new Set<string>();
  const skips = new Map<string, SkippedTrial>();
  const skippedNames = new Set<string>();
  let total = skipped.length + readers.length;
  let done = 0;
  const emit = (item: IngestItem) => {
    // A second skip of the same name carries no class: the first one counts the trial.
    if (isSkipped(item) && !skips.has(item.trial)) {
      const names = skipNames(item);
      const verdict = names.map((n) => listing.get(n)).find((v) => v !== undefined);
      if (verdict) item.verdict = verdict;
      item.counted_as = verdict ? classOfVerdict(verdict) : "incomplete";
      skips.set(item.trial, item);
      for (const n of names) skippedNames.add(n);
    } else if (!isSkipped(item)) {
      read.push(classOfTrial(item));
      for (const name of trialNames(item)) readNames.add(name);
    }
    countInto(run, item);
    opts.onProgress?.(++done, total);
    return item;
  };
  for (const item of skipped) yield emit(item);
  for (const readTrial of readers) {
    const item = await readTrial();
    collectAfterLargeReads();
    yield emit(item);
  }
  const unseen = [...listing.keys()]
    .filter((n) => !readNames.has(n) && !skippedNames.has(n) && (!only || only.has(n)))
    .sort();
  total += unseen.length;
  for (const name of unseen) {
    yield emit({
      job: run.job,
      trial: name,
      reason: `listed in the job's ${listing.get(name)?.file ?? JOB_RESULT_FILE[run.harness]} but its trial folder is missing`,
    });
  }
  run.counts = emptyCounts();
  for (const c of read) addCount(run.counts, c);
  for (const skip of skips.values()) {
    // A trial whose folder was read under this name is counted once, as read.
    if (skipNames(skip).some((n) => readNames.has(n))) {
      delete skip.counted_as;
      delete skip.verdict;
    } else if (skip.counted_as) addCount(run.counts, skip.counted_as);
  }
  assertCounts(run.counts, run.path);
  run.pass_rate = passRate(run.counts);
  run.agent_pass_rate = run.pass_rate;
  return run;
}

/** The names a skipped trial goes by: its folder's, and its trial_name when its folder told it. */
function skipNames(s: SkippedTrial): string[] {
  const id = s.incomplete?.trial_id;
  return id && id !== s.trial ? [s.trial, id] : [s.trial];
}

/** The names a read trial goes by: its trial id, and its folder's name when that differs. */
function trialNames(t: IngestedTrial): string[] {
  const folder = t.path ? basename(t.path) : undefined;
  return folder && folder !== t.trial_id ? [t.trial_id, folder] : [t.trial_id];
}

/**
 * A trial's own result file, or the reason to skip the trial: missing (the trial was
 * interrupted before the harness wrote it) or damaged (the InputError, file and field).
 * @example const r = await readTrialResult(file, schema, "Harbor"); if (!r.ok) return skip(r.reason);
 */
export async function readTrialResult<S extends z.ZodType>(
  file: string,
  schema: S,
  harness: string,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; reason: string }> {
  const name = basename(file);
  try {
    return { ok: true, value: await readJsonSafe(file, schema) };
  } catch (err) {
    if (err instanceof UnreadableFileError && err.code === "FAK_MISSING") {
      return {
        ok: false,
        reason: `no ${name}: the trial was interrupted before ${harness} wrote its result`,
      };
    }
    return { ok: false, reason: `${name} unreadable: ${(err as Error).message}` };
  }
}

/** An empty run record, to be filled by `countInto` as the importer streams. */
export function newRun(harness: HarnessKind, path: string, job: string): IngestRun {
  return {
    harness,
    path,
    job,
    trials: 0,
    passes: 0,
    failures: 0,
    errors: 0,
    harness_errors: 0,
    pass_rate: null,
    counts: emptyCounts(),
    skipped: [],
  };
}

/** Count one streamed item into its run's fields of the trials read (`counts` is settled at the end of the stream). */
export function countInto(run: IngestRun, item: IngestItem): void {
  if (isSkipped(item)) {
    run.skipped.push(item);
    return;
  }
  if (run.agent === undefined && item.agent !== undefined) run.agent = item.agent;
  if (run.model === undefined && item.model !== undefined) run.model = item.model;
  countHeadline(run, item);
  if (item.status !== "passed") {
    if (!run.attribution_counts) run.attribution_counts = { agent: 0, setup: 0, harness: 0 };
    const by = run.attribution_counts;
    by[item.harness_error ? "harness" : item.setup_failure ? "setup" : "agent"]++;
  }
  run.trials++;
  if (item.status === "passed") run.passes++;
  else if (item.status === "errored") run.errors++;
  else run.failures++;
  if (item.harness_error && item.status !== "passed") run.harness_errors++;
}

/** Keep a computed headline up to date when the job's own files gave none. */
function countHeadline(run: IngestRun, item: IngestedTrial): void {
  const h = run.headline;
  if (h && h.source !== "trials") return;
  if (run.harness === "harbor") {
    const prev = h?.harness === "harbor" ? h : undefined;
    const n = (prev?.n_trials ?? 0) + 1;
    const sum = (prev?.mean_reward ?? 0) * (prev?.n_trials ?? 0) + (item.reward ?? 0);
    run.headline = {
      harness: "harbor",
      source: "trials",
      mean_reward: sum / n,
      n_trials: n,
      n_passed: (prev?.n_passed ?? 0) + ((item.reward ?? 0) > 0 ? 1 : 0),
      n_errored: (prev?.n_errored ?? 0) + (item.harness_cause ? 1 : 0),
    };
  } else {
    const prev = h?.harness === "tb" ? h : undefined;
    const resolved = (prev?.n_resolved ?? 0) + (item.status === "passed" ? 1 : 0);
    const unresolved = (prev?.n_unresolved ?? 0) + (item.status === "passed" ? 0 : 1);
    run.headline = {
      harness: "tb",
      source: "trials",
      accuracy: resolved / (resolved + unresolved),
      n_resolved: resolved,
      n_unresolved: unresolved,
    };
  }
}
