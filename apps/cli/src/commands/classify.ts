import type { Command } from "commander";
import { readRecords } from "../io.js";
import type { CommonOptions } from "../options.js";
import { colour, jsonlOutput, painted, tableOutput } from "../output.js";

export function registerClassify(program: Command): void {
  program
    .command("classify")
    .description("classify FailureSignals (JSON or JSONL) into one code and one recovery each")
    .argument("[file]", "FailureSignals JSON or JSONL; - or nothing for standard input")
    .option("--json", "JSONL output: one FailureClassification per input")
    .action(async (file: string | undefined, opts: CommonOptions) => {
      const { classify, failureSignalsSchema } = await import("@fak/taxonomy");
      if (opts.json) {
        return jsonlOutput(async (jsonl) => {
          for await (const signals of readRecords(file, failureSignalsSchema)) {
            jsonl.push(classify(signals));
          }
        });
      }
      // Streamed into a bounded-memory table: a million lines print as well as ten.
      await tableOutput(["task", "category", "reason", "recovery", "retry", "hold"], async (t) => {
        for await (const signals of readRecords(file, failureSignalsSchema)) {
          const c = classify(signals);
          t.push([
            c.task_id,
            painted(c.category, c.failed ? colour.red : colour.green),
            c.reason,
            c.recovery,
            c.retryable ? "yes" : "no",
            c.safety_hold ? painted("HOLD", colour.yellow) : "",
          ]);
        }
      });
    });
}
