import type { Command } from "commander";
import { readRecords } from "../io.js";
import type { CommonOptions } from "../options.js";
import { printJson, say } from "../output.js";

export function registerEval(program: Command): void {
  const evaluate = program.command("eval").description("measure fak against labelled data");
  evaluate
    .command("outcomes")
    .description(
      "score the live-outcome classifier on labelled failed commands: accuracy, per-category precision and recall, confusion matrix, misclassified ids",
    )
    .argument(
      "<file>",
      "labelled outcomes JSONL (id, command, exit_code, timed_out, stderr, expected, ...)",
    )
    .option("--json", "print the evaluation as JSON")
    .action(async (file: string, opts: CommonOptions) => {
      const { evaluateOutcomes, labelledOutcomeSchema, renderEvaluation } = await import(
        "@fak/taxonomy"
      );
      const rows = [];
      for await (const row of readRecords(file, labelledOutcomeSchema)) rows.push(row);
      const evaluation = evaluateOutcomes(rows);
      if (opts.json) return printJson(evaluation);
      await say(`${renderEvaluation(evaluation)}\n`);
    });
}
