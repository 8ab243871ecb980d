import type { Command } from "commander";
import { readRecords } from "../io.js";
import { type CommonOptions, positiveInt } from "../options.js";
import { jsonlOutput } from "../output.js";
import { printDirectives } from "./pipeline-output.js";

interface RetryOptions extends CommonOptions {
  attempt: number;
  maxAttempts: number;
  history?: string;
}

export function registerRetry(program: Command): void {
  program
    .command("retry")
    .description("decide the retry directive of each classified failure")
    .argument("[file]", "FailureClassification JSONL; - or nothing for standard input")
    .requiredOption("--attempt <n>", "the attempt that just ended (1 = the first)", positiveInt)
    .requiredOption("--max-attempts <m>", "attempts allowed in all", positiveInt)
    .option(
      "--history <file>",
      "FailureClassification JSONL of earlier attempts: a repeated failure stops retrying",
    )
    .option("--json", "JSONL output: one RetryDirective per input")
    .action(async (file: string | undefined, opts: RetryOptions) => {
      const { failureClassificationSchema } = await import("@fak/taxonomy");
      const { retryDirectiveWithHistory } = await import("@fak/retry");
      const history = new Map<string, import("@fak/taxonomy").FailureClassification[]>();
      if (opts.history) {
        for await (const c of readRecords(opts.history, failureClassificationSchema)) {
          const list = history.get(c.task_id) ?? [];
          list.push(c);
          history.set(c.task_id, list);
        }
      }
      const decide = (c: import("@fak/taxonomy").FailureClassification) =>
        retryDirectiveWithHistory(c, history.get(c.task_id) ?? [], opts.attempt, opts.maxAttempts);
      if (opts.json) {
        return jsonlOutput(async (jsonl) => {
          for await (const c of readRecords(file, failureClassificationSchema))
            jsonl.push(decide(c));
        });
      }
      await printDirectives(readRecords(file, failureClassificationSchema), decide);
    });
}
