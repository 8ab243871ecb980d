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
  evaluate
    .command("trials")
    .description(
      "score trial-level classification on labelled real trials (as in shared/corpora/trials-dev): accuracy with and without alt, harness causes kept apart, the misses with their evidence",
    )
    .argument(
      "<labels>",
      "labelled trials JSONL (harness, job, trial, outcome, attribution, category, ...)",
    )
    .requiredOption("--root <dir>", "the folder the labels' job paths are relative to")
    .option("--json", "print the evaluation as JSON")
    .action(async (file: string, opts: CommonOptions & { root: string }) => {
      const { checkLabelPaths, evaluateTrials, labelledTrialSchema, renderTrialEvaluation } =
        await import("@fak/replay");
      const labels = [];
      for await (const row of readRecords(file, labelledTrialSchema)) labels.push(row);
      checkLabelPaths(labels, file);
      const evaluation = await evaluateTrials(labels, opts.root);
      if (opts.json) return printJson(evaluation);
      await say(`${renderTrialEvaluation(evaluation)}\n`);
    });
}
