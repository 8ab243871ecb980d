import { basename, join } from "node:path";
import { InputError } from "@fak/taxonomy";
import {
  assertDirectory,
  listSubdirs,
  noted,
  pathKind,
  readJsonSafe,
} from "../../files/fs-safe.js";
import { causeFromTbFailureMode } from "../harness-causes.js";
import type { ExpectedCounts, HarnessHeadline } from "../ingest-types.js";
import { type TbRunResults, tbRunMetadataSchema, tbRunResultsSchema } from "./schemas.js";

/** A tb run folder as listed: its trial folders and what its results.json claims. */
export interface TbRun {
  dir: string;
  job: string;
  /** Trial folders as paths relative to the run (`<task>/<trial>`), sorted. */
  trials: { name: string; rel: string }[];
  symlinks: string[];
  /** Trials the run's results.json lists whose folder is absent. */
  missing: string[];
  expected?: ExpectedCounts;
  /** The run's own accuracy, as tb computes it (resolved over all results). */
  headline?: HarnessHeadline;
  agent?: string;
  model?: string;
  notes: string[];
}

const TRIAL_NAME = /\.\d+-of-\d+(?:\.|$)/;

/**
 * Whether `dir` is one tb trial folder (`<task>.K-of-N[.<run>]` holding its results.json).
 * @example await isTbTrial("runs/r1/hello/hello.1-of-1.r1") // true
 */
export async function isTbTrial(dir: string): Promise<boolean> {
  return TRIAL_NAME.test(basename(dir)) && (await pathKind(join(dir, "results.json"))) === "file";
}

/**
 * Whether `dir` looks like a tb run: a results.json, run_metadata.json or tb.lock of its own.
 * @example await isTbRun("runs/2025-08-07__20-46-16") // true
 */
export async function isTbRun(dir: string): Promise<boolean> {
  for (const f of ["results.json", "run_metadata.json", "tb.lock"]) {
    if ((await pathKind(join(dir, f))) === "file") return true;
  }
  return false;
}

/**
 * List a tb run folder (`<run>/<task>/<task>.K-of-N[.<run_id>]/`). A path that is not a
 * directory, or not a run, is an InputError; a damaged run-level file is a note.
 * @example const run = await readTbRun("runs/tb_rc2_sonnet_1"); run.trials.length // 80
 */
export async function readTbRun(dir: string): Promise<TbRun> {
  await assertDirectory(dir);
  if (!(await isTbRun(dir))) {
    throw new InputError(
      { file: dir },
      "not a tb run folder (no results.json, run_metadata.json or tb.lock)",
    );
  }
  const notes: string[] = [];
  const results = await noted(notes, () =>
    readJsonSafe(join(dir, "results.json"), tbRunResultsSchema),
  );
  const meta = await noted(notes, () =>
    readJsonSafe(join(dir, "run_metadata.json"), tbRunMetadataSchema),
  );
  const run: TbRun = {
    dir,
    job: meta?.run_id || basename(dir),
    trials: [],
    symlinks: [],
    missing: [],
    notes,
  };
  if (meta?.agent_name) run.agent = meta.agent_name;
  if (meta?.model_name) run.model = meta.model_name;
  const top = await listSubdirs(dir);
  run.symlinks.push(...top.symlinks);
  for (const task of top.dirs) {
    const inner = await listSubdirs(join(dir, task));
    for (const name of inner.dirs) {
      if (TRIAL_NAME.test(name)) run.trials.push({ name, rel: join(task, name) });
    }
    run.symlinks.push(
      ...inner.symlinks.filter((n) => TRIAL_NAME.test(n)).map((n) => join(task, n)),
    );
  }
  const present = new Set([
    ...run.trials.map((t) => t.name),
    ...run.symlinks.map((s) => basename(s)),
  ]);
  if (results) {
    run.missing = results.results
      .map((r) => r.trial_name)
      .filter((n): n is string => !!n && !present.has(n))
      .sort();
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
