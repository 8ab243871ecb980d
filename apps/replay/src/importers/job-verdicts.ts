import { basename, join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { readJsonSafe, UnreadableFileError } from "../files/fs-safe.js";
import { harborJobResultSchema } from "./harbor/schemas.js";
import { causeFromHarness, causeFromTbFailureMode } from "./harness-causes.js";
import type { HarnessKind, ListedVerdict } from "./ingest-types.js";
import { type LoggedFailure, RUN_LOG_FILE, readRunLogFailures } from "./run-log.js";
import { tbRunResultsSchema } from "./tb/schemas.js";

// The trials a job's own result file lists, each with the job's verdict: a trial listed there
// is counted on that verdict even when its folder is missing or its own result was lost.

/** The job's result file each harness writes, relative to the job folder. */
export const JOB_RESULT_FILE: Record<HarnessKind, string> = {
  harbor: "result.json",
  tb: "results.json",
};

/**
 * The job's verdict on every trial its own result file lists, by trial name: Harbor's reward
 * buckets (`reward_stats`, the reward named `reward` first) and `exception_stats`; tb's
 * `results[]` (`is_resolved`, `failure_mode`). Empty when the job wrote no such file or it is
 * damaged (the importer notes a damaged file).
 * @example (await readJobVerdicts("tb", "runs/r1")).get("hello.1-of-1.r1")?.passed // true
 */
export async function readJobVerdicts(
  kind: HarnessKind,
  dir: string,
): Promise<Map<string, ListedVerdict>> {
  const file = JOB_RESULT_FILE[kind];
  let listing: Map<string, ListedVerdict>;
  try {
    listing = kind === "harbor" ? await harborListing(dir, file) : await tbListing(dir, file);
  } catch (err) {
    if (!(err instanceof UnreadableFileError || err instanceof InputError)) throw err;
    listing = new Map();
  }
  addLogged(kind, listing, await readRunLogFailures(kind, dir), basename(dir));
  return listing;
}

/**
 * The job's log gives a verdict to a failed trial its result file does not list (the job ended
 * before writing it) and a cause to a listed failure that has none; the result file's own verdict
 * stands. A tb failure names only its task: it goes to that task's listed trial without a cause,
 * else to the task's first attempt (`TASK.1-of-1.RUN`).
 */
function addLogged(
  kind: HarnessKind,
  listing: Map<string, ListedVerdict>,
  logged: LoggedFailure[],
  run: string,
): void {
  for (const f of logged) {
    const cause = causeFromHarness(
      kind === "harbor" ? "TrialFailed" : "HarnessExecutionFailed",
      f.message,
    );
    const byTask = f.task ? [...listing.values()].filter((v) => v.task === f.task) : [];
    const name =
      f.trial ??
      byTask.find((v) => !v.passed && !v.cause)?.trial ??
      byTask[0]?.trial ??
      `${f.task}.1-of-1.${run}`;
    const known = listing.get(name);
    if (known) {
      if (!known.passed && !known.cause) {
        known.cause = cause;
        known.evidence = f.line;
      }
      continue;
    }
    listing.set(name, {
      trial: name,
      task: f.task ?? name.replace(/__[^_]+$/, ""),
      passed: false,
      reward: null,
      cause,
      file: RUN_LOG_FILE[kind],
      evidence: f.line,
    });
  }
}

async function harborListing(dir: string, file: string): Promise<Map<string, ListedVerdict>> {
  const result = await readJsonSafe(join(dir, file), harborJobResultSchema);
  const out = new Map<string, ListedVerdict>();
  const entry = (trial: string): ListedVerdict => {
    const known = out.get(trial);
    if (known) return known;
    const fresh: ListedVerdict = {
      trial,
      task: trial.replace(/__[^_]+$/, ""),
      passed: false,
      reward: null,
      file,
    };
    out.set(trial, fresh);
    return fresh;
  };
  for (const ev of Object.values(result.stats?.evals ?? {})) {
    // The reward named `reward` decides when a trial has several; else the first one listed.
    const keys = Object.keys(ev.reward_stats ?? {}).sort(
      (a, b) => Number(b === "reward") - Number(a === "reward"),
    );
    const decided = new Set<string>();
    for (const key of keys) {
      for (const [value, names] of Object.entries(ev.reward_stats?.[key] ?? {})) {
        for (const name of names) {
          if (decided.has(name)) continue;
          decided.add(name);
          const v = entry(name);
          v.reward = Number(value);
          v.passed = Number(value) > 0;
        }
      }
    }
    for (const [type, names] of Object.entries(ev.exception_stats ?? {})) {
      for (const name of names) {
        const v = entry(name);
        if (!v.passed) v.cause = causeFromHarness(type);
      }
    }
  }
  return out;
}

async function tbListing(dir: string, file: string): Promise<Map<string, ListedVerdict>> {
  const results = await readJsonSafe(join(dir, file), tbRunResultsSchema);
  const out = new Map<string, ListedVerdict>();
  for (const r of results.results) {
    if (!r.trial_name) continue;
    // tb counts anything but is_resolved: true as unresolved.
    const passed = r.is_resolved === true;
    const v: ListedVerdict = {
      trial: r.trial_name,
      task: r.task_id || r.trial_name.replace(/\.\d+-of-\d+(?:\..*)?$/, ""),
      passed,
      reward: null,
      file,
    };
    const cause = passed ? undefined : causeFromTbFailureMode(r.failure_mode);
    if (cause) v.cause = cause;
    out.set(r.trial_name, v);
  }
  return out;
}
