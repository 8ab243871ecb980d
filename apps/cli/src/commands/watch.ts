import { stat } from "node:fs/promises";
import type { IngestedTrial, WatchEndLine, WatchTrialLine } from "@fak/replay";
import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { type Store, withStore } from "../memory-store.js";
import { positiveInt } from "../options.js";
import { colour, jsonText, out } from "../output.js";
import { scrubbedCopy } from "../scrubbed.js";
import { statusLine } from "../status-line.js";
import { forTerminal } from "../terminal.js";
import { countsLine } from "./run-tables.js";

interface WatchOptions {
  json?: boolean;
  timeout?: number;
  record?: string;
  plan?: string;
}

/** Exit status when `--timeout` passes before the job or run ends. */
export const WATCH_TIMEOUT_EXIT = 3;
/** Exit status when a person stops the watch (Ctrl-C): the counts so far are printed first. */
export const WATCH_STOPPED_EXIT = 130;

/**
 * What happens to each trial as it lands and to the run at its end. Printing and `--record` are
 * sinks; `--plan DIR` is meant to be one more (its `end` writes the plan of the watched folder),
 * added to the list in `watchRun` without touching the follower.
 */
export interface WatchSink {
  trial(line: WatchTrialLine, trial: IngestedTrial): Promise<void>;
  end(summary: WatchEndLine): Promise<void>;
}

export function registerWatch(program: Command): void {
  program
    .command("watch")
    .description(
      "follow a Harbor job or tb run while it is written: each finished trial read and classified as `fak ingest` does, one line each, the counts at the end",
    )
    .argument("<dir>", "the Harbor job folder or tb run folder")
    .option(
      "--json",
      "JSONL: one line per finished trial, then one with the counts (fak schema WatchLine)",
    )
    .option("--timeout <s>", "stop after this many seconds (exit status 3)", positiveInt)
    .option("--record <db>", "record each death into this failure memory as it lands (idempotent)")
    .option(
      "--plan <dir>",
      "when the job or run ends, write the plan of its reruns there, as `fak plan DIR --out` does (citing prior art from --record's memory)",
    )
    .action(async (dir: string, opts: WatchOptions) => {
      const info = await stat(dir).catch(() => undefined);
      if (!info?.isDirectory()) throw new UsageError(`${dir}: not a folder`);
      const summary = opts.record
        ? await withStore({ db: opts.record }, (store) => watchRun(dir, opts, store))
        : await watchRun(dir, opts, undefined);
      if (summary.ended === "timeout") process.exitCode = WATCH_TIMEOUT_EXIT;
      if (summary.ended === "stopped") process.exitCode = WATCH_STOPPED_EXIT;
    });
}

async function watchRun(
  dir: string,
  opts: WatchOptions,
  store: Store | undefined,
): Promise<WatchEndLine> {
  const { followRun } = await import("@fak/replay");
  const status = statusLine(process.stderr, process.stdout, !opts.json);
  const recorder = store ? await deathRecorder(store) : undefined;
  const sinks: WatchSink[] = [printer(opts.json === true, status.print)];
  if (recorder) sinks.push(recorder.sink);
  if (opts.plan) sinks.push(planWriter(dir, opts.plan, store));
  let failed = 0;
  // Ctrl-C ends the watch, not the process: one last poll, then the counts.
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once("SIGINT", onInterrupt);
  const followed = await followRun(dir, {
    ...(opts.timeout === undefined ? {} : { timeoutMs: opts.timeout * 1000 }),
    signal: stop.signal,
    onTrial: async (line, trial) => {
      if (line.status !== "passed") failed++;
      for (const sink of sinks) await sink.trial(line, trial);
    },
    onProgress: (done, total) => status.update(done, total, failed ? `${failed} failed` : ""),
  });
  process.off("SIGINT", onInterrupt);
  status.stop();
  const summary: WatchEndLine = recorder ? { ...followed, recorded: recorder.count() } : followed;
  for (const sink of sinks) await sink.end(summary);
  return summary;
}

/** `--json` lines, or one line for people per trial and a closing line; trial text scrubbed and made terminal-safe. */
function printer(json: boolean, print: (text: string) => Promise<void>): WatchSink {
  return {
    async trial(line) {
      const safe = await scrubbedCopy(line);
      await print(json ? `${jsonText(safe)}\n` : `${trialText(safe)}\n`);
    },
    async end(summary) {
      const safe = await scrubbedCopy(summary);
      await out(json ? `${jsonText(safe)}\n` : `${endText(safe)}\n`);
    },
  };
}

