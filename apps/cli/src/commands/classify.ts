import type { Command } from "commander";
import { readRecords } from "../io.js";
import type { CommonOptions } from "../options.js";
import { colour, JsonlBuffer, out, table } from "../output.js";

export function registerClassify(program: Command): void {
  program
    .command("classify")
    .description("classify FailureSignals (JSON or JSONL) into one code and one recovery each")
    .argument("[file]", "FailureSignals JSON or JSONL; - or nothing for standard input")
    .option("--json", "JSONL output: one FailureClassification per input")
    .action(async (file: string | undefined, opts: CommonOptions) => {
      const { classify, failureSignalsSchema } = await import("@fak/taxonomy");
      const results = [];
      const jsonl = new JsonlBuffer();
      for await (const signals of readRecords(file, failureSignalsSchema)) {
        const c = classify(signals);
        if (opts.json) jsonl.push(c);
        else results.push(c);
      }
      if (opts.json) return jsonl.flush();
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
