import { z } from "zod";

// Harbor's own files, read leniently: unknown fields are kept (Harbor adds fields between
// versions), but a field we rely on with the wrong type is an error naming that field.

const count = z.number().int().nonnegative();
const kwargs = z.record(z.string(), z.unknown()).nullish();

const agentConfigSchema = z.looseObject({
  name: z.string().nullish(),
  import_path: z.string().nullish(),
  model_name: z.string().nullish(),
  kwargs,
});

export const harborJobConfigSchema = z.looseObject({
  job_name: z.string().nullish(),
  agents: z.array(agentConfigSchema).nullish(),
});
export type HarborJobConfig = z.output<typeof harborJobConfigSchema>;

const evalStatsSchema = z.looseObject({
  metrics: z.array(z.looseObject({ mean: z.number().nullish() })).nullish(),
  reward_stats: z.record(z.string(), z.record(z.string(), z.array(z.string()))).nullish(),
  exception_stats: z.record(z.string(), z.array(z.string())).nullish(),
});

export const harborJobResultSchema = z.looseObject({
  n_total_trials: count.nullish(),
  stats: z
    .looseObject({
      n_trials: count.nullish(),
      n_errors: count.nullish(),
      n_completed_trials: count.nullish(),
      n_errored_trials: count.nullish(),
      evals: z.record(z.string(), evalStatsSchema).nullish(),
    })
    .nullish(),
});
export type HarborJobResult = z.output<typeof harborJobResultSchema>;

export const harborTrialResultSchema = z.looseObject({
  task_name: z.string().nullish(),
  started_at: z.string().nullish(),
  trial_name: z.string().nullish(),
  config: z
    .looseObject({
      task: z.looseObject({ path: z.string().nullish(), name: z.string().nullish() }).nullish(),
      agent: agentConfigSchema.nullish(),
    })
    .nullish(),
  agent_info: z
    .looseObject({
      name: z.string().nullish(),
      model_info: z
        .looseObject({ name: z.string().nullish(), provider: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
  verifier_result: z
    .looseObject({ rewards: z.record(z.string(), z.number().nullable()).nullish() })
    .nullish(),
  step_results: z.array(z.looseObject({ step_name: z.string().nullish() })).nullish(),
  exception_info: z
    .looseObject({
      exception_type: z.string(),
      exception_message: z.string().nullish(),
      exception_traceback: z.string().nullish(),
    })
    .nullish(),
});
export type HarborTrialResult = z.output<typeof harborTrialResultSchema>;

/** A CTRF report (verifier/ctrf.json): only the per-test name, status and trace are used. */
export const ctrfSchema = z.looseObject({
  results: z.looseObject({
    tests: z.array(
      z.looseObject({
        name: z.string(),
        status: z.string(),
        trace: z.string().nullish(),
        message: z.string().nullish(),
      }),
    ),
  }),
});
