import type { Command } from "commander";
import { positiveInt } from "../options.js";
import { out, printJson } from "../output.js";
import {
  directivesTable,
  maybeStore,
  type PipelineCommandOptions,
  printMemory,
} from "./pipeline-output.js";

export function registerReplay(program: Command): void {
  program
    .command("replay")
    .description(
      "replay a command suite (raw arm vs fak arm), classify the fak arm, plan retries; a simulated fixture, never a benchmark claim",
    )
    .argument("<suite>", "a fak.terminalbench-command-suite.v1 JSON file")
    .option("--out <dir>", "write report.json/.md, taxonomy.json/.md, directives.jsonl")
    .option(
      "--record",
      "write each failed task's death into the failure memory, and show prior art",
    )
    .option("--db <url>", "memory database (default: FAK_DB_URL, else file:.fak/memory.db)")
    .option("--attempt <n>", "the attempt the replay stands for", positiveInt, 1)
    .option("--max-attempts <m>", "attempts allowed in all", positiveInt, 3)
    .option("--max-tokens <n>", "token budget of each task's prior art", positiveInt, 400)
    .option(
      "--json",
      "print {report, taxonomy, directives} (and recorded, prior_art with --record)",
    )
    .action(async (suite: string, opts: PipelineCommandOptions & { json?: boolean }) => {
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
        await out(renderReportMarkdown(result.report));
        await out(`\n${renderTaxonomyMarkdown(result.taxonomy)}\n## Retry directives\n\n`);
        await out(directivesTable(result.directives));
        if (memory) await printMemory(memory);
        for (const file of written) await out(`wrote ${file}\n`);
      });
    });
}
