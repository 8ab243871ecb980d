// Follow a Harbor job or a tb run while it is written: each finished trial read by the importers
// `fak ingest` uses, classified as it classifies, and reported once.
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { listSubdirs, pathKind, UnreadableFileError } from "../files/fs-safe.js";
import { collectAfterLargeReads } from "../files/heap.js";
import { ingestHarbor, readHarborJob, readHarborTrial } from "../importers/harbor/index.js";
import { drain } from "../importers/ingest.js";
import type { IngestedTrial, RunCounts, SkippedTrial } from "../importers/ingest-types.js";
import { isSkipped } from "../importers/ingest-types.js";
import { passRate } from "../importers/run-counts.js";
import { ingestTb, readTbRun, readTbTrial } from "../importers/tb/index.js";
import { harborMayRetry, type RunState, runStateReader, type WatchedHarness } from "./run-state.js";
import { type WatchEndLine, type WatchTrialLine, watchTrialLine } from "./watch-line.js";

export interface FollowOptions {
  /** Poll interval in ms (default 500). */
  intervalMs?: number;
  /** Give up after this many ms (undefined: wait for the run's end). */
  timeoutMs?: number;
  /** Stop when this aborts (a person's Ctrl-C): one last poll, then the counts, `ended: "stopped"`. */
  signal?: AbortSignal;
  /** Each finished trial, once: the imported trial and its line. Awaited before the next. */
  onTrial: (line: WatchTrialLine, trial: IngestedTrial) => void | Promise<void>;
  /** After each poll: trials reported so far and, when the run's files say, how many it planned. */
  onProgress?: (done: number, expected: number | undefined) => void;
}

/** The run's counts at its end; `recorded` is the caller's to fill. */
export type FollowResult = Omit<WatchEndLine, "recorded">;

/** Skipped trials kept by name and reason; the rest are only counted. */
const SKIPS_KEPT = 50;

/** One trial folder of the run: its key (path relative to the run) and how to read it. */
interface Candidate {
  key: string;
  /** Read the trial; `ended`: the run has ended, so what is there is all there will be. */
  read: (ended: boolean) => Promise<IngestedTrial | SkippedTrial>;
}

/**
 * Poll `dir` until its run ends or `timeoutMs` passes. A trial is reported once, the first time
 * the importer reads it whole (a half-written result is tried again next poll); a Harbor result
 * with an exception the job's retry policy may still retry waits for the job's end, since the
 * retry deletes and rewrites it. Memory is bounded: the trials themselves are handed to
 * `onTrial` and dropped; only their folder names, start times (to number attempts) and the
 * counts are kept.
 * @example const end = await followRun("jobs/2026-01-15__09-30-00", { onTrial: (l) => console.log(l.trial_id) });
 */
export async function followRun(dir: string, opts: FollowOptions): Promise<FollowResult> {
  const interval = Math.min(Math.max(opts.intervalMs ?? 500, 10), 5000);
  const deadline = opts.timeoutMs === undefined ? Infinity : Date.now() + opts.timeoutMs;
  const done = new Set<string>();
  const end = emptyEnd();
  const skips: SkippedTrial[] = [];
  const starts = new Map<string, Array<[string, string]>>();
  let state: RunState = { ended: false };
  let readers: TrialReaders | undefined;
  const readState = runStateReader(dir);
  for (;;) {
    state = await readState();
    readers ??= await trialReaders(dir, state);
    const last = state.ended || Date.now() >= deadline || opts.signal?.aborted === true;
    if (readers) {
      for (const c of await readers.candidates()) {
        if (done.has(c.key)) continue;
        const item = await c.read(state.ended);
        collectAfterLargeReads();
        if (isSkipped(item)) {
          // Not written yet or half-written: tried again next poll; skipped once the run ended.
          if (state.ended) {
            done.add(c.key);
            end.skipped++;
            if (skips.length < SKIPS_KEPT) skips.push(item);
          }
          continue;
        }
        if (!last && readers.mayChange(item)) continue;
        done.add(c.key);
        numberAttempt(starts, item);
        const line = watchTrialLine(item);
        countInto(end, line);
        await opts.onTrial(line, item);
      }
    }
    opts.onProgress?.(end.trials, state.expected);
    if (last) break;
    await sleep(interval, opts.signal);
  }
  end.ended = state.ended ? "finished" : opts.signal?.aborted ? "stopped" : "timeout";
  end.harness = state.harness ?? null;
  end.expected = state.expected ?? null;
  end.skipped_trials = skips.map((s) => ({ trial: s.trial, reason: s.reason }));
  if (readers) {
    end.counts = await finalCounts(dir, readers.harness);
    end.pass_rate = end.counts ? passRate(end.counts) : null;
  }
  return end;
}

