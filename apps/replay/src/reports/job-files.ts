import type { FailureClassification } from "@fak/taxonomy";
import type { IngestResult } from "../importers/ingest.js";
import type { IngestedTrial, IngestRun, SkippedTrial } from "../importers/ingest-types.js";
import { assertCounts, classOfVerdict, emptyCounts } from "../importers/run-counts.js";
import { attemptFromName, jobLabel, taskOfTrialName, trialRows } from "./rows.js";
import type { TrialRow } from "./schemas.js";

// The trials of a run that no folder gave a verdict for: those the job's own result file
// lists (their folder missing, or their result lost) are rows on the job's verdict, without
// evidence; the rest are incomplete rows. With the rows read, every trial of `counts` is a row.

interface Who {
  agent?: string;
  model?: string;
}

/** A row on the job's own verdict, for a trial whose folder gave none. */
function listedRow(run: IngestRun, s: SkippedTrial, who: Who): TrialRow | undefined {
  const v = s.verdict;
  if (!v || s.counted_as === undefined) return undefined;
  const counted = classOfVerdict(v);
  const cause = v.passed ? undefined : v.cause;
  const missing = /trial folder is missing/.test(s.reason);
  return {
    job: jobLabel(run.path, who.agent, who.model),
    job_path: run.path,
    job_id: run.job,
    harness: run.harness,
    task: v.task,
    trial_id: s.trial,
    agent: who.agent ?? null,
    model: who.model ?? null,
    attempt: attemptFromName(s.trial) ?? 1,
    reward: v.reward,
    passed: v.passed,
    status: v.passed ? "passed" : cause ? "errored" : "failed",
    harness_error: counted === "harness",
    attribution: v.passed
      ? null
      : counted === "harness"
        ? "harness"
        : (cause?.attribution ?? "agent"),
    category: v.passed ? "NONE" : (cause?.category ?? "UNKNOWN"),
    reason: v.passed
      ? "NONE"
      : (cause?.reason ?? (missing ? "UNKNOWN:no_trial_folder" : "UNKNOWN:no_trial_result")),
    evidence: v.passed
      ? null
      : { text: `${s.reason}: verdict from the job's own list`, file: v.file, line: null },
    path: run.path,
    verdict_from: "job_listing",
    counted_as: counted,
  };
}

/** A row for a trial with no verdict: still being written, or its result lost. */
function incompleteRow(run: IngestRun, s: SkippedTrial, who: Who): TrialRow {
  return {
    job: jobLabel(run.path, who.agent, who.model),
    job_path: run.path,
    job_id: run.job,
    harness: run.harness,
    task: s.incomplete?.task ?? taskOfTrialName(s.trial),
    trial_id: s.incomplete?.trial_id ?? s.trial,
    agent: who.agent ?? null,
    model: who.model ?? null,
    attempt: attemptFromName(s.trial) ?? 1,
    reward: null,
    passed: false,
    status: "incomplete",
    harness_error: false,
    attribution: null,
    category: "UNKNOWN",
    reason: "UNKNOWN:incomplete",
    evidence: { text: s.reason, file: null, line: null },
    path: run.path,
    verdict_from: "none",
    counted_as: "incomplete",
  };
}

/**
 * Rows for the trials of `run` that no folder gave a verdict for: on the job's own verdict
 * when its result file lists one, else incomplete. Skips of a trial that was read are left out.
 * @example const extra = unreadRows(run, { agent: "terminus-2" }); // [{ trial_id, counted_as, ... }]
 */
export function unreadRows(run: IngestRun, who: Who = {}): TrialRow[] {
  const rows: TrialRow[] = [];
  for (const s of run.skipped) {
    if (s.counted_as === "incomplete") rows.push(incompleteRow(run, s, who));
    else {
      const row = listedRow(run, s, who);
      if (row) rows.push(row);
    }
  }
  return rows;
}

/** Tally rows by the class each is counted in. */
export function countRows(rows: readonly Pick<TrialRow, "counted_as">[]) {
  const counts = emptyCounts();
  for (const r of rows) {
    counts.listed++;
    counts[r.counted_as]++;
  }
  return counts;
}

/**
 * Every trial of an import as a flat row: the trials read (classified by `classifyOne`), then
 * those no folder gave a verdict for (on the job's own verdict, else incomplete). The rows of
 * each run, tallied by `counted_as`, are that run's `counts` (an Error otherwise).
 * @example const rows = await runRows(await ingest("tb", ["runs/r1"]));
 */
export async function runRows(
  result: Pick<IngestResult, "runs" | "trials">,
  classifyOne?: (t: IngestedTrial) => FailureClassification,
): Promise<TrialRow[]> {
  const rows = trialRows(result, classifyOne);
  for (const run of result.runs) {
    const first = rows.find((r) => r.job_path === run.path);
    const who: Who = {};
    const agent = first?.agent ?? run.agent;
    const model = first?.model ?? run.model;
    if (agent) who.agent = agent;
    if (model) who.model = model;
    rows.push(...unreadRows(run, who));
    const tally = assertCounts(countRows(rows.filter((r) => r.job_path === run.path)), run.path);
    const want = run.counts;
    if (Object.entries(want).some(([k, n]) => tally[k as keyof typeof tally] !== n)) {
      throw new Error(
        `${run.path}: rows ${JSON.stringify(tally)} differ from the run's counts ${JSON.stringify(want)}`,
      );
    }
  }
  return rows;
}
