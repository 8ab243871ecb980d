// What a Harbor job's or a tb run's own files say while it runs: which harness, whether it has
// ended, how many trials it planned, and (Harbor) which exceptions it will retry.
import { join } from "node:path";
import { readFileSafe } from "../files/fs-safe.js";

/** A job-level JSON file as an object; undefined while it is absent or half-written. */
export async function readJsonObject(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const value = JSON.parse((await readFileSafe(file)).text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const count = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined;

/** Harbor's default `retry.exclude_exceptions` (models/job/config.py RetryConfig, 0.22.0). */
const HARBOR_NO_RETRY = [
  "AgentTimeoutError",
  "VerifierTimeoutError",
  "RewardFileNotFoundError",
  "RewardFileEmptyError",
  "VerifierOutputParseError",
  "ApiUsageLimitError",
  "AgentSafetyRefusalError",
  "AgentAuthenticationError",
  "ModelNotFoundError",
];

/**
 * Whether Harbor may still retry a trial that ended with `exceptionType`, by the job config's
 * `retry` (Harbor's `_should_retry_exception`): only with `max_retries` above 0, never an
 * excluded type, and only an included one when `include_exceptions` is set. A retry deletes
 * the trial folder and writes it again, so such a result is not final until the job ends.
 */
export function harborMayRetry(config: Record<string, unknown>, exceptionType: string): boolean {
  const retry = config.retry as Record<string, unknown> | null | undefined;
  if (!retry || !count(retry.max_retries)) return false;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : null);
  const exclude =
    retry.exclude_exceptions === undefined ? HARBOR_NO_RETRY : list(retry.exclude_exceptions);
  if (exclude?.includes(exceptionType)) return false;
  const include = list(retry.include_exceptions);
  return !include?.length || include.includes(exceptionType);
}

export type WatchedHarness = "harbor" | "tb";

/** One look at the run's own files. */
export interface RunState {
  /** undefined until the harness has written its first run-level file. */
  harness?: WatchedHarness;
  ended: boolean;
  /** Trials the run planned, when its files say. */
  expected?: number;
  /** Harbor: the job's config.json, once it parses. */
  config?: Record<string, unknown>;
}

/**
 * Read the run-level files of `dir`. Harbor (`config.json`, `lock.json`, then `result.json`
 * first): the job has ended when its `result.json` has `finished_at` (written once, after the
 * last trial; a job that crashed never writes it). tb (`run_metadata.json` and `tb.lock` first;
 * the run's `results.json` rewritten after every trial, harness exceptions included): the run
 * has ended when its `results.json` lists every planned trial (`dataset_size × n_attempts` of
 * `run_metadata.json`). `end_time` is not enough: tb writes it only at the end of a fresh run
 * whose metadata still validates, never on `tb runs resume`, and a resumed run keeps the old
 * one; it decides only when the metadata gives no size.
 */
export async function readRunState(dir: string): Promise<RunState> {
  const meta = await readJsonObject(join(dir, "run_metadata.json"));
  if (meta) return tbState(dir, meta);
  const config = await readJsonObject(join(dir, "config.json"));
  const job = await readJsonObject(join(dir, "result.json"));
  if (!config && !job) return { ended: false };
  const state: RunState = { harness: "harbor", ended: Boolean(job?.finished_at) };
  const expected = count(job?.n_total_trials);
  if (expected !== undefined) state.expected = expected;
  if (config) state.config = config;
  return state;
}

async function tbState(dir: string, meta: Record<string, unknown>): Promise<RunState> {
  const size = count(meta.dataset_size);
  const attempts = count(meta.n_attempts);
  if (size === undefined || attempts === undefined)
    return { harness: "tb", ended: Boolean(meta.end_time) };
  const expected = size * attempts;
  const results = await readJsonObject(join(dir, "results.json"));
  const listed = Array.isArray(results?.results) ? results.results.length : 0;
  return { harness: "tb", ended: listed >= expected, expected };
}