/**
 * The folder's counts exactly as `fak ingest` gives them: the same importer stream, read once
 * more at the end (the live lines report trials as they land; the counts need the job's own
 * listing, its missing folders and its trials without a result). Null when it cannot be read.
 */
async function finalCounts(dir: string, harness: WatchedHarness): Promise<RunCounts | null> {
  try {
    const run = await drain(harness === "harbor" ? ingestHarbor(dir) : ingestTb(dir), () => {});
    return run.counts;
  } catch (err) {
    if (err instanceof InputError || err instanceof UnreadableFileError) return null;
    throw err;
  }
}

/**
 * A Harbor trial's attempt, numbered as `fak ingest` numbers it (`numberAttempts`: by start time
 * within its task, then by name) among the trials of its task reported so far; `starts` keeps
 * each task's sort keys. It matches ingest's whenever a task's attempts finish in the order they
 * started. tb trials carry theirs (`K-of-N`).
 */
function numberAttempt(starts: Map<string, Array<[string, string]>>, trial: IngestedTrial): void {
  if (trial.attempt !== undefined) return;
  const mine: [string, string] = [trial.started_at ?? "", trial.trial_id];
  const before = ([start, id]: [string, string]) =>
    (start.localeCompare(mine[0]) || id.localeCompare(mine[1])) < 0;
  const seen = starts.get(trial.task) ?? [];
  trial.attempt = seen.filter(before).length + 1;
  seen.push(mine);
  starts.set(trial.task, seen);
}

/** Wait `ms`, or less when `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

function emptyEnd(): FollowResult {
  return {
    event: "end",
    ended: "timeout",
    harness: null,
    counts: null,
    pass_rate: null,
    trials: 0,
    passed: 0,
    failed: 0,
    errored: 0,
    categories: {},
    attributions: {},
    expected: null,
    skipped: 0,
    skipped_trials: [],
  };
}

function countInto(end: FollowResult, line: WatchTrialLine): void {
  end.trials++;
  end[line.status]++;
  if (line.status === "passed") return;
  end.categories[line.category] = (end.categories[line.category] ?? 0) + 1;
  if (line.attribution)
    end.attributions[line.attribution] = (end.attributions[line.attribution] ?? 0) + 1;
}

interface TrialReaders {
  harness: WatchedHarness;
  candidates(): Promise<Candidate[]>;
  /** A result the harness may still replace (Harbor: an exception its retry policy retries). */
  mayChange(trial: IngestedTrial): boolean;
}

/**
 * The run's trial folders and their importer, once the run-level files say which harness wrote
 * it and the importer can list it (undefined until then). The job or run context (job name,
 * turn budget, agent, model) is read once, as `fak ingest` reads it.
 */
async function trialReaders(dir: string, state: RunState): Promise<TrialReaders | undefined> {
  if (state.harness === "harbor") {
    // Harbor writes config.json first; a job that ended without one is read without retry rules.
    if (!state.config && !state.ended) return undefined;
    const config = state.config ?? {};
    const job = await readHarborJob(dir).catch(() => undefined);
    if (!job) return undefined;
    const ctx =
      job.budgetTurns === undefined
        ? { job: job.job }
        : { job: job.job, budgetTurns: job.budgetTurns };
    return {
      harness: "harbor",
      async candidates() {
        const { dirs } = await listSubdirs(dir);
        return dirs.map((name) => ({
          key: name,
          // While the job runs, a trial is finished only once its result.json is there (Harbor
          // logs a failure in trial.log before it writes the result); at the end, what it has.
          read: async (ended: boolean) =>
            ended || (await pathKind(join(dir, name, "result.json"))) === "file"
              ? readHarborTrial(dir, name, ctx)
              : { job: job.job, trial: name, reason: "no result.json yet" },
        }));
      },
      mayChange(trial) {
        const cause = trial.signals.trial?.cause?.name;
        return cause !== undefined && harborMayRetry(config, cause);
      },
    };
  }
  if (state.harness === "tb") {
    const run = await readTbRun(dir).catch(() => undefined);
    if (!run) return undefined;
    const ctx = {
      job: run.job,
      ...(run.agent && { agent: run.agent }),
      ...(run.model && { model: run.model }),
    };
    return {
      harness: "tb",
      async candidates() {
        const out: Candidate[] = [];
        for (const task of (await listSubdirs(dir)).dirs) {
          for (const name of (await listSubdirs(join(dir, task))).dirs) {
            if (!TB_TRIAL.test(name)) continue;
            const key = join(task, name);
            out.push({ key, read: () => readTbTrial(join(dir, key), name, ctx) });
          }
        }
        return out;
      },
      mayChange: () => false,
    };
  }
  return undefined;
}

/** A tb trial folder's name, `<task>.K-of-N[.<run_id>]` (as the tb importer lists them). */
const TB_TRIAL = /\.\d+-of-\d+(?:\.|$)/;
