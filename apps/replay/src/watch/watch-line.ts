// What `fak watch --json` prints: one line per finished trial, then one line with the run's counts.
import { attributionSchema, failureCodeSchema } from "@fak/taxonomy";
import { z } from "zod";
import type { IngestedTrial } from "../importers/ingest-types.js";
import { trialRows } from "../reports/rows.js";
import { rowEvidenceSchema, runCountsSchema } from "../reports/schemas.js";

const count = z.number().int().nonnegative();

/** One finished trial, read and classified exactly as `fak ingest` reads and classifies it. */
export const watchTrialLineSchema = z.strictObject({
  event: z.literal("trial"),
  harness: z.enum(["harbor", "tb"]),
  trial_id: z.string(),
  task: z.string(),
  status: z.enum(["passed", "failed", "errored"]),
  /** The failure code `fak ingest` gives the trial (NONE for a passed one). */
  category: failureCodeSchema,
  /** Whose failure it is (agent, setup, harness), as `fak ingest` attributes it. */
  attribution: attributionSchema.nullable(),
  reward: z.number().nullable(),
  reason: z.string(),
  /** The deciding evidence: the file (relative to the trial folder), line and text. */
  evidence: rowEvidenceSchema.nullable(),
  /** The trial folder on disk. */
  path: z.string(),
});
export type WatchTrialLine = z.output<typeof watchTrialLineSchema>;

/** A trial folder the importers could not read when the run ended (no result, a damaged one). */
const watchSkipSchema = z.strictObject({ trial: z.string(), reason: z.string() });

/** The last line: the run's counts when it ended (or when `--timeout` passed). */
export const watchEndLineSchema = z.strictObject({
  event: z.literal("end"),
  /** `finished`: the job or run wrote its end; `timeout`: `--timeout` passed first; `stopped`: interrupted (Ctrl-C). */
  ended: z.enum(["finished", "timeout", "stopped"]),
  harness: z.enum(["harbor", "tb"]).nullable(),
  /**
   * The run's counts as `fak ingest` counts the folder at the end (listed = passed + failed +
   * harness + incomplete, the job's own listing included); null when the folder could not be
   * read as a whole.
   */
  counts: runCountsSchema.nullable(),
  /** fak's pass rate over those counts, passed / (listed − harness); null when nothing is scored. */
  pass_rate: z.number().nullable(),
  /** Trials reported. */
  trials: count,
  passed: count,
  failed: count,
  errored: count,
  /** Failed and errored trials by category and by attribution. */
  categories: z.record(z.string(), count),
  attributions: z.partialRecord(attributionSchema, count),
  /** Trials the job or run planned, when its own files say (Harbor n_total_trials, tb dataset_size × n_attempts). */
  expected: count.nullable(),
  skipped: count,
  /** The first skipped trials and why (all of them are counted in `skipped`). */
  skipped_trials: z.array(watchSkipSchema),
  /** Deaths written to the failure memory by `--record` (rows already present not counted). */
  recorded: count.optional(),
});
export type WatchEndLine = z.output<typeof watchEndLineSchema>;

/** Every line `fak watch --json` prints (`fak schema WatchLine`). */
export const watchLineSchema = z.discriminatedUnion("event", [
  watchTrialLineSchema,
  watchEndLineSchema,
]);
export type WatchLine = z.output<typeof watchLineSchema>;

/**
 * The line for one imported trial: its `fak ingest` trial row (classified by `classifyTrial`,
 * with the same attribution and deciding evidence), cut to what a live follower needs.
 * @example watchTrialLine(await readHarborTrial(job, "fix-git__a1", ctx)).category // "TEST_MISUNDERSTOOD"
 */
export function watchTrialLine(t: IngestedTrial): WatchTrialLine {
  const [row] = trialRows({ runs: [], trials: [t] });
  if (!row) throw new Error(`no row for trial ${t.trial_id}`);
  return {
    event: "trial",
    harness: t.harness,
    trial_id: row.trial_id,
    task: row.task,
    status: t.status,
    category: row.category,
    attribution: row.attribution,
    reward: row.reward,
    reason: row.reason,
    evidence: row.evidence,
    path: row.path ?? t.trial_id,
  };
}
