// Follow a Harbor job or a tb run while it is written: each finished trial reported once.
import { join } from "node:path";
import { listSubdirs, readFileSafe } from "../files/fs-safe.js";

/** One finished trial, as the follower reports it. */
export interface WatchedTrial {
  trial_id: string;
  dir: string;
  passed: boolean | null;
}

export interface FollowOptions {
  /** Poll interval in ms (default 500). */
  intervalMs?: number;
  /** Give up after this many ms (undefined: wait for the run's end). */
  timeoutMs?: number;
  onTrial: (trial: WatchedTrial) => void | Promise<void>;
}

export interface FollowResult {
  ended: "finished" | "timeout";
  trials: WatchedTrial[];
  passed: number;
  failed: number;
  unknown: number;
}

/** Parse a JSON file; undefined while it is absent or half-written (retried next poll). */
async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const { text } = await readFileSafe(file);
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function harborPassed(result: Record<string, unknown>): boolean | null {
  const rewards = (result.verifier_result as { rewards?: Record<string, number> } | null)?.rewards;
  if (!rewards) return null;
  const values = Object.values(rewards);
  return values.length > 0 && values.every((v) => v >= 1);
}

/** Trials finished now: Harbor `<trial>/result.json` with finished_at, tb `<task>/<trial>/results.json`. */
async function scan(dir: string): Promise<Map<string, WatchedTrial>> {
  const found = new Map<string, WatchedTrial>();
  for (const name of (await listSubdirs(dir)).dirs) {
    const sub = join(dir, name);
    const harbor = await readJson(join(sub, "result.json"));
    if (harbor?.finished_at) {
      const id = typeof harbor.trial_name === "string" ? harbor.trial_name : name;
      found.set(id, { trial_id: id, dir: sub, passed: harborPassed(harbor) });
      continue;
    }
    for (const trial of (await listSubdirs(sub)).dirs) {
      const tb = await readJson(join(sub, trial, "results.json"));
      if (!tb) continue;
      const id = typeof tb.trial_name === "string" ? tb.trial_name : trial;
      const resolved = typeof tb.is_resolved === "boolean" ? tb.is_resolved : null;
      found.set(id, { trial_id: id, dir: join(sub, trial), passed: resolved });
    }
  }
  return found;
}

/** The run has ended: Harbor's job result.json has finished_at; tb's run_metadata.json an end_time. */
async function runEnded(dir: string): Promise<boolean> {
  const job = await readJson(join(dir, "result.json"));
  if (job?.finished_at) return true;
  const meta = await readJson(join(dir, "run_metadata.json"));
  return Boolean(meta?.end_time);
}

/**
 * Poll `dir` until its run ends or `timeoutMs` passes. A trial is reported once, the first time
 * its result parses; a result a retry deletes and rewrites is not reported again.
 */
export async function followRun(dir: string, opts: FollowOptions): Promise<FollowResult> {
  const interval = Math.min(Math.max(opts.intervalMs ?? 500, 10), 5000);
  const deadline = opts.timeoutMs === undefined ? Infinity : Date.now() + opts.timeoutMs;
  const seen = new Map<string, WatchedTrial>();
  let ended: FollowResult["ended"] = "timeout";
  for (;;) {
    const finished = await runEnded(dir);
    for (const [id, trial] of await scan(dir)) {
      if (seen.has(id)) continue;
      seen.set(id, trial);
      await opts.onTrial(trial);
    }
    if (finished) {
      ended = "finished";
      break;
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, interval));
  }
  const trials = [...seen.values()];
  return {
    ended,
    trials,
    passed: trials.filter((t) => t.passed === true).length,
    failed: trials.filter((t) => t.passed === false).length,
    unknown: trials.filter((t) => t.passed === null).length,
  };
}
