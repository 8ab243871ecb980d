import { join } from "node:path";
import { newRun, streamTrials } from "../ingest-stream.js";
import type { IngestItem, IngestOptions, IngestRun } from "../ingest-types.js";
import { readTbRun } from "./run.js";
import { readTbTrial } from "./trial.js";

export { ReturnCodeParser, readAgentLog } from "./agent-log.js";
export { hasRunFiles, isTbRun, isTbTrial, readTbRun, tbTrialIdentity } from "./run.js";
export { readTbTrial } from "./trial.js";

/**
 * Stream a tb run folder one trial at a time: each trial folder yields an IngestedTrial or a
 * SkippedTrial (no results.json, a damaged one, a symlink, or a results entry whose folder
 * is missing). The return value is the run's IngestRun. Throws an InputError when `runDir`
 * is not a tb run folder.
 * @example for await (const item of ingestTb("runs/tb_rc2_sonnet_1")) console.log(item);
 */
export async function* ingestTb(
  runDir: string,
  opts: IngestOptions = {},
): AsyncGenerator<IngestItem, IngestRun> {
  const run = await readTbRun(runDir, opts.trials);
  const out = newRun("tb", runDir, run.job);
  if (run.expected) out.expected = run.expected;
  if (run.headline) out.headline = run.headline;
  if (run.notes.length) out.notes = run.notes;
  const ctx = {
    job: run.job,
    ...(run.agent && { agent: run.agent }),
    ...(run.model && { model: run.model }),
  };
  const readers = run.trials.map((t) => () => readTbTrial(join(runDir, t.rel), t.name, ctx, t));
  return yield* streamTrials(out, run.skipped, readers, opts);
}
