import type { Command } from "commander";
import { GateTripped, UsageError } from "../errors.js";
import { jsonText, out, printJson, progressBar } from "../output.js";
import { scrubbedCopy } from "../scrubbed.js";
import { forTerminal } from "../terminal.js";
import { categoryList, type RowFormat, rowFormat, wholeNumber } from "./gate-options.js";
import {
  directivesTable,
  maybeStore,
  memoryText,
  type PipelineCommandOptions,
  pipelineOptions,
} from "./pipeline-output.js";
import {
  failedTrialsTable,
  gateLine,
  harnessErrorLines,
  jobsTable,
  unreadLines,
} from "./run-tables.js";

const HARNESSES = ["harbor", "tb"] as const;

interface IngestCommandOptions extends PipelineCommandOptions {
  json?: boolean;
  format?: RowFormat;
  failOn?: string[];
  maxFailures?: number;
}

/** What the taxonomy below is over: the failed trials fak read, not those known only from the job's list. */
function taxonomyNote(failed: readonly { verdict_from: string }[]): string {
  const listed = failed.filter((r) => r.verdict_from === "job_listing").length;
  if (listed === 0) return "";
  const read = failed.length - listed;
  return `The taxonomy below classifies the ${read} failed trials read from their folders; the other ${listed} have only the job's own verdict (their folder is missing or unreadable): their category above is the harness's recorded cause, else UNKNOWN.\n\n`;
}

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
    "{runs, counts, trials, headlines, signals, taxonomy, directives, harness_errors, skipped}",
  )
    .option("--format <format>", "print only the per-trial rows: csv, jsonl or md", rowFormat)
    .option(
      "--fail-on <categories>",
      "exit 1 when a trial failed with one of these categories (comma-separated)",
      categoryList,
    )
    .option("--max-failures <n>", "exit 1 when more than n trials failed", wholeNumber)
    .action(async (harness: string, dirs: string[], opts: IngestCommandOptions) => {
      if (!(HARNESSES as readonly string[]).includes(harness)) {
        throw new UsageError(`unknown harness "${harness}": expected harbor or tb`);
      }
      if (opts.json && opts.format) throw new UsageError("--json and --format: choose one");
      const replay = await import("@fak/replay");
      const { renderTaxonomyMarkdown } = await import("@fak/taxonomy");
      const bar = await progressBar("trials", Boolean(opts.json || opts.format));
      const imported = await replay.ingest(harness as (typeof HARNESSES)[number], dirs, {
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.stop();
      await maybeStore(opts, async (store) => {
        const trials = replay.agentTrials(imported.trials).map(replay.trialFromIngested);
        const result = await replay.runPipeline(trials, {
          ...(store ? { store, record: true } : {}),
          attempt: opts.attempt,
          maxAttempts: opts.maxAttempts,
          priorArtTokens: opts.maxTokens,
        });
        const byId = new Map(result.taxonomy.classifications.map((c) => [c.task_id, c]));
        const rows = await replay.runRows(
          imported,
          (t) => byId.get(t.signals.task_id) ?? replay.classifyTrial(t),
        );
        const gated = opts.failOn !== undefined || opts.maxFailures !== undefined;
        const gate = gated
          ? replay.failureGate(rows, {
              ...(opts.failOn ? { categories: opts.failOn } : {}),
              ...(opts.maxFailures !== undefined ? { maxFailures: opts.maxFailures } : {}),
            })
          : undefined;
        const heads = replay.headlines(imported.runs, rows);
        // Everything below is printed or written: scrubbed of secrets from the trial files first.
        const output = await scrubbedCopy({
          runs: imported.runs,
          counts: imported.counts,
          trials: rows,
          headlines: heads,
          signals: imported.trials.map((t) => t.signals),
          taxonomy: result.taxonomy,
          directives: result.directives,
          harness_errors: imported.harness_errors,
          skipped: imported.skipped,
          ...(result.recorded ? { recorded: result.recorded } : {}),
          ...(result.prior_art ? { prior_art: result.prior_art } : {}),
          ...(gate ? { gate } : {}),
        });
        const written = opts.out
          ? replay.writeOutputFiles(opts.out, {
              "ingest.json": `${jsonText(output, 2)}\n`,
              "signals.jsonl": output.signals.map((s) => `${jsonText(s)}\n`).join(""),
              "taxonomy.json": `${jsonText(output.taxonomy, 2)}\n`,
              "taxonomy.md": forTerminal(renderTaxonomyMarkdown(output.taxonomy)),
              "directives.jsonl": output.directives.map((d) => `${jsonText(d)}\n`).join(""),
            })
          : [];
        if (opts.json) await printJson(output);
        else if (opts.format === "csv") await out(replay.rowsToCsv(output.trials));
        else if (opts.format === "jsonl")
          await out(output.trials.map((t) => `${jsonText(t)}\n`).join(""));
        else if (opts.format === "md") await out(forTerminal(replay.rowsToMarkdown(output.trials)));
        else {
          let text = `${jobsTable(output.runs, output.trials, output.headlines)}\n`;
          text += forTerminal(unreadLines(output.skipped));
          text += forTerminal(harnessErrorLines(output.harness_errors));
          const failed = output.trials.filter((r) => r.counted_as === "failed");
          text += `\n## Failed trials (${failed.length})\n\n${failedTrialsTable(output.trials)}`;
          text += `\n${taxonomyNote(failed)}`;
          text += `${forTerminal(renderTaxonomyMarkdown(output.taxonomy))}\n## Retry directives\n\n`;
          text += directivesTable(output.directives);
          text += memoryText({ ...result, ...output });
          for (const file of written) text += forTerminal(`wrote ${file}\n`);
          // A tripped gate says why on stderr, once (see below).
          if (gate && !gate.tripped) text += gateLine(gate);
          await out(text);
        }
        if (gate?.tripped) throw new GateTripped(gate.reason);
      });
    });
}
