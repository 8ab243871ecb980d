import type { Command } from "commander";
import { out, printJson, say } from "../output.js";
import {
  directivesTable,
  maybeStore,
  memoryText,
  type PipelineCommandOptions,
  pipelineOptions,
} from "./pipeline-output.js";

export function registerReplay(program: Command): void {
  const command = program
    .command("replay")
    .description(
      "replay a command suite (raw arm vs fak arm), classify the fak arm, plan retries; a simulated fixture, never a benchmark claim",
    )
    .argument("<suite>", "a fak.terminalbench-command-suite.v1 JSON file");
  pipelineOptions(
    command,
    "report.json/.md, taxonomy.json/.md, directives.jsonl",
    "{report, taxonomy, directives} (and recorded, prior_art with --record)",
  ).action(async (suite: string, opts: PipelineCommandOptions & { json?: boolean }) => {
    const { renderReportMarkdown, replaySuite, replayTrials, runPipeline, writeReplayOutputs } =
      await import("@fak/replay");
    const { renderTaxonomyMarkdown } = await import("@fak/taxonomy");
    const result = replaySuite(suite, { attempt: opts.attempt, maxAttempts: opts.maxAttempts });
    const written = opts.out ? writeReplayOutputs(opts.out, result) : [];
    await maybeStore(opts, async (store) => {
      const memory = store
        ? await runPipeline(replayTrials(result.report), {
            store,
            record: true,
            attempt: opts.attempt,
            maxAttempts: opts.maxAttempts,
            priorArtTokens: opts.maxTokens,
          })
        : undefined;
      if (opts.json) {
        const extra = memory ? { recorded: memory.recorded, prior_art: memory.prior_art } : {};
        return printJson({ ...result, ...extra });
      }
      await say(renderReportMarkdown(result.report));
      await say(`\n${renderTaxonomyMarkdown(result.taxonomy)}\n## Retry directives\n\n`);
      await out(directivesTable(result.directives));
      if (memory) await out(memoryText(memory));
      for (const file of written) await say(`wrote ${file}\n`);
    });
  });
}
