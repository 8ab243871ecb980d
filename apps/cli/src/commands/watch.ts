import { stat } from "node:fs/promises";
import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { withStore } from "../memory-store.js";
import { positiveInt } from "../options.js";
import { forTerminal } from "../terminal.js";

interface WatchOptions {
  json?: boolean;
  timeout?: number;
  record?: string;
  plan?: string;
}

/** Exit status when `--timeout` passes before the job or run ends. */
export const WATCH_TIMEOUT_EXIT = 3;

export function registerWatch(program: Command): void {
  program
    .command("watch")
    .description("follow a Harbor job or tb run while it is written; one line per finished trial")
    .argument("<dir>", "the Harbor job folder or tb run folder")
    .option("--json", "JSONL output: one line per finished trial, then one with the counts")
    .option("--timeout <s>", "stop after this many seconds (exit status 3)", positiveInt)
    .option("--record <db>", "record each failed trial's death into this memory as it lands")
    .option("--plan <dir>", "when the run ends, write its plan of reruns there (as `fak plan`)")
    .action(async (dir: string, opts: WatchOptions) => {
      const info = await stat(dir).catch(() => undefined);
      if (!info?.isDirectory()) throw new UsageError(`${dir}: not a folder`);
      const replay = await import("@fak/replay");
      const follow = (store?: Parameters<typeof replay.recordLanded>[1]) =>
        replay.followRun(dir, {
          timeoutMs: opts.timeout === undefined ? undefined : opts.timeout * 1000,
          onTrial: async (t) => {
            const recorded = store ? await replay.recordLanded(t.dir, store) : undefined;
            const ids = recorded?.map((r) => r.id);
            const verdict = t.passed === null ? "unknown" : t.passed ? "passed" : "failed";
            const line = { trial_id: t.trial_id, dir: t.dir, passed: t.passed };
            const also = ids?.length
              ? ` (recorded ${ids.map((id) => `failure:${id}`).join(", ")})`
              : "";
            process.stdout.write(
              opts.json
                ? `${JSON.stringify(ids ? { ...line, recorded: ids } : line)}\n`
                : forTerminal(`${verdict.padEnd(7)} ${t.trial_id}${also}\n`),
            );
          },
        });
      const result = opts.record
        ? await withStore({ db: opts.record }, (store) => follow(store))
        : await follow();
      const counts = {
        ended: result.ended,
        trials: result.trials.length,
        passed: result.passed,
        failed: result.failed,
        unknown: result.unknown,
      };
      process.stdout.write(
        opts.json
          ? `${JSON.stringify(counts)}\n`
          : `${counts.trials} trials: ${counts.passed} passed, ${counts.failed} failed, ${counts.unknown} unknown (${counts.ended})\n`,
      );
      if (opts.plan && result.ended === "finished") {
        const { files } = await replay.buildPlan(await replay.readRuns([dir]), { out: opts.plan });
        const written = replay.writeOutputFiles(opts.plan, files);
        const readme = written.find((f) => f.endsWith("README.md"));
        if (!opts.json) process.stdout.write(forTerminal(`plan: ${readme}\n`));
      }
      if (result.ended === "timeout") process.exitCode = WATCH_TIMEOUT_EXIT;
    });
}
