// What a Harbor job's or a tb run's own files say while it runs: which harness, whether it has
// ended, how many trials it planned, and (Harbor) which exceptions it will retry.
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { readFileSafe } from "../files/fs-safe.js";

/** A job-level JSON file as an object; undefined while it is absent or half-written. */
async function readJsonObject(file: string): Promise<Record<string, unknown> | undefined> {
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
 * A reader of the run-level files of `dir`, called once per poll. Harbor (`config.json`,
 * `lock.json`, then `result.json` first): the job has ended when its `result.json` has
 * `finished_at` (written once, after the last trial; a job that crashed never writes it). tb
 * (`run_metadata.json` and `tb.lock` first; the run's `results.json` rewritten after every
 * trial, harness exceptions included): the run has ended when its `results.json` lists every
 * planned trial (`dataset_size × n_attempts` of `run_metadata.json`). `end_time` is not enough:
 * tb writes it only at the end of a fresh run whose metadata still validates, never on
 * `tb runs resume` (a resumed run keeps the old one, or none); it decides only when the metadata
 * gives no size. The run's `results.json` grows with the run: it is parsed again only when it
 * changed, and (a large one) at most a twentieth of the time.
 * @example const read = runStateReader("runs/r1"); (await read()).ended // false while tb runs
 */
export function runStateReader(dir: string): () => Promise<RunState> {
  const listing = listingCounter(join(dir, "results.json"));
  return async () => {
    const meta = await readJsonObject(join(dir, "run_metadata.json"));
    if (meta) {
      const size = count(meta.dataset_size);
      const attempts = count(meta.n_attempts);
      if (size === undefined || attempts === undefined)
        return { harness: "tb", ended: Boolean(meta.end_time) };
      const expected = size * attempts;
      return { harness: "tb", ended: (await listing()) >= expected, expected };
    }
    const config = await readJsonObject(join(dir, "config.json"));
    const job = await readJsonObject(join(dir, "result.json"));
    if (!config && !job) return { ended: false };
    const state: RunState = { harness: "harbor", ended: Boolean(job?.finished_at) };
    const expected = count(job?.n_total_trials);
    if (expected !== undefined) state.expected = expected;
    if (config) state.config = config;
    return state;
  };
}

const LARGE_LISTING_BYTES = 1024 * 1024;

/** How many trials tb's `results.json` lists (0 while absent or half-written), re-read only when it changed. */
function listingCounter(file: string): () => Promise<number> {
  let seen = "";
  let listed = 0;
  let notBefore = 0;
  return async () => {
    const info = await lstat(file).catch(() => undefined);
    const stamp = info ? `${info.size}:${info.mtimeMs}` : "";
    if (stamp === seen || Date.now() < notBefore) return listed;
    const started = Date.now();
    const results = await readJsonObject(file);
    if (!results) return listed;
    seen = stamp;
    listed = Array.isArray(results.results) ? results.results.length : 0;
    // A large listing (a very large run) waits twenty times its parse before the next parse.
    if (info && info.size > LARGE_LISTING_BYTES)
      notBefore = Date.now() + 20 * (Date.now() - started);
    return listed;
  };
}
