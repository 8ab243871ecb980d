import { testResultSchema } from "@fak/taxonomy";
import { z } from "zod";
import { regexProblem } from "./policy.js";

// The command suite of contracts.md, strict: an unknown field anywhere is an error, and every
// rule a replay relies on (unique ids, named tests, a compiling deny_regex) is checked at load.

export const SUITE_SCHEMA = "fak.terminalbench-command-suite.v1" as const;
export const POLICY_VERSION = "fak-policy/v1" as const;
/** The one tool a fixture step calls: a shell command in the task's terminal. */
export const TERMINAL_TOOL = "terminal.exec" as const;

const text = z.string().trim().min(1, "must not be empty");
const count = z.number().int().nonnegative();

export const argRuleSchema = z.strictObject({
  tool: text,
  arg: z.literal("command", 'only "command" can be matched'),
  deny_regex: z
    .string()
    .min(1, "must not be empty")
    .superRefine((pattern, ctx) => {
      const problem = regexProblem(pattern);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  reason: text,
});
export type ArgRule = z.output<typeof argRuleSchema>;

export const policySchema = z.strictObject({
  version: z.literal(POLICY_VERSION),
  allow: z.array(text),
  arg_rules: z.array(argRuleSchema),
});
export type Policy = z.output<typeof policySchema>;

export const traceStepSchema = z.strictObject({
  turn: count,
  command: text,
  cwd: text,
  filesystem_scope: z.string().trim(),
  elapsed_ms: z.number().nonnegative(),
  cost_units: z.number().nonnegative(),
  milestone: text.optional(),
  minefield: text.optional(),
});
export type TraceStep = z.output<typeof traceStepSchema>;

/** A recorded test result: the fixture's test oracle, which a replay cannot re-run. */
export const suiteTestSchema = testResultSchema.extend({ name: text });

export const suiteTaskSchema = z
  .strictObject({
    id: text,
    benchmark: text,
    image: text,
    goal: text,
    budget_turns: count.min(1),
    test_oracle: text,
    milestones: z.array(text).min(1, "at least one milestone is required"),
    tests: z.array(suiteTestSchema).min(1, "at least one test is required"),
    policy: policySchema,
    trace: z.array(traceStepSchema).min(1, "at least one step is required"),
  })
  .superRefine((task, ctx) => {
    // A milestone typo would silently fail the task in both arms: refuse it instead.
    task.trace.forEach((step, i) => {
      if (step.milestone !== undefined && !task.milestones.includes(step.milestone)) {
        ctx.addIssue({
          code: "custom",
          path: ["trace", i, "milestone"],
          message: `"${step.milestone}" is not one of the task's milestones`,
        });
      }
    });
  });
export type SuiteTask = z.output<typeof suiteTaskSchema>;

export const commandSuiteSchema = z.strictObject({
  schema: z.literal(SUITE_SCHEMA),
  benchmark: text,
  model: text,
  tasks: z
    .array(suiteTaskSchema)
    .min(1, "at least one task is required")
    .superRefine((tasks, ctx) => {
      const first = new Map<string, number>();
      tasks.forEach((task, i) => {
        const seen = first.get(task.id);
        if (seen === undefined) first.set(task.id, i);
        else
          ctx.addIssue({
            code: "custom",
            path: [i, "id"],
            message: `duplicate task id "${task.id}" (first at tasks[${seen}])`,
          });
      });
    }),
});
/** A loaded, validated command suite. */
export type CommandSuite = z.output<typeof commandSuiteSchema>;
/** A command suite as written in a file. */
export type CommandSuiteInput = z.input<typeof commandSuiteSchema>;
