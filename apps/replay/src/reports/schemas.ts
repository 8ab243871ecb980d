import { failureCodeSchema } from "@fak/taxonomy";
import { z } from "zod";

// The wire formats of run reports: one flat row per trial, and the comparison of two runs.

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1);

/** The one class a trial is counted in (see RunCounts). */
export const trialClassSchema = z.enum(["passed", "failed", "harness", "incomplete"]);

/** Every trial of a run in exactly one class: listed = passed + failed + harness + incomplete. */
export const runCountsSchema = z.strictObject({
  listed: count,
  passed: count,
  failed: count,
  harness: count,
  incomplete: count,
});

export const rowEvidenceSchema = z.strictObject({
  /** One line, as the classifier or the harness recorded it. */
  text: z.string(),
  /** The file that decided it, relative to the trial folder (null when not known). */
  file: z.string().nullable(),
  line: z.number().int().positive().nullable(),
});
export type RowEvidence = z.output<typeof rowEvidenceSchema>;

export const trialRowSchema = z.strictObject({
  /** The job as people name it: its folder name, and agent / model when known. */
  job: z.string(),
  job_path: z.string(),
  /**
   * The harness's own name of the job (Harbor's `job_name`, tb's `run_id`, else its folder's
   * name): the `job` of the failure-memory rows its trials leave. Absent in an older fak's files.
   */
  job_id: z.string().optional(),
  harness: z.enum(["harbor", "tb", "fixture"]),
  task: z.string(),
  trial_id: z.string(),
  agent: z.string().nullable(),
  model: z.string().nullable(),
  attempt: z.number().int().positive(),
  /** The harness's reward (Harbor's verifier reward); null when it recorded none. */
  reward: z.number().nullable(),
  passed: z.boolean(),
  /** The harness's status; `incomplete`: no verdict (the trial's result is missing or unreadable). */
  status: z.enum(["passed", "failed", "errored", "incomplete"]),
  /** True when the trial ended in a harness error: not scored against the agent. */
  harness_error: z.boolean(),
  attribution: z.enum(["agent", "setup", "harness"]).nullable(),
  category: failureCodeSchema,
  reason: z.string(),
  evidence: rowEvidenceSchema.nullable(),
  /** The trial folder on disk (null for a fixture replay; the job folder for a listed-only trial). */
  path: z.string().nullable(),
  /** trial_files: read from the trial's folder; job_listing: its folder is missing or unreadable, the verdict is the job's result file's; none: no verdict (incomplete). */
  verdict_from: z.enum(["trial_files", "job_listing", "fixture", "none"]),
  /** The one class the trial is counted in: rows tallied by it are the run's `counts`. */
  counted_as: trialClassSchema,
});
/** One trial of a run, flat: what `fak ingest --format` prints and `fak compare` matches. */
export type TrialRow = z.output<typeof trialRowSchema>;

export const headlineSchema = z.union([
  z.strictObject({
    harness: z.literal("harbor"),
    job: z.string(),
    /** Where the figure comes from: the job's own result file, or its trials when it wrote none. */
    source: z.enum(["result.json", "trials"]),
    mean_reward: z.number().nullable(),
    n_trials: count,
    n_passed: count,
    n_errored: count,
  }),
  z.strictObject({
    harness: z.literal("tb"),
    job: z.string(),
    source: z.enum(["results.json", "trials"]),
    accuracy: z.number().nullable(),
    n_resolved: count,
    n_unresolved: count,
  }),
]);
/** A job's own headline, as the harness computed it, beside fak's. */
export type Headline = z.output<typeof headlineSchema>;

export const skipGroupSchema = z.strictObject({ reason: z.string(), count: count });
export type SkipGroup = z.output<typeof skipGroupSchema>;

