import { z } from "zod";
import { FAILURE_CODES, RECOVERY_ACTIONS, VERDICTS } from "./codes.js";
import {
  attributionSchema,
  evidenceLineSchema,
  sourceRefSchema,
  trialSignalsSchema,
} from "./trial/schema.js";

// Wire formats of contracts.md. Field names are snake_case, as in the Go implementation's
// artifacts, so that files interoperate. Inputs are strict: an unknown field is an error.

const count = z.number().int().nonnegative();

export const failureCodeSchema = z.enum(FAILURE_CODES);
export const recoveryActionSchema = z.enum(RECOVERY_ACTIONS);
export const verdictSchema = z.enum(VERDICTS);

export const commandOutcomeSchema = z.strictObject({
  turn: count.optional(),
  command: z.string().optional(),
  exit_code: z.number().int().default(0),
  timed_out: z.boolean().default(false),
  stderr: z.string().optional(),
  /** Where the command and its output were read (a real trial's file and line). */
  source: sourceRefSchema.optional(),
});
export type CommandOutcome = z.output<typeof commandOutcomeSchema>;
export type CommandOutcomeInput = z.input<typeof commandOutcomeSchema>;

export const commandEventSchema = z.strictObject({
  task_id: z.string().optional(),
  command_index: count.optional(),
  turn: count.optional(),
  tool: z.string().optional(),
  command: z.string(),
  cwd: z.string().optional(),
  filesystem_scope: z.string().optional(),
  verdict: verdictSchema,
  reason: z.string().optional(),
  milestone: z.string().optional(),
  minefield: z.string().optional(),
  elapsed_ms: z.number().nonnegative().optional(),
  cost_units: z.number().nonnegative().optional(),
});
export type CommandEvent = z.output<typeof commandEventSchema>;

export const testResultSchema = z.strictObject({
  name: z.string(),
  passed: z.boolean(),
  command: z.string().optional(),
  source: z.string().optional(),
});
export type TestResult = z.output<typeof testResultSchema>;

export const armResultSchema = z.strictObject({
  task_success: z.boolean().default(false),
  test_success: z.boolean().default(false),
  commands: count.default(0),
  executed_commands: count.default(0),
  denied_commands: count.default(0),
  blocked_dangerous_actions: z.array(commandEventSchema).default([]),
  unnecessary_blocks: z.array(commandEventSchema).default([]),
});
export type ArmResult = z.output<typeof armResultSchema>;

export const failureSignalsSchema = z.strictObject({
  task_id: z.string().min(1),
  budget_turns: count.optional(),
  required_milestones: z.array(z.string()).default([]),
  completed_milestones: z.array(z.string()).default([]),
  tests: z.array(testResultSchema).default([]),
  arm: armResultSchema.optional(),
  outcomes: z.array(commandOutcomeSchema).default([]),
  /** What a real harness run (Harbor, tb) left: verdict, exception, setup, verifier, screens. */
  trial: trialSignalsSchema.optional(),
});
/** Everything known about one task (parsed: defaults filled in). */
export type FailureSignals = z.output<typeof failureSignalsSchema>;
/** FailureSignals as a caller may write them (defaults optional). */
export type FailureSignalsInput = z.input<typeof failureSignalsSchema>;

export const failureClassificationSchema = z.strictObject({
  task_id: z.string().min(1),
  failed: z.boolean(),
  category: failureCodeSchema,
  reason: z.string(),
  detail: z.string().default(""),
  evidence: z.array(z.string()).default([]),
  recovery: recoveryActionSchema,
  retryable: z.boolean(),
  safety_hold: z.boolean().default(false),
  /** From a real run: whose failure it is (`harness` ones stay out of the agent's taxonomy). */
  attribution: attributionSchema.optional(),
  /** From a real run: the file (relative to the trial folder), line and text that decided it. */
  decided_by: evidenceLineSchema.optional(),
});
export type FailureClassification = z.output<typeof failureClassificationSchema>;

export const retryDirectiveSchema = z.strictObject({
  task_id: z.string().min(1),
  attempt: count,
  should_retry: z.boolean(),
  action: recoveryActionSchema,
  rationale: z.string(),
  safety_hold: z.boolean().default(false),
});
export type RetryDirective = z.output<typeof retryDirectiveSchema>;

export const TAXONOMY_SCHEMA = "fak.terminalbench-failure-taxonomy.v1" as const;

export const failureTaxonomySchema = z.strictObject({
  schema: z.literal(TAXONOMY_SCHEMA),
  task_count: count,
  failure_count: count,
  category_counts: z.partialRecord(failureCodeSchema, count),
  safety_holds: count,
  retryable_count: count,
  classifications: z.array(failureClassificationSchema),
  /** Real runs: failed trials by attribution; `category_counts` counts the agent's own only. */
  attribution_counts: z.partialRecord(attributionSchema, count).optional(),
  /** Real runs: the agent never got to work (its install or start failed), by code. */
  setup_counts: z.partialRecord(failureCodeSchema, count).optional(),
  /** Real runs: provider or harness failures, by mapped code; never in the agent's counts. */
  harness_counts: z.partialRecord(failureCodeSchema, count).optional(),
});
export type FailureTaxonomy = z.output<typeof failureTaxonomySchema>;

/** The wire formats this package owns, by name, for `fak schema`. */
export const wireSchemas = {
  CommandOutcome: commandOutcomeSchema,
  CommandEvent: commandEventSchema,
  TestResult: testResultSchema,
  FailureSignals: failureSignalsSchema,
  FailureClassification: failureClassificationSchema,
  RetryDirective: retryDirectiveSchema,
  FailureTaxonomy: failureTaxonomySchema,
} as const;