const EVIDENCE_CHARS = 160;

/** `fail  parse__bbb  parse  TEST_MISUNDERSTOOD (agent)  reward 0  verifier/test-stdout.txt:3  E assert …` */
export function trialText(line: WatchTrialLine): string {
  const mark =
    line.status === "passed"
      ? colour.green("pass ")
      : line.status === "errored"
        ? colour.yellow("error")
        : colour.red("fail ");
  const parts = [mark, forTerminal(line.trial_id), forTerminal(line.task)];
  if (line.status !== "passed") {
    const who = line.attribution ? ` (${line.attribution})` : "";
    parts.push(`${forTerminal(line.category)}${forTerminal(who)}`);
  }
  if (line.reward !== null) parts.push(`reward ${line.reward}`);
  const ev = line.evidence;
  if (ev && line.status !== "passed") {
    const where = ev.file ? `${ev.file}${ev.line ? `:${ev.line}` : ""}  ` : "";
    const text = ev.text.length > EVIDENCE_CHARS ? `${ev.text.slice(0, EVIDENCE_CHARS)}…` : ev.text;
    parts.push(forTerminal(`${where}${text}`));
  }
  return parts.join("  ");
}

/** `3 trials reported (finished); TIMEOUT 1, …; 1 skipped; 2 deaths recorded`, then the run model's counts line (without counts: the live tally, `3 trials: 1 passed, 1 failed, 1 errored (timeout)`) */
export function endText(s: WatchEndLine): string {
  const of = s.expected === null ? "" : ` of ${s.expected}`;
  // With the run model's counts, they are the only pass/fail numbers printed (one count per run);
  // the live tally's passed/failed/errored words stay in --json only.
  let text = s.counts
    ? `${s.trials}${of} trials reported (${s.ended})`
    : `${s.trials}${of} trials: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored (${s.ended})`;
  const cats = Object.entries(s.categories).sort((a, b) => b[1] - a[1]);
  if (cats.length) text += `; ${cats.map(([c, n]) => `${c} ${n}`).join(", ")}`;
  if (s.skipped) text += `; ${s.skipped} skipped`;
  if (s.recorded !== undefined) text += `; ${s.recorded} deaths recorded`;
  let out = forTerminal(text);
  // The run's counts as `fak ingest` gives them: the one pass rate to quote.
  if (s.counts) out += `\n${countsLine(s.counts)}`;
  for (const skip of s.skipped_trials)
    out += `\n  skipped ${forTerminal(`${skip.trial}: ${skip.reason}`)}`;
  return out;
}

/**
 * `--record`: each death into the memory as it lands, as `fak ingest --record` writes it (the
 * pipeline over the one trial; harness errors left out as ingest leaves them out). The memory
 * keys rows by their source trial, so watching a run twice adds nothing.
 */
async function deathRecorder(store: Store): Promise<{ sink: WatchSink; count: () => number }> {
  const { agentTrials, runPipeline, trialFromIngested } = await import("@fak/replay");
  let added = 0;
  const sink: WatchSink = {
    async trial(_line, trial) {
      const trials = agentTrials([trial]).map(trialFromIngested);
      if (trials.length === 0) return;
      const result = await runPipeline(trials, { store, record: true });
      added += (result.recorded ?? []).filter((r) => r.status !== "already_present").length;
    },
    async end() {},
  };
  return { sink, count: () => added };
}

/** `--plan DIR`: at the end, the plan of the watched folder's reruns, as `fak plan` writes it. */
function planWriter(dir: string, outDir: string, store: Store | undefined): WatchSink {
  return {
    async trial() {},
    async end(summary) {
      if (summary.ended !== "finished") return;
      const replay = await import("@fak/replay");
      const result = await replay.buildPlan(await replay.readRuns([dir]), {
        out: outDir,
        ...(store ? { store } : {}),
      });
      const written = replay.writeOutputFiles(outDir, result.files);
      const readme = written.find((f) => f.endsWith("README.md"));
      process.stderr.write(
        `${forTerminal(`wrote the plan: ${written.length} file(s)${readme ? `; what to run: ${readme}` : ""}`)}\n`,
      );
    },
  };
}
