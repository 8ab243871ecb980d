import { basename, dirname, join } from "node:path";
import type { FailureClassification } from "@fak/taxonomy";
import type { IngestResult } from "../importers/ingest.js";
import type { IngestedTrial, IngestRun, SkippedTrial } from "../importers/ingest-types.js";
import { classOfTrial } from "../importers/run-counts.js";
import { classifyTrial } from "../pipeline/classify-trial.js";
import type { Headline, RowEvidence, SkipGroup, TrialRow } from "./schemas.js";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}__\d{2}-\d{2}-\d{2}$/;

/**
 * A job as people name it: its folder name (with the parent folder when the name is a bare
 * timestamp), then agent / model when known.
 * @example jobLabel("runs/fix-git/2026-04-01__23-21-41", "terminus-2", "gpt-oss") // "fix-git/2026-04-01__23-21-41 (terminus-2 / gpt-oss)"
 */
export function jobLabel(path: string, agent?: string, model?: string): string {
  const folder = basename(path);
  const name = TIMESTAMP.test(folder) ? `${basename(dirname(path))}/${folder}` : folder;
  const who = [agent, model].filter(Boolean).join(" / ");
  return who ? `${name} (${who})` : name;
}

/**
 * The task a trial folder belongs to, from its name: Harbor's `<task>__<id>`, tb's
 * `<task>.K-of-N[.<run>]`.
 * @example taskOfTrialName("fix-git__pKqeYeK") // "fix-git"
 */
export function taskOfTrialName(name: string): string {
  return name.replace(/__[A-Za-z0-9]+$/, "").replace(/\.\d+-of-\d+(?:\..*)?$/, "");
}

/** The attempt number a tb trial name carries (`task.K-of-N.run`). */
export function attemptFromName(trialId: string): number | undefined {
  const m = /\.(\d+)-of-\d+(?:\.|$)/.exec(trialId);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** The one line of evidence a row shows: the deciding file and line when known. */
export function evidenceLine(c: FailureClassification, t?: IngestedTrial): RowEvidence | null {
  if (!c.failed) return null;
  const decided = c.decided_by;
  if (decided) return { text: decided.text, file: decided.file, line: decided.line ?? null };
  const text = c.evidence.find((e) => !e.startsWith("rule:")) ?? c.detail;
  if (text) return { text: text.split("\n")[0] ?? "", file: null, line: null };
  const message = t?.harness_cause?.message?.split("\n")[0];
  return message ? { text: message, file: null, line: null } : null;
}

/** The trial folder on disk: the importer's when it gives one, else where each harness keeps it. */
function trialPath(t: IngestedTrial, run: IngestRun | undefined): string | null {
  const given = t.path;
  if (given) return given;
  if (!run) return null;
  return t.harness === "harbor" ? join(run.path, t.trial_id) : join(run.path, t.task, t.trial_id);
}

/**
 * One flat row per trial of an import: job (named by folder and agent/model), task, attempt,
 * reward, pass, attribution, category, reason and one line of evidence.
 * @example const rows = trialRows(await ingest("harbor", ["jobs/2026-01-15__09-30-00"]));
 */
export function trialRows(
  result: Pick<IngestResult, "runs" | "trials">,
  classifyOne: (t: IngestedTrial) => FailureClassification = classifyTrial,
): TrialRow[] {
  const runByJob = new Map(result.runs.map((r) => [r.job, r]));
  // Two jobs may share a name: a trial belongs to the run whose folder holds it.
  const runOf = (t: IngestedTrial) =>
    (t.path && result.runs.find((r) => t.path?.startsWith(`${r.path}/`))) || runByJob.get(t.job);
  const seen = new Map<string, number>();
  return result.trials.map((t) => {
    const run = runOf(t);
    const c = classifyOne(t);
    const agent = t.agent ?? run?.agent;
    const model = t.model ?? run?.model;
    const key = `${t.job}\u0000${t.task}`;
    const order = (seen.get(key) ?? 0) + 1;
    seen.set(key, order);
    const harnessError = t.status !== "passed" && t.harness_error === true;
    const attribution =
      c.attribution ?? (t.status === "passed" ? null : harnessError ? "harness" : "agent");
    return {
      job: jobLabel(run?.path ?? t.job, agent, model),
      job_path: run?.path ?? t.job,
      job_id: t.job,
      harness: t.harness,
      task: t.task,
      trial_id: t.trial_id,
      agent: agent ?? null,
      model: model ?? null,
      attempt: t.attempt ?? attemptFromName(t.trial_id) ?? order,
      reward: t.reward ?? null,
      passed: t.status === "passed",
      status: t.status,
      harness_error: harnessError,
      attribution,
      category: c.category,
      reason: c.reason,
      evidence: evidenceLine(c, t),
      path: trialPath(t, run),
      verdict_from: "trial_files",
      counted_as: classOfTrial(t),
    };
  });
}

/**
 * Skip reasons collapsed: one entry per distinct reason with how many trials it cost.
 * @example skipGroups(skipped) // [{ reason: "no result.json: ...", count: 3 }]
 */
export function skipGroups(skipped: readonly SkippedTrial[]): SkipGroup[] {
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count }));
}

/**
 * Each job's own headline (what the harness computed), named like its rows, beside fak's figures.
 * @example headlines(result.runs, rows) // [{ harness: "harbor", job, source: "result.json", mean_reward: 0.875, ... }]
 */
export function headlines(runs: readonly IngestRun[], rows: readonly TrialRow[]): Headline[] {
  const out: Headline[] = [];
  for (const run of runs) {
    if (!run.headline) continue;
    const first = rows.find((r) => r.job_path === run.path);
    const job = jobLabel(run.path, first?.agent ?? run.agent, first?.model ?? run.model);
    out.push({ ...run.headline, job });
  }
  return out;
}
