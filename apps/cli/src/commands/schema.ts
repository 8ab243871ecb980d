import type { Command } from "commander";
import { UsageError } from "../errors.js";
import type { CommonOptions } from "../options.js";
import { printJson } from "../output.js";

/** Every wire format fak speaks, by name: each package's schemas, gathered here for `fak schema`. */
async function allSchemas(): Promise<Record<string, import("zod").ZodType>> {
  const { wireSchemas } = await import("@fak/taxonomy");
  const { failureRowSchema, importLineSchema, recoveryInputSchema } = await import("@fak/memory");
  const replay = await import("@fak/replay");
  return {
    ...wireSchemas,
    CommandSuite: replay.commandSuiteSchema,
    CommandReport: replay.commandReportSchema,
    TrialRow: replay.trialRowSchema,
    RunComparison: replay.runComparisonSchema,
    WatchLine: replay.watchLineSchema,
    Plan: replay.planSchema,
    PlanOutcome: replay.planOutcomeSchema,
    FailureRow: failureRowSchema,
    FailureImportLine: importLineSchema,
    Recovery: recoveryInputSchema,
  };
}

export function registerSchema(program: Command): void {
  program
    .command("schema")
    .description("print the JSON Schema of each wire format (or of one, by name)")
    .argument("[name]", "a wire format, e.g. FailureSignals")
    .option("--json", "machine output (the schemas are JSON either way)")
    .action(async (name: string | undefined, _opts: CommonOptions) => {
      const { z } = await import("zod");
      const schemas = await allSchemas();
      const render = (s: import("zod").ZodType) => z.toJSONSchema(s, { io: "input" });
      if (name === undefined) {
        return printJson(
          Object.fromEntries(Object.entries(schemas).map(([k, s]) => [k, render(s)])),
        );
      }
      const schema = schemas[name];
      if (!schema) {
        throw new UsageError(
          `unknown wire format "${name}"; known: ${Object.keys(schemas).join(", ")}`,
        );
      }
      await printJson(render(schema));
    });
}
