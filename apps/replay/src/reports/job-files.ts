import { join } from "node:path";
import type { FailureClassification } from "@fak/taxonomy";
import { z } from "zod";
import { readJsonSafe } from "../files/fs-safe.js";
import { causeFromHarness, causeFromTbFailureMode } from "../importers/harness-causes.js";
import type { IngestResult } from "../importers/ingest.js";
import type { IngestedTrial, IngestRun, SkippedTrial } from "../importers/ingest-types.js";
import { tbRunResultsSchema } from "../importers/tb/schemas.js";
import { jobLabel, trialRows } from "./rows.js";
import type { TrialRow } from "./schemas.js";

// What a job's own result file says: a trial it lists whose folder is missing still has the
// harness's verdict, and is compared on that verdict (without evidence).

const MISSING = /trial folder is missing/;

interface Listed {
  task: string;
  passed: boolean;
  reward: number | null;
  cause?: string;
}

const harborJobResultSchema = z.looseObject({
  stats: z
    .looseObject({
      evals: z
        .record(
          z.string(),
          z.looseObject({
            reward_stats: z
              .looseObject({ reward: z.record(z.string(), z.array(z.string())).optional() })
              .optional(),
            exception_stats: z.record(z.string(), z.array(z.string())).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

async function listedVerdicts(run: IngestRun): Promise<Map<string, Listed>> {
  const out = new Map<string, Listed>();
  if (run.harness === "tb") {
    const results = await readJsonSafe(join(run.path, "results.json"), tbRunResultsSchema);
    for (const r of results.results) {
      if (!r.trial_name) continue;
      // tb counts anything but is_resolved: true as unresolved, and so does its importer.
      const entry: Listed = {
        task: r.task_id ?? r.trial_name,
        passed: r.is_resolved === true,
        reward: null,
      };
      if (r.failure_mode) entry.cause = r.failure_mode;
      out.set(r.trial_name, entry);
    }
    return out;
  }
  const result = await readJsonSafe(join(run.path, "result.json"), harborJobResultSchema);
  for (const ev of Object.values(result.stats?.evals ?? {})) {
    for (const [reward, names] of Object.entries(ev.reward_stats?.reward ?? {})) {
      for (const name of names) {
        out.set(name, {
          task: name.replace(/__[A-Za-z0-9]+$/, ""),
          passed: Number(reward) > 0,
          reward: Number(reward),
        });
      }
    }
    for (const [exception, names] of Object.entries(ev.exception_stats ?? {})) {
      for (const name of names) {
        const known = out.get(name);
        if (known) known.cause = exception;
      }
    }
  }
  return out;
}

/**
 * Rows for the trials a job lists with a verdict but whose folders are missing, taken from
 * the job's own result file. Jobs whose result file cannot be read give none.
 * @example const extra = await listedRows(run, skipped); // [{ trial_id, passed, ..., path: run.path }]
 */
export async function listedRows(
  run: IngestRun,
  skipped: readonly SkippedTrial[],
  who: { agent?: string; model?: string },
): Promise<TrialRow[]> {
  const missing = skipped.filter((s) => s.job === run.job && MISSING.test(s.reason));
  if (missing.length === 0) return [];
  let verdicts: Map<string, Listed>;
  try {
    verdicts = await listedVerdicts(run);
  } catch {
    return [];
  }
  const file = run.harness === "tb" ? "results.json" : "result.json";
  const rows: TrialRow[] = [];
  for (const s of missing) {
    const v = verdicts.get(s.trial);
    if (!v) continue;
    const cause = v.passed
      ? undefined
      : run.harness === "tb"
        ? causeFromTbFailureMode(v.cause)
        : v.cause
          ? causeFromHarness(v.cause)
          : undefined;
    const harnessError = !v.passed && cause !== undefined && !cause.agent_fault;
    rows.push({
      job: jobLabel(run.path, who.agent, who.model),
      job_path: run.path,
      harness: run.harness,
      task: v.task,
      trial_id: s.trial,
      agent: who.agent ?? null,
      model: who.model ?? null,
      attempt: Number(/\.(\d+)-of-\d+/.exec(s.trial)?.[1] ?? 1),
      reward: v.reward,
      passed: v.passed,
      status: v.passed ? "passed" : harnessError ? "errored" : "failed",
      harness_error: harnessError,
      attribution: v.passed ? null : harnessError ? "harness" : "agent",
      category: v.passed ? "NONE" : (cause?.category ?? "UNKNOWN"),
      reason: v.passed ? "NONE" : (cause?.reason ?? "UNKNOWN:no_trial_folder"),
      evidence: v.passed
        ? null
        : { text: "trial folder missing: verdict from the job's own list", file, line: null },
      path: run.path,
      verdict_from: "job_listing",
    });
  }
  return rows;
}

/**
 * Every trial of an import as a flat row: the trials read (classified by `classifyOne`), then
 * those only the job's result file lists (their folders missing), on the harness's verdict.
 * @example const rows = await runRows(await ingest("tb", ["runs/r1"]));
 */
export async function runRows(
  result: Pick<IngestResult, "runs" | "trials" | "skipped">,
  classifyOne?: (t: IngestedTrial) => FailureClassification,
): Promise<TrialRow[]> {
  const rows = trialRows(result, classifyOne);
  for (const run of result.runs) {
    const first = rows.find((r) => r.job_path === run.path);
    const who = {
      ...(first?.agent ? { agent: first.agent } : {}),
      ...(first?.model ? { model: first.model } : {}),
    };
    rows.push(...(await listedRows(run, result.skipped, who)));
  }
  return rows;
}
