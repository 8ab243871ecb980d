import { z } from "zod";
import { FAILURE_CODES } from "../codes.js";

// The trial-level part of FailureSignals: what a real harness run (Harbor, tb) left in its files,
// each piece with the file (relative to the trial folder) and the line it came from, so the
// classification can name what decided it. Everything is optional: an importer says what it saw.

const count = z.number().int().nonnegative();
const lineNo = z.number().int().positive();

/** Who a real trial's failure belongs to. */
export const ATTRIBUTIONS = ["agent", "setup", "harness"] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];
export const attributionSchema = z.enum(ATTRIBUTIONS);

/** Where a piece of evidence sits: a file relative to the trial folder, and its line. */
export const sourceRefSchema = z.strictObject({
  file: z.string().min(1),
  line: lineNo.optional(),
  /**
   * For a command's outcome: the line of the file where its output (the `stderr` tail) begins,
   * so that the line a rule matched in that output can be cited at its own line, not the command's.
   */
  output_line: lineNo.optional(),
});
export type SourceRef = z.output<typeof sourceRefSchema>;

/** One line (or a short block) of a trial's files, with where it is. */
export const evidenceLineSchema = z.strictObject({
  file: z.string().min(1),
  line: lineNo.optional(),
  text: z.string(),
});
export type EvidenceLine = z.output<typeof evidenceLineSchema>;

/** What the harness itself recorded: an exception (Harbor) or a failure mode (tb). */
export const harnessCauseSignalSchema = z.strictObject({
  name: z.string().min(1),
  message: z.string().optional(),
  file: z.string().min(1).optional(),
  line: lineNo.optional(),
});
export type HarnessCauseSignal = z.output<typeof harnessCauseSignalSchema>;

/** The agent's own install and start, before it worked on the task. */
export const setupSignalSchema = z.strictObject({
  /** false when the agent never got to work (its install or start failed). */
  ran: z.boolean(),
  /** The line that shows the agent could not start (e.g. `mini: command not found`). */
  failure: evidenceLineSchema.optional(),
  /** Failure lines of the agent's install log, for the outcome rules. */
  log: z.array(evidenceLineSchema).default([]),
});

/** How the agent's work ended, as its own log shows it. */
export const agentEndSignalSchema = z.strictObject({
  /** Steps (turns) the agent took. */
  steps: count.optional(),
  /** The agent said it was done (a submit command, a final answer, `task_complete`). */
  submitted: z.boolean().optional(),
  /**
   * The agent's last step ran a shell command and nothing of the agent's came after: it was
   * stopped while it worked (a finished agent ends on its own message or its done call).
   */
  mid_work: z.boolean().optional(),
  /** The harness cut the agent off while it worked (e.g. the tests typed into its session). */
  cut_off: evidenceLineSchema.optional(),
  /** The model's context window was exceeded. */
  context_overflow: evidenceLineSchema.optional(),
  /** The agent's last words or screen, for people. */
  last: evidenceLineSchema.optional(),
});

/** What the verifier left. */
export const verifierSignalSchema = z.strictObject({
  /** false when the verifier never ran (no output, no reward). */
  ran: z.boolean(),
  /** The first failing assertion and the lines around it, in file order. */
  failure: z.array(evidenceLineSchema).default([]),
  tests_passed: count.optional(),
  tests_failed: count.optional(),
  /**
   * false when the verifier's output shows no test runner starting (no runner's start line, no
   * test outcome, no failure) and ends in its own installs or downloads: it was still setting
   * itself up. Absent when unknown.
   */
  started: z.boolean().optional(),
  /**
   * The verifier could not run its tests (a toolchain older than the project needs, a project
   * that is not there, tests that cannot import a module): what the importer's table says it
   * means under the labelling rules, and the line that shows it.
   */
  not_run: z
    .strictObject({
      reason: z.string().min(1),
      category: z.enum(FAILURE_CODES),
      attribution: attributionSchema,
      line: evidenceLineSchema,
    })
    .optional(),
});

/** The terminal after one step, for agents that record screens but no exit codes (terminus-2). */
export const screenSignalSchema = z.strictObject({
  turn: count.optional(),
  command: z.string().optional(),
  text: z.string(),
  file: z.string().min(1),
  line: lineNo.optional(),
  /**
   * When `text` is the file's own lines (a log, not a string inside JSON): the line where it
   * begins, so that a matched line is cited at its own line.
   */
  output_line: lineNo.optional(),
});
export type ScreenSignal = z.output<typeof screenSignalSchema>;

export const trialSignalsSchema = z.strictObject({
  harness: z.string().min(1),
  job: z.string().optional(),
  trial: z.string().optional(),
  attempt: z.number().int().positive().optional(),
  /** The harness's own verdict: a reward above 0 (Harbor), `is_resolved` (tb). */
  passed: z.boolean().optional(),
  reward: z.number().nullable().optional(),
  cause: harnessCauseSignalSchema.optional(),
  setup: setupSignalSchema.optional(),
  agent: agentEndSignalSchema.optional(),
  verifier: verifierSignalSchema.optional(),
  screens: z.array(screenSignalSchema).default([]),
});
/** The trial-level signals of one real trial (parsed: defaults filled in). */
export type TrialSignals = z.output<typeof trialSignalsSchema>;
export type TrialSignalsInput = z.input<typeof trialSignalsSchema>;
