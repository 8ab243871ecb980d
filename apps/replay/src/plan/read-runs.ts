import { InputError } from "@fak/taxonomy";
import { findJobTargets, type IngestResult, ingest } from "../importers/ingest.js";
import type { HarnessKind } from "../importers/ingest-types.js";
import { emptyCounts } from "../importers/run-counts.js";

/** The runs named on the command line, each read by the harness that finds jobs in it. */
export interface ReadRuns {
  harbor: IngestResult;
  tb: IngestResult;
}

/**
 * Read every folder (a Harbor job, a tb run, a trial, or a folder holding them): Harbor first,
 * then tb, as `fak compare` does. An InputError names a folder that is neither.
 * @example const { harbor, tb } = await readRuns(["jobs/2026-04-02__02-07-04"]);
 */
export async function readRuns(dirs: readonly string[]): Promise<ReadRuns> {
  const byKind: Record<HarnessKind, string[]> = { harbor: [], tb: [] };
  for (const dir of dirs) byKind[await kindOf(dir)].push(dir);
  const empty = (): IngestResult => ({
    runs: [],
    counts: emptyCounts(),
    trials: [],
    skipped: [],
    harness_errors: [],
  });
  return {
    harbor: byKind.harbor.length ? await ingest("harbor", byKind.harbor) : empty(),
    tb: byKind.tb.length ? await ingest("tb", byKind.tb) : empty(),
  };
}

async function kindOf(dir: string): Promise<HarnessKind> {
  const problems: string[] = [];
  for (const kind of ["harbor", "tb"] as const) {
    try {
      await findJobTargets(kind, dir);
      return kind;
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      problems.push(err.message);
    }
  }
  throw new InputError(
    { file: dir },
    `not a Harbor job, tb run or folder holding them (${[...new Set(problems)].join("; ")})`,
  );
}
