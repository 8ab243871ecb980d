import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { out, percent, printJson, progressBar, say, table } from "../output.js";
import { scrubbedCopy } from "../scrubbed.js";
import {
  directivesTable,
  maybeStore,
  type PipelineCommandOptions,
  pipelineOptions,
  printMemory,
} from "./pipeline-output.js";

const HARNESSES = ["harbor", "tb"] as const;

export function registerIngest(program: Command): void {
  const command = program
    .command("ingest")
    .description(
      "import real Harbor (Terminal-Bench 2.x) job folders or tb run folders: one FailureSignals per trial, then classify, roll up and plan retries",
    )
    .argument("<harness>", "harbor | tb")
    .argument("<dirs...>", "job or run folders (or folders holding them)");
  pipelineOptions(
    command,
    "ingest.json, signals.jsonl, taxonomy.json/.md, directives.jsonl",
    "{runs, signals, taxonomy, directives, harness_errors, skipped}",
  ).action(
    async (harness: string, dirs: string[], opts: PipelineCommandOptions & { json?: boolean }) => {
      if (!(HARNESSES as readonly string[]).includes(harness)) {
        throw new UsageError(`unknown harness "${harness}": expected harbor or tb`);
      }
      const { agentTrials, ingest, runPipeline, trialFromIngested, writeOutputFiles } =
        await import("@fak/replay");
      const { renderTaxonomyMarkdown } = await import("@fak/taxonomy");
      const bar = await progressBar("trials", Boolean(opts.json));
      const imported = await ingest(harness as (typeof HARNESSES)[number], dirs, {
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.stop();
      await maybeStore(opts, async (store) => {
        const trials = agentTrials(imported.trials).map(trialFromIngested);
        const result = await runPipeline(trials, {
          ...(store ? { store, record: true } : {}),
          attempt: opts.attempt,
          maxAttempts: opts.maxAttempts,
          priorArtTokens: opts.maxTokens,
        });
        // Everything below is printed or written: scrubbed of secrets from the trial files first.
        const output = await scrubbedCopy({
          runs: imported.runs,
          signals: imported.trials.map((t) => t.signals),
          taxonomy: result.taxonomy,
          directives: result.directives,
          harness_errors: imported.harness_errors,
          skipped: imported.skipped,
          ...(result.recorded ? { recorded: result.recorded } : {}),
          ...(result.prior_art ? { prior_art: result.prior_art } : {}),
        });
        const written = opts.out
          ? writeOutputFiles(opts.out, {
              "ingest.json": `${JSON.stringify(output, null, 2)}\n`,
              "signals.jsonl": output.signals.map((s) => `${JSON.stringify(s)}\n`).join(""),
              "taxonomy.json": `${JSON.stringify(output.taxonomy, null, 2)}\n`,
              "taxonomy.md": renderTaxonomyMarkdown(output.taxonomy),
              "directives.jsonl": output.directives.map((d) => `${JSON.stringify(d)}\n`).join(""),
            })
          : [];
        if (opts.json) return printJson(output);
        const rows = output.runs.map((r) => [
          r.job,
          r.harness,
          r.trials,
          r.passes,
          r.failures,
          r.errors,
          r.harness_errors,
          r.pass_rate === null ? "-" : percent(r.pass_rate),
          r.skipped.length,
        ]);
        await out(
          `${table(["job", "harness", "trials", "passed", "failed", "errored", "harness errors", "agent pass rate", "skipped"], rows)}\n\n`,
        );
        for (const s of output.skipped) await say(`skipped ${s.job}/${s.trial}: ${s.reason}\n`);
        for (const e of output.harness_errors) {
          await say(`harness error (not the agent's fault) ${e.trial_id}: ${e.name}\n`);
        }
        await say(`\n${renderTaxonomyMarkdown(output.taxonomy)}\n## Retry directives\n\n`);
        await out(directivesTable(output.directives));
        await printMemory({ ...result, ...output });
        for (const file of written) await say(`wrote ${file}\n`);
      });
    },
  );
}
