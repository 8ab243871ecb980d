import { existsSync } from "node:fs";
import type { Command } from "commander";
import { withStore } from "../memory-store.js";
import { type DbOptions, positiveInt } from "../options.js";
import { out, printJson, table } from "../output.js";
import { forTerminal } from "../terminal.js";

interface PlanCommandOptions extends DbOptions {
  out: string;
  attempt: number;
  maxAttempts: number;
  maxTokens: number;
}

/** The memory a plan reads prior art from: --db, else FAK_DB_URL, else the default file if it exists. */
const DEFAULT_DB_FILE = ".fak/memory.db";

export function registerPlan(program: Command): void {
  program
    .command("plan")
    .description(
      "plan the rerun of every failed trial: retry with a brief, rerun unchanged (harness-caused), hold for review; writes Harbor job configs, tb commands, briefs and a README of what to run",
    )
    .argument(
      "<runs...>",
      "Harbor job or tb run folders (or folders holding them, or trial folders)",
    )
    .requiredOption(
      "--out <dir>",
      "write plan.json, README.md, the briefs, Harbor configs and tb prompt templates",
    )
    .option(
      "--db <url>",
      `memory the briefs cite prior art from (default: FAK_DB_URL, else ${DEFAULT_DB_FILE} if it exists)`,
    )
    .option("--attempt <n>", "the attempt these runs were (1 = the first)", positiveInt, 1)
    .option("--max-attempts <m>", "attempts allowed in all", positiveInt, 3)
    .option("--max-tokens <n>", "token budget of each brief's prior art", positiveInt, 400)
    .option("--json", "print the plan (see `fak schema Plan`)")
    .action(async (runs: string[], opts: PlanCommandOptions) => {
      const replay = await import("@fak/replay");
      const read = await replay.readRuns(runs);
      const plan = (store?: import("@fak/replay").PlanOptions["store"]) =>
        replay.buildPlan(read, {
          out: opts.out,
          attempt: opts.attempt,
          maxAttempts: opts.maxAttempts,
          maxTokens: opts.maxTokens,
          ...(store ? { store } : {}),
        });
      const useMemory = Boolean(opts.db || process.env.FAK_DB_URL || existsSync(DEFAULT_DB_FILE));
      const result = useMemory ? await withStore(opts, (store) => plan(store)) : await plan();
      const written = replay.writeOutputFiles(opts.out, result.files);
      if (opts.json) return printJson(result.plan);
      await out(planText(result.plan, written));
    });
}

function planText(plan: import("@fak/replay").Plan, written: string[]): string {
  if (plan.items.length === 0)
    return forTerminal(`no failed trial: nothing to plan\n${wroteLines(written)}`);
  const rows = plan.items.map((i) => [
    i.task,
    i.trial_id,
    i.decision,
    i.decision === "retry" ? i.action : "",
    i.memories_injected.map((id) => `failure:${id}`).join(" "),
    i.rerun ?? (i.decision === "hold" ? "held: never rerun" : "nowhere"),
  ]);
  const n = (d: string) => plan.items.filter((i) => i.decision === d).length;
  let text = `${plan.items.length} failed trial(s): ${n("retry")} retried with a brief, ${n("rerun_unchanged")} rerun unchanged, ${n("hold")} held for review, ${n("none")} not retried\n\n`;
  text += `${table(["task", "trial", "decision", "action", "memories", "rerun"], rows)}\n`;
  const notes = [...plan.harbor.notes, ...plan.tb.notes];
  if (notes.length > 0) text += `\nnot planned:\n${notes.map((n) => `  ${n}\n`).join("")}`;
  return forTerminal(`${text}\n${wroteLines(written)}`);
}

function wroteLines(written: string[]): string {
  const readme = written.find((f) => f.endsWith("README.md"));
  return `wrote ${written.length} file(s)${readme ? `; what to run: ${readme}` : ""}\n`;
}
