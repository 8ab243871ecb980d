import { existsSync, realpathSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { decodeText, InputError, validate } from "@fak/taxonomy";
import { z } from "zod";
import {
  jsonSyntaxProblem,
  pathKind,
  readFileSafe,
  UnreadableFileError,
} from "../files/fs-safe.js";
import { armTrials, FIXTURE_AGENT } from "../fixture-replay/replay.js";
import { commandReportSchema, REPORT_SCHEMA } from "../fixture-replay/report-schema.js";
import { isHarborJob } from "../importers/harbor/index.js";
import { findJobs, ingest } from "../importers/ingest.js";
import type { HarnessKind, SkippedTrial } from "../importers/ingest-types.js";
import { classifyTrial } from "../pipeline/classify-trial.js";
import { runRows } from "./job-files.js";
import { headlines } from "./rows.js";
import {
  type Headline,
  headlineSchema,
  type RunSummary,
  type TrialRow,
  trialRowSchema,
} from "./schemas.js";
import { summarizeRun } from "./summary.js";

/** A run read for a report or a comparison: its trials as flat rows, and its summary. */
export interface LoadedRun {
  summary: RunSummary;
  rows: TrialRow[];
  skipped: SkippedTrial[];
}

/** A saved `ingest.json` (or report) is read whole up to this size, never past it. */
export const MAX_SAVED_RUN_BYTES = 256 * 1024 * 1024;

/** Options of loadRun. */
export interface LoadOptions {
  /** Told what was read in place of what (a folder's own ingest.json left unread). */
  onNote?: (note: string) => void;
}

/** What a saved `ingest.json` must hold for its trials to be compared (written by `fak ingest`). */
const savedIngestSchema = z.looseObject({
  // A file of an older fak has no counted_as: it is taken from the row's status.
  trials: z.array(
    trialRowSchema.extend({ counted_as: trialRowSchema.shape.counted_as.optional() }),
  ),
  headlines: z.array(headlineSchema).default([]),
  skipped: z
    .array(
      z.looseObject({
        job: z.string(),
        trial: z.string(),
        reason: z.string(),
        counted_as: trialRowSchema.shape.counted_as.optional(),
      }),
    )
    .default([]),
});

/** The class of a saved row: its own, else (an older fak's file) from its status. */
function countedAs(
  row: z.output<typeof savedIngestSchema>["trials"][number],
): TrialRow["counted_as"] {
  if (row.counted_as) return row.counted_as;
  if (row.passed) return "passed";
  if (row.status === "incomplete") return "incomplete";
  return row.harness_error ? "harness" : "failed";
}

/**
 * Read one run named on the command line. `spec` is a path, or several joined by commas (one
 * run made of many jobs): a Harbor job folder, a tb run folder, a folder holding either, a saved
 * `ingest.json` (or the `--out` folder holding one), or a fixture replay's `report.json#raw`
 * / `report.json#fak` (one arm). An InputError naming the path when it is none of these.
 * @example const a = await loadRun("jobs/2026-01-15__09-30-00,jobs/2026-01-16__10-00-00");
 */
export async function loadRun(spec: string, opts: LoadOptions = {}): Promise<LoadedRun> {
  const parts = existsSync(spec) ? [spec] : spec.split(",").filter(Boolean);
  const rows: TrialRow[] = [];
  const heads: Headline[] = [];
  const skipped: SkippedTrial[] = [];
  let simulated = false;
  for (const part of parts) {
    const one = await loadOne(part, opts);
    rows.push(...one.rows);
    heads.push(...one.headlines);
    skipped.push(...one.skipped);
    simulated ||= one.simulated;
  }
  const summary = summarizeRun({
    label: spec,
    sources: parts,
    rows,
    headlines: heads,
    skipped,
    simulated,
  });
  return { summary, rows, skipped };
}

interface OneSource {
  rows: TrialRow[];
  headlines: Headline[];
  skipped: SkippedTrial[];
  simulated: boolean;
}

async function loadOne(part: string, opts: LoadOptions): Promise<OneSource> {
  const hash = part.lastIndexOf("#");
  const arm = hash > 0 ? part.slice(hash + 1) : undefined;
  const path = arm === "raw" || arm === "fak" ? part.slice(0, hash) : part;
  if (!existsSync(path)) throw new InputError({ file: path }, "no such file or folder");
  if (statSync(path).isDirectory()) return loadFolder(path, opts);
  const doc = await readJson(realpathSync(path));
  if ((doc as { schema?: unknown } | null)?.schema === REPORT_SCHEMA) {
    if (arm !== "raw" && arm !== "fak") {
      throw new InputError(
        { file: path },
        `a fixture replay report has two arms: name one, ${path}#raw or ${path}#fak`,
      );
    }
    return loadFixtureArm(path, doc, arm);
  }
  return loadSaved(path, doc);
}

/**
 * A folder: the jobs at or below it, else (an `--out` folder) the ingest.json it holds. Jobs
 * win: a folder's ingest.json never stands in for the runs beside it (said through `onNote`),
 * and it is never read through a symlink.
 */
async function loadFolder(dir: string, opts: LoadOptions): Promise<OneSource> {
  const saved = join(dir, "ingest.json");
  const kind = await pathKind(saved);
  if (kind === "missing" || (await isHarborJob(dir))) return loadJobs(dir);
  try {
    const jobs = await loadJobs(dir);
    opts.onNote?.(
      `${saved} not read: ${dir} holds jobs, which were read (name the file to compare the saved run)`,
    );
    return jobs;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
  }
  if (kind === "symlink") throw new InputError({ file: saved }, "is a symlink (not followed)");
  if (kind !== "file") throw new InputError({ file: saved }, "not a regular file");
  return loadSaved(saved, await readJson(saved));
}

/**
 * A JSON document read whole: at most MAX_SAVED_RUN_BYTES (refused before reading past it),
 * strict UTF-8, not through a symlink; an error names the file and never quotes its text.
 */
async function readJson(file: string): Promise<unknown> {
  let bytes: Buffer;
  try {
    ({ bytes } = await readFileSafe(file, { maxBytes: MAX_SAVED_RUN_BYTES }));
  } catch (err) {
    if (err instanceof UnreadableFileError) {
      throw new InputError({ file }, err.message.slice(file.length + 2));
    }
    throw err;
  }
  const text = decodeText(bytes, file);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError({ file }, `not a JSON file (${jsonSyntaxProblem(text, err)})`);
  }
}

