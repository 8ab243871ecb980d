import { basename } from "node:path";
import type { IncompleteTrial } from "../ingest-types.js";
import { ERROR_LINE, lastLine } from "../last-line.js";
import { trialIdentity } from "./trial-files.js";

// A Harbor trial folder with no result.json (the job was cut off, or the file was lost) has no
// verdict, but its other files still say which trial and task it was and often why it stopped.

/**
 * What a trial without result.json still tells: its trial name and task from config.json, and
 * the last line of exception.txt, else the last error line of trial.log.
 * @example await thinTrial("jobs/j1/fix-git__a1") // { trial_id: "fix-git__a1", task: "fix-git", evidence: { file: "exception.txt", line: 3, text: "RuntimeError: ..." } }
 */
export async function thinTrial(dir: string, id?: string): Promise<IncompleteTrial> {
  const identity = await trialIdentity(dir);
  const out: IncompleteTrial = { trial_id: id ?? identity.trialName ?? basename(dir) };
  if (identity.task) out.task = identity.task;
  const evidence =
    (await lastLine(dir, "exception.txt")) ?? (await lastLine(dir, "trial.log", ERROR_LINE));
  if (evidence) out.evidence = evidence;
  return out;
}