export const runSummarySchema = z.strictObject({
  /** How the run was named on the command line, and the folders or files it was read from. */
  label: z.string(),
  sources: z.array(z.string()),
  jobs: z.array(z.string()),
  /** Every trial of the run (= counts.listed). */
  trials: count,
  /** The pass rate's denominator: every trial but the harness's failures (counts.listed − counts.harness). */
  scored: count,
  passed: count,
  harness_errors: count,
  /** fak's pass rate, passed / scored (`pass_rate_basis`); an incomplete trial counts as not passed. Null when nothing was scored. */
  pass_rate: rate.nullable(),
  /** How `pass_rate` is computed, in words every view prints. */
  pass_rate_basis: z.string(),
  /** Every trial of the run in exactly one class. */
  counts: runCountsSchema,
  /** Harbor's mean reward, as Harbor computes it: over the trials with a verdict, an unrewarded trial (error) counted 0. Null when no trial is Harbor's. */
  mean_reward: z.number().nullable(),
  category_counts: z.record(z.string(), count),
  headlines: z.array(headlineSchema),
  /** The incomplete trials (no verdict), by reason. */
  skipped: z.array(skipGroupSchema),
  /** True for a fixture replay's arm: a simulated fixture, never a benchmark claim. */
  simulated: z.boolean(),
});
export type RunSummary = z.output<typeof runSummarySchema>;

export const taskSideSchema = z.strictObject({
  /** Attempts scored against the agent (with a verdict, not the harness's failure), and how many passed. */
  attempts: count,
  passes: count,
  /** passes / attempts. */
  pass_rate: rate.nullable(),
  /** Harbor's mean reward over the task's trials with a verdict (an unrewarded one counted 0); null when none is Harbor's. */
  mean_reward: z.number().nullable(),
  /** pass@k by the unbiased estimator, for k = 1..attempts (only when attempts repeat). */
  pass_at_k: z.array(z.strictObject({ k: z.number().int().positive(), value: rate })),
  trials: z.array(trialRowSchema),
  /** Trials of this task with no verdict (incomplete: interrupted, result lost or damaged), and why. */
  skipped: z.array(z.strictObject({ job: z.string(), trial: z.string(), reason: z.string() })),
});
export type TaskSide = z.output<typeof taskSideSchema>;

export const taskChangeSchema = z.enum(["same", "regressed", "improved", "not_comparable"]);
export type TaskChange = z.output<typeof taskChangeSchema>;

export const taskComparisonSchema = z.strictObject({
  task: z.string(),
  /** regressed: B's pass rate on the task is below A's; not_comparable: a side scored nothing. */
  change: taskChangeSchema,
  a: taskSideSchema,
  b: taskSideSchema,
});
export type TaskComparison = z.output<typeof taskComparisonSchema>;

const intervalSchema = z.strictObject({
  low: z.number(),
  high: z.number(),
  level: z.literal(0.95),
  method: z.enum(["newcombe-paired-wilson", "paired-bootstrap"]),
});

export const COMPARISON_SCHEMA = "fak.run-comparison.v1" as const;

export const runComparisonSchema = z.strictObject({
  schema: z.literal(COMPARISON_SCHEMA),
  a: runSummarySchema,
  b: runSummarySchema,
  /** Tasks scored in both runs: the paired figures below are over these only. */
  matched_tasks: count,
  /** Over the matched tasks: the mean of each task's passes / attempts. */
  pass_rate: z.strictObject({
    a: rate.nullable(),
    b: rate.nullable(),
    /** B − A over the matched tasks, with its 95% interval. */
    difference: z.number().nullable(),
    interval: intervalSchema.nullable(),
  }),
  /** Over the matched tasks with a reward on both sides: the mean of each task's Harbor mean reward (an unrewarded trial counted 0, as Harbor does). */
  mean_reward: z.strictObject({
    a: z.number().nullable(),
    b: z.number().nullable(),
    difference: z.number().nullable(),
  }),
  regressed: count,
  improved: count,
  categories: z.array(
    z.strictObject({ category: z.string(), a: count, b: count, difference: z.number().int() }),
  ),
  tasks: z.array(taskComparisonSchema),
  only_in_a: z.array(z.strictObject({ task: z.string(), side: taskSideSchema })),
  only_in_b: z.array(z.strictObject({ task: z.string(), side: taskSideSchema })),
});
/** `fak compare A B`: two runs matched by task. */
export type RunComparison = z.output<typeof runComparisonSchema>;
