import { stat } from "node:fs/promises";
import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { positiveInt } from "../options.js";
import { jsonText } from "../output.js";
import { scrubber } from "../scrubbed.js";
import { forTerminal } from "../terminal.js";

interface WatchOptions {
  json?: boolean;
  timeout?: number;
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
    .action(async (dir: string, opts: WatchOptions) => {
      const info = await stat(dir).catch(() => undefined);
      if (!info?.isDirectory()) throw new UsageError(`${dir}: not a folder`);
      const { followRun } = await import("@fak/replay");
      // Trial folder names are data: scrubbed, and safe for a terminal (JSON escapes the rest).
      const scrub = await scrubber();
      const result = await followRun(dir, {
        timeoutMs: opts.timeout === undefined ? undefined : opts.timeout * 1000,
        onTrial: (t) => {
          const verdict = t.passed === null ? "unknown" : t.passed ? "passed" : "failed";
          const id = scrub(t.trial_id);
          process.stdout.write(
            opts.json
              ? `${jsonText({ trial_id: id, dir: scrub(t.dir), passed: t.passed })}\n`
              : `${verdict.padEnd(7)} ${forTerminal(id)}\n`,
          );
        },
      });
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
      if (result.ended === "timeout") process.exitCode = WATCH_TIMEOUT_EXIT;
    });
}
