import { basename, join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { z } from "zod";
import {
  assertDirectory,
  listDir,
  listSubdirs,
  noted,
  pathKind,
  readJsonSafe,
  readOptional,
} from "../../files/fs-safe.js";
import { causeFromTbFailureMode } from "../harness-causes.js";
import type { ExpectedCounts, HarnessHeadline, SkippedTrial } from "../ingest-types.js";
import { listJob, type TrialFolder, type TrialLayout } from "../job-listing.js";
import { RUN_LOG_FILE } from "../run-log.js";
import {
  type TbRunResults,
  tbRunMetadataSchema,
  tbRunResultsSchema,
  tbTrialResultSchema,
} from "./schemas.js";

/** A tb run folder as listed: its trial folders and what its results.json claims. */
export interface TbRun {
  dir: string;
  job: string;
  /** Trial folders (`<task>/<trial>` relative to the run), sorted. */
  trials: TrialFolder[];
  /** Symlinked folders (refused) and trials results.json lists whose folder is missing. */
  skipped: SkippedTrial[];
  expected?: ExpectedCounts;
  /** The run's own accuracy, as tb computes it (resolved over all results). */
  headline?: HarnessHeadline;
  agent?: string;
  model?: string;
  notes: string[];
}

/** Entries only a tb trial folder holds (a run folder holds none of them). */
const TRIAL_ENTRIES = ["panes", "agent-logs", "commands.txt"];
/** tb's session files (a Harbor agent's own sessions/ folder holds none of them). */
const SESSION_FILES = ["agent.log", "agent.cast", "tests.log", "tests.cast"];
/** Files that make a folder a tb run. */
const RUN_FILES = ["results.json", "run_metadata.json", "tb.lock"];

/** Keys of one trial's results.json (a run's results.json holds a `results` list instead). */
const TRIAL_RESULT_KEYS = ["trial_name", "task_id", "is_resolved", "failure_mode"];
const looseResult = z.looseObject({ results: z.unknown().optional() });

/**
 * Whether `dir` is one tb trial folder, by its files (never its name): its session logs or
 * recordings, panes/, agent-logs/ or commands.txt, or a results.json of one trial (not a run's
 * list of results).
 * @example await isTbTrial("runs/r1/hello/hello.1-of-1.r1") // true
 */
export async function isTbTrial(dir: string): Promise<boolean> {
  const names = new Set((await listDir(dir)).map((e) => e.name));
  if (TRIAL_ENTRIES.some((n) => names.has(n))) return true;
  if (names.has("sessions")) {
    const sessions = new Set((await listDir(join(dir, "sessions"))).map((e) => e.name));
    if (SESSION_FILES.some((n) => sessions.has(n))) return true;
  }
  if (!names.has("results.json")) return false;
  const doc = await readJsonSafe(join(dir, "results.json"), looseResult).catch(() => undefined);
  return !!doc && !("results" in doc) && TRIAL_RESULT_KEYS.some((k) => k in doc);
}

/**
 * Whether `dir` looks like a tb run: a results.json, run_metadata.json or tb.lock of its own,
 * or (a run copied without them) trial folders one or two levels down.
 * @example await isTbRun("runs/2025-08-07__20-46-16") // true
 */
export async function isTbRun(dir: string): Promise<boolean> {
  if (await isTbTrial(dir)) return false;
  if (await hasRunFiles(dir)) return true;
  for (const sub of (await listSubdirs(dir)).dirs) {
    if (await isTbTrial(join(dir, sub))) return true;
    for (const inner of (await listSubdirs(join(dir, sub))).dirs) {
      if (await isTbTrial(join(dir, sub, inner))) return true;
    }
  }
  return false;
}

/**
 * Whether `dir` holds a run's own files (results.json, run_metadata.json or tb.lock).
 * @example await hasRunFiles("runs/2025-08-07__20-46-16") // true
 */
export async function hasRunFiles(dir: string): Promise<boolean> {
  for (const f of RUN_FILES) if ((await pathKind(join(dir, f))) === "file") return true;
  return hasTbRunLog(dir);
}

/** tb's own run.log lines (a run that crashed before writing any other file still has them). */
const TB_LOG_LINE = /^(?:Starting harness run|Running task: \S|Harness execution failed for \S)/m;

/** Whether `dir` holds a run.log that tb wrote (its last 64 KiB hold one of tb's own lines). */
async function hasTbRunLog(dir: string): Promise<boolean> {
  const head = await readOptional(join(dir, RUN_LOG_FILE.tb), {
    maxBytes: 64 * 1024,
    tail: true,
  }).catch(() => undefined);
  return !!head && TB_LOG_LINE.test(head.text);
}

/**
 * Who a tb trial says it is: `trial_name` and `task_id` of its results.json (empty when the file
 * is absent or damaged).
 * @example await tbTrialIdentity("runs/r1/hello/hello.1-of-1.r1") // { trialName: "hello.1-of-1.r1", taskId: "hello" }
 */
export async function tbTrialIdentity(
  dir: string,
): Promise<{ trialName?: string; taskId?: string }> {
  const doc = await readJsonSafe(join(dir, "results.json"), tbTrialResultSchema).catch(
    () => undefined,
  );
  return {
    ...(doc?.trial_name ? { trialName: doc.trial_name } : {}),
    ...(doc?.task_id ? { taskId: doc.task_id } : {}),
  };
}

/** tb's layout: trials grouped by task folder, named by their results.json. */
const tbLayout: TrialLayout = {
  isTrial: isTbTrial,
  identify: async (dir) => (await tbTrialIdentity(dir)).trialName,
  depth: "grouped",
  listedBy: "the run's results.json",
};

/**
 * List a tb run folder (`<run>/<task>/<trial>/`; only the trial folders named in `only`, when
 * given). A path that is not a directory, or not a run, is an InputError; a damaged run-level
 * file is a note.
 * @example const run = await readTbRun("runs/tb_rc2_sonnet_1"); run.trials.length // 80
 */
export async function readTbRun(dir: string, only?: readonly string[]): Promise<TbRun> {
  await assertDirectory(dir);
  if (!(await isTbRun(dir))) {
    throw new InputError(
      { file: dir },
      "not a tb run folder (no results.json, run_metadata.json, tb.lock or trial folders)",
    );
  }
  const notes: string[] = [];
  const results = await noted(notes, () =>
    readJsonSafe(join(dir, "results.json"), tbRunResultsSchema),
  );
  const meta = await noted(notes, () =>
    readJsonSafe(join(dir, "run_metadata.json"), tbRunMetadataSchema),
  );
  const job = meta?.run_id || basename(dir);
  const listed = (results?.results ?? []).map((r) => r.trial_name).filter((n): n is string => !!n);
  const listing = await listJob(dir, job, tbLayout, listed, only);
  notes.push(...listing.notes);
  const run: TbRun = { dir, job, trials: listing.trials, skipped: listing.skipped, notes };
  if (meta?.agent_name) run.agent = meta.agent_name;
  if (meta?.model_name) run.model = meta.model_name;
  if (results) {
    run.expected = expectedOf(results);
    const resolved = run.expected.passes ?? 0;
    const n = results.results.length;
    run.headline = {
      harness: "tb",
      source: "results.json",
      accuracy: results.accuracy ?? (n > 0 ? resolved / n : null),
      n_resolved: resolved,
      n_unresolved: results.n_unresolved ?? n - resolved,
    };
  }
  return run;
}

/** The run's own counts; errors are unresolved entries whose failure_mode records a failure. */
function expectedOf(results: TbRunResults): ExpectedCounts {
  const entries = results.results;
  const passes = results.n_resolved ?? entries.filter((r) => r.is_resolved === true).length;
  const errors = entries.filter(
    (r) => r.is_resolved !== true && causeFromTbFailureMode(r.failure_mode),
  ).length;
  const expected: ExpectedCounts = {
    trials: entries.length,
    passes,
    errors,
    listed: entries.length,
  };
  if (results.n_unresolved != null) expected.unresolved = results.n_unresolved;
  return expected;
}
