import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { FakeHarborTrial, FakeTbTrial } from "./harness-folders.js";
import { writeHarborJob, writeJson, writeTbRun } from "./harness-folders.js";

// A job or run written file by file into a watched folder, in the order its harness writes it
// (see the design note on following a run): a finished folder is staged elsewhere, then copied
// over one file at a time, each result first half-written, with a pause between steps so a
// follower polling the folder sees every state in between.

/** Files of `dir`, recursively, as paths relative to it. */
async function filesIn(dir: string, root = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesIn(p, root)));
    else out.push(relative(root, p));
  }
  return out.sort();
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Copy `from` to `to`, half of it first when it is a result file, pausing after each write. */
async function copyLive(from: string, to: string, ms: number, halfFirst: boolean): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const text = await readFile(from, "utf8");
  if (halfFirst) {
    await writeFile(to, text.slice(0, Math.floor(text.length / 2)));
    await pause(ms);
  }
  await writeFile(to, text);
  await pause(ms);
}

/** Harbor's order inside a trial: lock, log, config, agent/*, verifier/*, exception, result. */
function harborRank(rel: string): number {
  const order = ["lock.json", "trial.log", "config.json", "agent/", "steps/", "verifier/"];
  const i = order.findIndex((p) => rel === p || rel.startsWith(p));
  if (i >= 0) return i;
  return rel === "result.json" ? 8 : rel === "exception.txt" ? 7 : 6;
}

export interface LiveOptions {
  /** Pause between writes, in ms: a few poll intervals of the follower. */
  pauseMs: number;
  /** Called after each trial's result is whole (e.g. to wait until the follower reported it). */
  afterTrial?: (name: string) => Promise<void>;
}

export interface LiveHarborTrial extends FakeHarborTrial {
  /** Written first with this exception, then deleted and written again, as a Harbor retry does. */
  retriedAfter?: { type: string; message: string };
}

/**
 * Write a Harbor job into `target` as Harbor does: config.json, lock.json and result.json
 * (n_total_trials, no finished_at) first; then each trial file by file, the job's result.json
 * rewritten at its start and end; finally the job's result.json with finished_at.
 * `retry` is the job config's retry section.
 */
export async function writeHarborJobLive(
  staging: string,
  target: string,
  trials: LiveHarborTrial[],
  opts: LiveOptions & { retry?: Record<string, unknown> },
): Promise<void> {
  await writeHarborJob(staging, { trials, stats: "none" });
  const config = JSON.parse(await readFile(join(staging, "config.json"), "utf8"));
  if (opts.retry) config.retry = opts.retry;
  await mkdir(target, { recursive: true });
  await writeJson(join(target, "config.json"), config);
  await writeJson(join(target, "lock.json"), { version: 1 });
  const jobResult = (extra: object) => ({
    id: "job-1",
    started_at: "2026-01-01T00:00:00",
    finished_at: null,
    n_total_trials: trials.length,
    stats: { n_completed_trials: 0, n_errored_trials: 0, evals: {} },
    ...extra,
  });
  await writeJson(join(target, "result.json"), jobResult({}));
  await writeFile(join(target, "job.log"), "job started\n");
  await pause(opts.pauseMs);
  for (const t of trials) {
    if (t.retriedAfter) {
      const failed = join(staging, "retried");
      await writeHarborJob(failed, {
        trials: [{ ...t, exception: t.retriedAfter, reward: undefined }],
        stats: "none",
      });
      await copyTrial(join(failed, t.name), join(target, t.name), opts.pauseMs);
      await pause(opts.pauseMs * 3);
      await rm(join(target, t.name), { recursive: true, force: true });
    }
    await copyTrial(join(staging, t.name), join(target, t.name), opts.pauseMs);
    await writeJson(join(target, "result.json"), jobResult({ updated_at: t.name }));
    await opts.afterTrial?.(t.name);
  }
  await writeJson(join(target, "result.json"), jobResult({ finished_at: "2026-01-01T01:00:00" }));
}

async function copyTrial(from: string, to: string, ms: number): Promise<void> {
  const files = (await filesIn(from)).sort((a, b) => harborRank(a) - harborRank(b));
  for (const rel of files)
    await copyLive(join(from, rel), join(to, rel), ms, rel === "result.json");
}

/**
 * Write a tb run into `target` as tb does: run_metadata.json (dataset_size, n_attempts, no
 * end_time) and tb.lock first; each trial's files, its results.json last; the run's results.json
 * rewritten after every trial; run_metadata.json with end_time at the end (`endTime: false`:
 * never, as a resumed run or a failed metadata update leaves it).
 */
