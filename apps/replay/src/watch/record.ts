import { InputError } from "@fak/taxonomy";
import { agentTrials, findJobTargets, ingest } from "../importers/ingest.js";
import { type DeathStore, type RecordedDeath, runPipeline } from "../pipeline/pipeline.js";
import { trialFromIngested } from "../pipeline/trial.js";

/**
 * Read one trial folder that has just landed through the importers (the same reading as `fak
 * ingest`) and record its death into `store` when it failed; a passed trial and a harness error
 * record nothing. An InputError when the folder is not a Harbor or tb trial.
 * @example await recordLanded("jobs/j1/fix-git__a1", store) // [{ id: 12, layer: "verifier", ... }]
 */
export async function recordLanded(
  trialDir: string,
  store: DeathStore,
  opts: { attempt?: number; maxAttempts?: number } = {},
): Promise<RecordedDeath[]> {
  for (const kind of ["harbor", "tb"] as const) {
    let target: Awaited<ReturnType<typeof findJobTargets>>;
    try {
      target = await findJobTargets(kind, trialDir);
    } catch (err) {
      if (err instanceof InputError) continue;
      throw err;
    }
    if (target.length !== 1 || !target[0]?.trials) continue;
    const result = await ingest(kind, [trialDir]);
    const trials = agentTrials(result.trials).map(trialFromIngested);
    const piped = await runPipeline(trials, { ...opts, store, record: true });
    return piped.recorded ?? [];
  }
  throw new InputError({ file: trialDir }, "not a Harbor or tb trial folder");
}
