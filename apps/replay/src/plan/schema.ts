import { recoveryActionSchema } from "@fak/taxonomy";
import { z } from "zod";

// The plan `fak plan` writes (DIR/plan.json) and the outcome `fak compare --plan` reads from it.

export const PLAN_SCHEMA = "fak.plan.v1" as const;

/** What is done with one failed trial. */
export const planDecisionSchema = z.enum(["retry", "rerun_unchanged", "hold", "none"]);
export type PlanDecision = z.output<typeof planDecisionSchema>;

export const planItemSchema = z.strictObject({
  trial_id: z.string().min(1),
  /** The task's real name (Harbor: the trial's `task_name`; tb: its task id). */
  task: z.string().min(1),
  harness: z.enum(["harbor", "tb"]),
  /** The job (Harbor) or run (tb) folder the trial belongs to. */
  job: z.string(),
  decision: planDecisionSchema,
  /** The retry directive's action (`NONE` unless the decision is `retry`). */
  action: recoveryActionSchema,
  /** Why, in the retry policy's words (or why the harness is to blame). */
  rationale: z.string(),
  /** The brief the rerun's agent is given; null for every decision but `retry`. */
  brief: z.string().nullable(),
  /** The brief's file in the plan folder (relative to it). */
  brief_file: z.string().nullable(),
  /** Failure-memory row ids quoted in the brief as prior art. */
  memories_injected: z.array(z.number().int().positive()),
  /** Where the rerun goes: a Harbor config, a resume line, a tb command; null when nowhere. */
  rerun: z.string().nullable(),
});
export type PlanItem = z.output<typeof planItemSchema>;

export const harborResumeSchema = z.strictObject({
  job: z.string(),
  filter_error_types: z.array(z.string().min(1)).min(1),
});
export type HarborResume = z.output<typeof harborResumeSchema>;

export const planSchema = z.strictObject({
  schema: z.literal(PLAN_SCHEMA),
  items: z.array(planItemSchema),
  harbor: z.strictObject({
    /** Job config files (absolute paths) for `harbor run -c FILE`, one per brief group. */
    configs: z.array(z.string()),
    /** `harbor jobs resume -p JOB -f TYPE...` for harness-caused trials, unchanged. */
    resume: z.array(harborResumeSchema),
    /** What could not be planned, said plainly. */
    notes: z.array(z.string()),
  }),
  tb: z.strictObject({
    /** Full `tb run` argument vectors, each runnable as it is. */
    commands: z.array(z.array(z.string())),
    /** Argument vectors that lack what only their user knows (a custom agent's import path). */
    incomplete: z.array(z.strictObject({ argv: z.array(z.string()), missing: z.string() })),
    notes: z.array(z.string()),
  }),
});
/** `fak plan`: what to rerun, where and with which brief. */
export type Plan = z.output<typeof planSchema>;
