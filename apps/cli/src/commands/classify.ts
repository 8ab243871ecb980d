import type { Command } from "commander";
import { readRecordBatches } from "../io.js";
import type { CommonOptions } from "../options.js";
import { colour, jsonSafe, out, painted, tableOutput } from "../output.js";
import { Spool } from "../spool.js";

export function registerClassify(program: Command): void {
  program
    .command("classify")
    .description("classify FailureSignals (JSON or JSONL) into one code and one recovery each")
    .argument("[file]", "FailureSignals JSON or JSONL; - or nothing for standard input")
    .option("--json", "JSONL output: one FailureClassification per input")
    .action(async (file: string | undefined, opts: CommonOptions) => {
      // Each record is validated once, by the reader (bad input names its file, line and field),
      // and classified as it is (classifyParsed does not validate it again).
      const { classifyParsed, failureSignalsSchema } = await import("@fak/taxonomy");
      if (opts.json) {
        // Held until the whole input is read and valid (bad input: nothing on stdout), in a
        // spool past a few megabytes; one string a batch, written out in large chunks.
        const spool = new Spool();
        try {
          for await (const batch of readRecordBatches(file, failureSignalsSchema)) {
            let text = "";
            for (const signals of batch) text += `${JSON.stringify(classifyParsed(signals))}\n`;
            spool.push(jsonSafe(text));
          }
        } catch (err) {
          spool.discard();
          throw err;
        }
        for await (const chunk of spool.drain()) await out(chunk);
        return;
      }
      // Streamed into a bounded-memory table: a million lines print as well as ten.
      await tableOutput(["task", "category", "reason", "recovery", "retry", "hold"], async (t) => {
        for await (const batch of readRecordBatches(file, failureSignalsSchema)) {
          for (const signals of batch) {
            const c = classifyParsed(signals);
            t.push([
              c.task_id,
              painted(c.category, c.failed ? colour.red : colour.green),
              c.reason,
              c.recovery,
              c.retryable ? "yes" : "no",
              c.safety_hold ? painted("HOLD", colour.yellow) : "",
            ]);
          }
        }
      });
    });
}
