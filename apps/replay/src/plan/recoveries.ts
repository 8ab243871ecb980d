import { createHash } from "node:crypto";
import { basename, resolve } from "node:path";
import type { RecoveryInput } from "@fak/memory";
import { InputError } from "@fak/taxonomy";
import type { LoadedRun } from "../reports/load.js";
import type { TrialRow } from "../reports/schemas.js";
import type { Plan, PlanItem } from "./schema.js";

// What `fak compare ORIGINAL RERUN --plan plan.json --record` stores: for every death the plan
// reran, what each rerun job that scored its task came to, linked to the death by the source key
// its failure row carries (@fak/memory's `recordRecoveries`).

/** A plan item that leaves no recovery, and why. */
export interface UnrecordedItem {
  trial_id: string;
  task: string;
  reason: string;
}

/** The recoveries of a plan's rerun, and the items that leave none. */
export interface PlanRecoveries {
  recoveries: RecoveryInput[];
  /** Which plan item each recovery is of (parallel to `recoveries`). */
  items: PlanItem[];
  unrecorded: UnrecordedItem[];
}

/** The job a row belongs to, as its failure rows name it (older saved files: its folder's name). */
const jobIdOf = (r: TrialRow) => r.job_id ?? basename(r.job_path);

/**
 * One recovery per death the plan reran (`retry` or `rerun_unchanged`) and per rerun job that
 * gave its task a verdict: `passed` when a trial of the task passed there, else `failed_again`
 * with the category and reason of its last failed trial. Held items and `none` leave none, and
 * neither does a task the rerun did not score (only harness errors, or not run). A fixture
 * replay on either side is refused (InputError): a simulation claims no result.
 * @example planRecoveries(readPlan("plan/plan.json"), await loadRun("jobs/a"), await loadRun("jobs/b")).recoveries
 */
export function planRecoveries(plan: Plan, original: LoadedRun, rerun: LoadedRun): PlanRecoveries {
  for (const run of [original, rerun]) {
    if (run.summary.simulated) {
      throw new InputError(
        { file: run.summary.label },
        "is a fixture replay: a simulation claims no result, so its outcome is never recorded",
      );
    }
  }
  const out: PlanRecoveries = { recoveries: [], items: [], unrecorded: [] };
  const skip = (item: PlanItem, reason: string) =>
    out.unrecorded.push({ trial_id: item.trial_id, task: item.task, reason });
  for (const item of plan.items) {
    if (item.decision !== "retry" && item.decision !== "rerun_unchanged") {
      skip(item, `${item.decision}: not rerun by the plan`);
      continue;
    }
    const death = originalRow(item, original.rows);
    if (!death) {
      skip(item, "its trial is not in the original run");
      continue;
    }
    const byJob = new Map<string, TrialRow[]>();
    for (const r of rerun.rows) {
      if (r.task !== item.task || (r.counted_as !== "passed" && r.counted_as !== "failed"))
        continue;
      const key = `${r.harness}\0${jobIdOf(r)}`;
      byJob.set(key, [...(byJob.get(key) ?? []), r]);
    }
    if (byJob.size === 0) {
      skip(item, "the rerun gave its task no verdict (not run, or only harness errors)");
      continue;
    }
    for (const rows of [...byJob.values()].sort((a, b) =>
      jobIdOf(a[0]!).localeCompare(jobIdOf(b[0]!)),
    )) {
      out.recoveries.push(recoveryOf(item, death, rows));
      out.items.push(item);
    }
  }
  return out;
}

/** The original run's row of the item's trial: same harness and trial, in the item's job. */
function originalRow(item: PlanItem, rows: readonly TrialRow[]): TrialRow | undefined {
  const same = rows.filter((r) => r.trial_id === item.trial_id && r.harness === item.harness);
  return (
    same.find((r) => resolve(r.job_path) === resolve(item.job)) ??
    (same.length === 1 ? same[0] : undefined)
  );
}

function recoveryOf(item: PlanItem, death: TrialRow, rows: TrialRow[]): RecoveryInput {
  const passed = rows.some((r) => r.passed);
  const last = [...rows].sort((a, b) => a.attempt - b.attempt).at(-1)!;
  return {
    death: {
      harness: death.harness,
      job: jobIdOf(death),
      trial: death.trial_id,
      attempt: death.attempt,
    },
    task: item.task,
    decision: item.decision === "retry" ? "retry" : "rerun_unchanged",
    action: item.action,
    brief_file: item.brief === null ? null : item.brief_file,
    brief_sha256:
      item.brief === null ? null : createHash("sha256").update(item.brief, "utf8").digest("hex"),
    memories_injected: item.memories_injected,
    rerun: {
      harness: last.harness,
      job: jobIdOf(last),
      trials: rows.map((r) => r.trial_id),
    },
    outcome: passed ? "passed" : "failed_again",
    category: passed ? null : last.category,
    reason: passed ? null : last.reason,
  };
}
