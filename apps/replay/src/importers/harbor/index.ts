import { join } from "node:path";
import { newRun, streamTrials } from "../ingest-stream.js";
import type { IngestItem, IngestOptions, IngestRun, SkippedTrial } from "../ingest-types.js";
import { readHarborJob } from "./job.js";
import { readHarborTrial } from "./trial.js";

export { isHarborJob, isHarborTrial, readHarborJob } from "./job.js";
export { readHarborTrial } from "./trial.js";

/**
 * Stream a Harbor job folder, one trial at a time (only that trial's files are in memory):
 * each trial folder yields an IngestedTrial, or a SkippedTrial saying why it could not be
 * read. The generator's return value is the job's IngestRun (counts, skipped, expected).
 * Throws an InputError when `jobDir` is not a Harbor job folder.
 * @example
 *   for await (const item of ingestHarbor("jobs/2026-01-15__09-30-00")) console.log(item);
 */
export async function* ingestHarbor(
  jobDir: string,
  opts: IngestOptions = {},
): AsyncGenerator<IngestItem, IngestRun> {
  const job = await readHarborJob(jobDir);
  const run = newRun("harbor", jobDir, job.job);
  if (job.expected) run.expected = job.expected;
  if (job.headline) run.headline = job.headline;
  if (job.notes.length) run.notes = job.notes;
  const only = opts.trials ? new Set(opts.trials) : undefined;
  if (only) {
    job.trialDirs = job.trialDirs.filter((n) => only.has(n));
    job.symlinks = job.symlinks.filter((n) => only.has(n));
    job.undecodable = job.undecodable.filter((n) => only.has(n));
  }
  const present = new Set([...job.trialDirs, ...job.symlinks]);
  const missing = only ? [] : [...job.listed].filter((n) => !present.has(n)).sort();
  const skipped: SkippedTrial[] = [
    ...job.symlinks.map((name) => ({
      job: job.job,
      trial: name,
      reason: `${join(jobDir, name)} is a symlink (not followed)`,
    })),
    ...job.undecodable.map((name) => ({
      job: job.job,
      trial: name,
      reason: `${join(jobDir, name)}: the folder's name is not valid UTF-8, so fak cannot open it (rename it to read the trial)`,
    })),
    ...missing.map((name) => ({
      job: job.job,
      trial: name,
      reason: "listed in the job's result.json but its trial folder is missing",
    })),
  ];
  const ctx =
    job.budgetTurns === undefined
      ? { job: job.job }
      : { job: job.job, budgetTurns: job.budgetTurns };
  const readers = job.trialDirs.map((name) => () => readHarborTrial(jobDir, name, ctx));
  return yield* streamTrials(run, skipped, readers, opts);
}