/** Harbor first, then tb: the first harness that finds jobs at or below the folder. */
async function loadJobs(dir: string): Promise<OneSource> {
  const problems: string[] = [];
  for (const kind of ["harbor", "tb"] as HarnessKind[]) {
    try {
      await findJobs(kind, dir);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      problems.push(err.message);
      continue;
    }
    const result = await ingest(kind, [dir]);
    const rows = await runRows(result);
    return {
      rows,
      headlines: headlines(result.runs, rows),
      skipped: result.skipped,
      simulated: false,
    };
  }
  throw new InputError(
    { file: dir },
    `not a Harbor job, tb run, folder holding them, or --out folder with an ingest.json (${problems.join("; ")})`,
  );
}

function loadSaved(file: string, doc: unknown): OneSource {
  if (typeof doc === "object" && doc !== null && !("trials" in doc) && "signals" in doc) {
    throw new InputError(
      { file, field: "trials" },
      "this ingest.json has no per-trial rows (written by an older fak); run `fak ingest --out` again",
    );
  }
  const saved = validate(savedIngestSchema, doc, { file });
  return {
    rows: saved.trials.map((r) => ({ ...r, counted_as: countedAs(r) })),
    headlines: saved.headlines,
    skipped: saved.skipped,
    simulated: false,
  };
}

function loadFixtureArm(file: string, doc: unknown, which: "raw" | "fak"): OneSource {
  const report = validate(commandReportSchema, doc, { file });
  const trials = armTrials(report, which);
  const job = `${basename(file)}#${which} (${FIXTURE_AGENT} / ${report.model})`;
  const rows = report.tasks.map((task, i): TrialRow => {
    const trial = trials[i];
    if (!trial) throw new Error(`${file}: task ${task.id} has no trial`);
    const c = classifyTrial(trial);
    const passed = task[which].task_success;
    const text = c.failed ? (c.evidence.find((e) => !e.startsWith("rule:")) ?? c.detail) : "";
    return {
      job,
      job_path: file,
      harness: "fixture",
      task: task.id,
      trial_id: String(trial.meta?.trial_id ?? task.id),
      agent: FIXTURE_AGENT,
      model: report.model,
      attempt: 1,
      reward: null,
      passed,
      status: passed ? "passed" : "failed",
      harness_error: false,
      attribution: passed ? null : "agent",
      category: c.category,
      reason: c.reason,
      evidence: text ? { text, file: null, line: null } : null,
      path: null,
      verdict_from: "fixture",
      counted_as: passed ? "passed" : "failed",
    };
  });
  return { rows, headlines: [], skipped: [], simulated: true };
}
