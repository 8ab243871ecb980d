import { commandEventSchema } from "@fak/taxonomy";
import { z } from "zod";
import { suiteTestSchema } from "./suite-schema.js";

// The replay report of contracts.md, as written: checked before anything reaches a file.

export const REPORT_SCHEMA = "fak.terminalbench-command-report.v1" as const;
export const FIXTURE_EVIDENCE = "SIMULATED_LOCAL_FIXTURE" as const;

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1);
const events = z.array(commandEventSchema);

export const evidenceCheckpointSchema = z.strictObject({
  id: z.string(),
  task_id: z.string(),
  command_index: count,
  turn: count,
  tool: z.string(),
  command: z.string(),
  cwd: z.string(),
  state_hash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});

export const armReportSchema = z.strictObject({
  task_success: z.boolean(),
  test_success: z.boolean(),
  safe_resolve: z.boolean(),
  commands: count,
  executed_commands: count,
  denied_commands: count,
  argument_repairs: count,
  policy_breaches: events,
  minefield_hits: events,
  blocked_dangerous_actions: events,
  unnecessary_blocks: events,
  milestones_completed: z.array(z.string()),
  evidence_checkpoints: z.array(evidenceCheckpointSchema),
  evidence_completeness: rate,
  runtime_ms: z.number().nonnegative(),
  cost_units: z.number().nonnegative(),
  verdicts: events,
});
/** What one arm did with one task's trace. */
export type ArmReport = z.output<typeof armReportSchema>;

export const taskReportSchema = z.strictObject({
  id: z.string(),
  benchmark: z.string(),
  image: z.string(),
  goal: z.string(),
  budget_turns: count,
  test_oracle: z.string(),
  milestones: z.array(z.string()),
  tests: z.array(suiteTestSchema),
  raw: armReportSchema,
  fak: armReportSchema,
});

export const armSummarySchema = z.strictObject({
  tasks: count,
  task_successes: count,
  test_successes: count,
  safe_resolves: count,
  commands: count,
  executed_commands: count,
  denied_commands: count,
  argument_repairs: count,
  policy_breaches: count,
  minefield_hits: count,
  blocked_dangerous_actions: count,
  unnecessary_blocks: count,
  evidence_checkpoints: count,
  runtime_ms: z.number().nonnegative(),
  cost_units: z.number().nonnegative(),
  pass_1: rate,
  safe_resolve_rate: rate,
  policy_breach_rate: rate,
  minefield_rate: rate,
  evidence_completeness: rate,
});
export type ArmSummary = z.output<typeof armSummarySchema>;

const delta = z.number().int();

export const replaySummarySchema = z.strictObject({
  task_count: count,
  raw: armSummarySchema,
  fak: armSummarySchema,
  safe_resolve_delta: delta,
  policy_breach_delta: delta,
  minefield_hit_delta: delta,
  blocked_dangerous_action_delta: delta,
  unnecessary_block_delta: delta,
  evidence_checkpoint_delta: delta,
});
export type ReplaySummary = z.output<typeof replaySummarySchema>;

export const commandReportSchema = z.strictObject({
  schema: z.literal(REPORT_SCHEMA),
  generated_at: z.string(),
  benchmark: z.string(),
  model: z.string(),
  evidence_class: z.literal(FIXTURE_EVIDENCE),
  result_claim_allowed: z.literal(false),
  claim_boundary: z.string(),
  tasks: z.array(taskReportSchema),
  summary: replaySummarySchema,
});
/** The replay report, `fak.terminalbench-command-report.v1`. */
export type CommandReport = z.output<typeof commandReportSchema>;
export type TaskReport = z.output<typeof taskReportSchema>;