export async function writeTbRunLive(
  staging: string,
  target: string,
  runId: string,
  trials: FakeTbTrial[],
  opts: LiveOptions & { endTime?: boolean },
): Promise<void> {
  await writeTbRun(staging, runId, trials);
  const meta = {
    run_id: runId,
    agent_name: "fake-tb-agent",
    model_name: "acme/model-1",
    dataset_size: trials.length,
    n_attempts: 1,
    start_time: "2026-01-01T00:00:00+00:00",
    end_time: null,
  };
  await mkdir(target, { recursive: true });
  await writeJson(join(target, "run_metadata.json"), meta);
  await writeFile(join(target, "tb.lock"), "{}\n");
  await pause(opts.pauseMs);
  const listed = JSON.parse(await readFile(join(staging, "results.json"), "utf8")).results;
  for (const [i, t] of trials.entries()) {
    const entry = listed[i];
    if (!t.missingFolder) {
      const rel = join(t.task, entry.trial_name);
      const files = (await filesIn(join(staging, rel))).sort(
        (a, b) => Number(a === "results.json") - Number(b === "results.json"),
      );
      for (const f of files)
        await copyLive(
          join(staging, rel, f),
          join(target, rel, f),
          opts.pauseMs,
          f === "results.json",
        );
    }
    await writeJson(join(target, "results.json"), { id: "r", results: listed.slice(0, i + 1) });
    await opts.afterTrial?.(entry.trial_name);
  }
  if (opts.endTime !== false)
    await writeJson(join(target, "run_metadata.json"), {
      ...meta,
      end_time: "2026-01-01T01:00:00",
    });
}

/**
 * Write a finished job or run folder (`from`) into `target` again as its harness wrote it:
 * Harbor's job files first with `result.json` not yet finished, then each trial file by file
 * (its result half-written first), then the finished `result.json`; tb's `run_metadata.json`
 * without `end_time` and `tb.lock`, each trial with its `results.json` last, the run's
 * `results.json` rewritten after each with the entries seen so far, the original files last.
 */
export async function replayFinishedRun(
  from: string,
  target: string,
  harness: "harbor" | "tb",
  opts: LiveOptions,
): Promise<void> {
  await mkdir(target, { recursive: true });
  const subdirs = async (d: string) =>
    (await readdir(d, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  const tops = (await readdir(from, { withFileTypes: true })).filter((e) => e.isFile());
  const read = async (name: string) => JSON.parse(await readFile(join(from, name), "utf8"));
  if (harness === "harbor") {
    for (const f of tops) {
      if (f.name === "result.json") {
        await writeJson(join(target, f.name), { ...(await read(f.name)), finished_at: null });
      } else await copyLive(join(from, f.name), join(target, f.name), opts.pauseMs, false);
    }
    for (const trial of await subdirs(from)) {
      await copyTrial(join(from, trial), join(target, trial), opts.pauseMs);
      await opts.afterTrial?.(trial);
    }
    if (tops.some((f) => f.name === "result.json"))
      await copyLive(join(from, "result.json"), join(target, "result.json"), opts.pauseMs, false);
    return;
  }
  const meta = await read("run_metadata.json");
  await writeJson(join(target, "run_metadata.json"), { ...meta, end_time: null });
  if (tops.some((f) => f.name === "tb.lock"))
    await copyLive(join(from, "tb.lock"), join(target, "tb.lock"), opts.pauseMs, false);
  const listing = tops.some((f) => f.name === "results.json") ? await read("results.json") : null;
  const seen = new Set<string>();
  for (const task of await subdirs(from)) {
    for (const trial of await subdirs(join(from, task))) {
      const rel = join(task, trial);
      const files = (await filesIn(join(from, rel))).sort(
        (a, b) => Number(a === "results.json") - Number(b === "results.json"),
      );
      for (const f of files)
        await copyLive(
          join(from, rel, f),
          join(target, rel, f),
          opts.pauseMs,
          f === "results.json",
        );
      seen.add(trial);
      if (listing) {
        const so = listing.results.filter((r: { trial_name?: string }) =>
          seen.has(r.trial_name ?? ""),
        );
        await writeJson(join(target, "results.json"), { ...listing, results: so });
      }
      await opts.afterTrial?.(trial);
    }
  }
  for (const f of tops)
    if (f.name !== "tb.lock")
      await copyLive(join(from, f.name), join(target, f.name), opts.pauseMs, false);
}
