import type { PipelineResult, TaskPriorArt } from "@fak/replay";
import type { RetryDirective } from "@fak/taxonomy";
import type { Command } from "commander";
import { type Store, withStore } from "../memory-store.js";
import { type DbOptions, embeddingsOptions, positiveInt } from "../options.js";
import { type Cell, colour, out, painted, table } from "../output.js";
import { TableSink } from "../table.js";
import { forTerminal } from "../terminal.js";

/** Options of the commands that run the whole pipeline. */
export interface PipelineCommandOptions extends DbOptions {
  out?: string;
  record?: boolean;
  attempt: number;
  maxAttempts: number;
  maxTokens: number;
}

/** Open the failure memory only when the run records into it. */
export function maybeStore<T>(
  opts: PipelineCommandOptions,
  work: (store: Store | undefined) => Promise<T>,
): Promise<T> {
  return opts.record ? withStore(opts, work) : work(undefined);
}

/** The options every pipeline command (replay, ingest) takes. */
export function pipelineOptions(command: Command, outFiles: string, json: string): Command {
  return embeddingsOptions(command)
    .option("--out <dir>", `write ${outFiles}`)
    .option(
      "--record",
      "write each failed task's death into the failure memory, and show prior art",
    )
    .option("--db <url>", "memory database (default: FAK_DB_URL, else file:.fak/memory.db)")
    .option("--attempt <n>", "the attempt these runs were (1 = the first)", positiveInt, 1)
    .option("--max-attempts <m>", "attempts allowed in all", positiveInt, 3)
    .option("--max-tokens <n>", "token budget of each task's prior art", positiveInt, 400)
    .option("--json", `print ${json}`);
}

const DIRECTIVE_HEADERS = ["task", "decision", "action", "hold", "rationale"];

/** One retry directive as a table row for people. */
export function directiveRow(d: RetryDirective): Cell[] {
  return [
    d.task_id,
    d.should_retry ? painted("retry", colour.green) : painted("stop", colour.yellow),
    d.action,
    d.safety_hold ? painted("HOLD", colour.yellow) : "",
    d.rationale,
  ];
}

/** Retry directives as a table for people. */
export function directivesTable(directives: readonly RetryDirective[]): string {
  if (directives.length === 0) return "no failed task to retry\n";
  return `${table(DIRECTIVE_HEADERS, directives.map(directiveRow))}\n`;
}

/**
 * Print the retry directive of each item of `items` as a table for people, streamed in bounded
 * memory; nothing is printed when reading `items` fails.
 */
export async function printDirectives<T>(
  items: AsyncIterable<T>,
  decide: (item: T) => RetryDirective,
): Promise<void> {
  const sink = new TableSink(DIRECTIVE_HEADERS);
  let rows = 0;
  try {
    for await (const item of items) {
      sink.push(directiveRow(decide(item)));
      rows++;
    }
  } catch (err) {
    sink.discard();
    throw err;
  }
  if (rows === 0) return out("no failed task to retry\n");
  await sink.write(out, colour.bold);
}

/** For people: what was recorded into the failure memory and what each task's next run would see. */
export function memoryText(result: PipelineResult): string {
  let text = "";
  if (result.recorded) {
    text += `\n${colour.bold("## Recorded in the failure memory")}\n\n`;
    if (result.recorded.length === 0) text += "nothing failed: nothing recorded\n";
    for (const r of result.recorded) {
      text += forTerminal(`- ${r.task_id}: failure:${r.id} ${r.message ?? ""} (${r.layer})\n`);
    }
  }
  if (result.prior_art) text += priorArtText(result.prior_art);
  return text;
}

function priorArtText(list: readonly TaskPriorArt[]): string {
  let text = `\n${colour.bold("## Prior art a next run would be given")}\n`;
  for (const p of list) {
    text += `\n${colour.bold(forTerminal(p.task))}\n${forTerminal(p.text ? p.text : "(nothing relevant)")}\n`;
  }
  return text;
}
