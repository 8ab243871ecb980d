import type { PipelineResult, TaskPriorArt } from "@fak/replay";
import type { RetryDirective } from "@fak/taxonomy";
import type { DbOptions } from "../options.js";
import { colour, out, table } from "../output.js";

/** Options of the commands that run the whole pipeline. */
export interface PipelineCommandOptions extends DbOptions {
  out?: string;
  record?: boolean;
  attempt: number;
  maxAttempts: number;
  maxTokens: number;
}

type Store = Awaited<ReturnType<typeof import("@fak/memory").openStore>>;

/** Open the failure memory only when the run records into it. */
export async function maybeStore<T>(
  opts: PipelineCommandOptions,
  work: (store: Store | undefined) => Promise<T>,
): Promise<T> {
  if (!opts.record) return work(undefined);
  const { openStore } = await import("@fak/memory");
  const store = await openStore(opts.db ? { url: opts.db } : {});
  try {
    return await work(store);
  } finally {
    store.close();
  }
}

export function directivesTable(directives: readonly RetryDirective[]): string {
  if (directives.length === 0) return "no failed task to retry\n";
  const rows = directives.map((d) => [
    d.task_id,
    d.should_retry ? colour.green("retry") : colour.yellow("stop"),
    d.action,
    d.safety_hold ? colour.yellow("HOLD") : "",
    d.rationale,
  ]);
  return `${table(["task", "decision", "action", "hold", "rationale"], rows)}\n`;
}

/** For people: what was recorded into the failure memory and what each task's next run would see. */
export async function printMemory(result: PipelineResult): Promise<void> {
  if (result.recorded) {
    await out(`\n${colour.bold("## Recorded in the failure memory")}\n\n`);
    if (result.recorded.length === 0) await out("nothing failed: nothing recorded\n");
    for (const r of result.recorded) {
      await out(`- ${r.task_id}: failure:${r.id} ${r.message ?? ""} (${r.layer})\n`);
    }
  }
  if (result.prior_art) await printPriorArt(result.prior_art);
}

async function printPriorArt(list: readonly TaskPriorArt[]): Promise<void> {
  await out(`\n${colour.bold("## Prior art a next run would be given")}\n`);
  for (const p of list) {
    await out(`\n${colour.bold(p.task)}\n${p.text ? p.text : "(nothing relevant)"}\n`);
  }
}
