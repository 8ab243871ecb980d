import { newRun, streamTrials } from "../ingest-stream.js";
import type { IngestItem, IngestOptions, IngestRun } from "../ingest-types.js";
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
  const job = await readHarborJob(jobDir, opts.trials);
  const run = newRun("harbor", jobDir, job.job);
  if (job.expected) run.expected = job.expected;
  if (job.headline) run.headline = job.headline;
  if (job.notes.length) run.notes = job.notes;
  const ctx =
    job.budgetTurns === undefined
      ? { job: job.job }
      : { job: job.job, budgetTurns: job.budgetTurns };
  const readers = job.trials.map((t) => () => readHarborTrial(jobDir, t.name, ctx, t));
  return yield* streamTrials(run, job.skipped, readers, opts);
}
