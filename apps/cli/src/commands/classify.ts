import type { Command } from "commander";
import { readRecords } from "../io.js";
import type { CommonOptions } from "../options.js";
import { colour, jsonlOutput, out, table } from "../output.js";

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
      const results = [];
      for await (const signals of readRecords(file, failureSignalsSchema)) {
        results.push(classify(signals));
      }
      const rows = results.map((c) => [
        c.task_id,
        c.failed ? colour.red(c.category) : colour.green(c.category),
        c.reason,
        c.recovery,
        c.retryable ? "yes" : "no",
        c.safety_hold ? colour.yellow("HOLD") : "",
      ]);
      await out(`${table(["task", "category", "reason", "recovery", "retry", "hold"], rows)}\n`);
    });
}
