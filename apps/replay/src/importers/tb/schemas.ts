import { z } from "zod";

// The older `tb` harness's files, read leniently (unknown fields kept; a field we rely on
// with the wrong type is an error naming it).

export const tbTrialResultSchema = z.looseObject({
  trial_name: z.string().nullish(),
  task_id: z.string().nullish(),
  is_resolved: z.boolean().nullish(),
  failure_mode: z.string().nullish(),
  parser_results: z.record(z.string(), z.string().nullable()).nullish(),
  /** The task's instruction as the agent was given it. */
  instruction: z.string().nullish(),
});
export type TbTrialResult = z.output<typeof tbTrialResultSchema>;

export const tbRunResultsSchema = z.looseObject({
  results: z.array(tbTrialResultSchema),
  n_resolved: z.number().int().nonnegative().nullish(),
  accuracy: z.number().nullish(),
  n_unresolved: z.number().int().nonnegative().nullish(),
});
export type TbRunResults = z.output<typeof tbRunResultsSchema>;

export const tbRunMetadataSchema = z.looseObject({
  run_id: z.string().nullish(),
  agent_name: z.string().nullish(),
  model_name: z.string().nullish(),
});
export type TbRunMetadata = z.output<typeof tbRunMetadataSchema>;
