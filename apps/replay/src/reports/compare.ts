import type { SkippedTrial } from "../importers/ingest-types.js";
import type { LoadedRun } from "./load.js";
import { taskOfTrialName } from "./rows.js";
import {
  COMPARISON_SCHEMA,
  type RunComparison,
  type TaskChange,
  type TaskComparison,
  type TaskSide,
  type TrialRow,
} from "./schemas.js";
import { type Interval, newcombePaired, pairedBootstrap, passAtK } from "./stats.js";
import { meanReward } from "./summary.js";

export { taskOfTrialName } from "./rows.js";

/**
 * One run's trials of one task, folded: attempts are the trials with a verdict that are not
 * the harness's failures; the mean reward is Harbor's (an unrewarded trial counted 0).
 */
export function taskSide(
  trials: readonly TrialRow[],
  skipped: readonly SkippedTrial[] = [],
): TaskSide {
  const scored = trials.filter((r) => r.counted_as === "passed" || r.counted_as === "failed");
  const passes = scored.filter((r) => r.passed).length;
  const n = scored.length;
  const passAt =
    n > 1
      ? Array.from({ length: n }, (_, i) => ({ k: i + 1, value: passAtK(n, passes, i + 1) }))
      : [];
  return {
    attempts: n,
    passes,
    pass_rate: n ? passes / n : null,
    mean_reward: meanReward(trials),
    pass_at_k: passAt,
    trials: [...trials],
    skipped: skipped.map((s) => ({ job: s.job, trial: s.trial, reason: s.reason })),
  };
}

interface TaskTrials {
  rows: TrialRow[];
  skipped: SkippedTrial[];
}

/** A run's trials by task; trials that could not be read still name their task. */
function byTask(run: LoadedRun): Map<string, TaskTrials> {
  const map = new Map<string, TaskTrials>();
  const entry = (task: string) => {
    const known = map.get(task);
    if (known) return known;
    const fresh: TaskTrials = { rows: [], skipped: [] };
    map.set(task, fresh);
    return fresh;
  };
  for (const r of run.rows) {
    // An incomplete trial has no verdict: it is listed with its reason, not compared.
    if (r.counted_as === "incomplete") {
      entry(r.task).skipped.push({ job: r.job, trial: r.trial_id, reason: r.evidence?.text ?? "" });
    } else entry(r.task).rows.push(r);
  }
  const read = new Set(run.rows.map((r) => r.trial_id));
  // Skips that carry a class are rows already; one of an older fak's saved file carries none.
  for (const s of run.skipped)
    if (s.counted_as === undefined && !read.has(s.trial))
      entry(taskOfTrialName(s.trial)).skipped.push(s);
  return map;
}

function changeOf(a: TaskSide, b: TaskSide): TaskChange {
  if (a.pass_rate === null || b.pass_rate === null) return "not_comparable";
  if (b.pass_rate < a.pass_rate) return "regressed";
  if (b.pass_rate > a.pass_rate) return "improved";
  return "same";
}

/** The 95% interval of B − A: Newcombe's paired interval when every task ran once a side, else a paired bootstrap. */
function differenceInterval(matched: readonly TaskComparison[]): Interval | null {
  if (matched.length === 0) return null;
  if (matched.every((t) => t.a.attempts === 1 && t.b.attempts === 1)) {
    const counts = { both: 0, a_only: 0, b_only: 0, neither: 0 };
    for (const t of matched) {
      const a = t.a.passes === 1;
      const b = t.b.passes === 1;
      if (a && b) counts.both++;
      else if (a) counts.a_only++;
      else if (b) counts.b_only++;
      else counts.neither++;
    }
    return newcombePaired(counts);
  }
  return pairedBootstrap(matched.map((t) => [t.a.pass_rate ?? 0, t.b.pass_rate ?? 0] as const));
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/**
 * Compare two runs task by task: pass rate and mean reward of each over the tasks both
 * scored, the difference B − A with its 95% interval, the failures by category side by side,
 * every task with both sides (flips marked regressed / improved), and the tasks only one run
 * has, listed apart.
 * @example const cmp = compareRuns(await loadRun("jobs/a"), await loadRun("jobs/b")); cmp.regressed
 */
export function compareRuns(a: LoadedRun, b: LoadedRun): RunComparison {
  const ta = byTask(a);
  const tb = byTask(b);
  const tasks: TaskComparison[] = [];
  const onlyA: RunComparison["only_in_a"] = [];
  const onlyB: RunComparison["only_in_b"] = [];
  const side = (t: TaskTrials) => taskSide(t.rows, t.skipped);
  for (const [task, here] of [...ta].sort(([x], [y]) => x.localeCompare(y))) {
    const other = tb.get(task);
    if (!other) {
      onlyA.push({ task, side: side(here) });
      continue;
    }
    const sa = side(here);
    const sb = side(other);
    tasks.push({ task, change: changeOf(sa, sb), a: sa, b: sb });
  }
  for (const [task, here] of [...tb].sort(([x], [y]) => x.localeCompare(y))) {
    if (!ta.has(task)) onlyB.push({ task, side: side(here) });
  }
  const matched = tasks.filter((t) => t.change !== "not_comparable");
  const rateA = mean(matched.map((t) => t.a.pass_rate ?? 0));
  const rateB = mean(matched.map((t) => t.b.pass_rate ?? 0));
  const rewarded = matched.filter((t) => t.a.mean_reward !== null && t.b.mean_reward !== null);
  const rewardA = mean(rewarded.map((t) => t.a.mean_reward ?? 0));
  const rewardB = mean(rewarded.map((t) => t.b.mean_reward ?? 0));
  const categories = [
    ...new Set([
      ...Object.keys(a.summary.category_counts),
      ...Object.keys(b.summary.category_counts),
    ]),
  ]
    .sort()
    .map((category) => {
      const ca = a.summary.category_counts[category] ?? 0;
      const cb = b.summary.category_counts[category] ?? 0;
      return { category, a: ca, b: cb, difference: cb - ca };
    });
  return {
    schema: COMPARISON_SCHEMA,
    a: a.summary,
    b: b.summary,
    matched_tasks: matched.length,
    pass_rate: {
      a: rateA,
      b: rateB,
      difference: rateA === null || rateB === null ? null : rateB - rateA,
      interval: differenceInterval(matched),
    },
    mean_reward: {
      a: rewardA,
      b: rewardB,
      difference: rewardA === null || rewardB === null ? null : rewardB - rewardA,
    },
    regressed: tasks.filter((t) => t.change === "regressed").length,
    improved: tasks.filter((t) => t.change === "improved").length,
    categories,
    tasks,
    only_in_a: onlyA,
    only_in_b: onlyB,
  };
}
