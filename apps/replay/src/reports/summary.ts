import type { SkippedTrial } from "../importers/ingest-types.js";
import { PASS_RATE_BASIS, passRate, passRateDenominator } from "../importers/run-counts.js";
import { countRows } from "./job-files.js";
import { skipGroups } from "./rows.js";
import type { Headline, RunSummary, TrialRow } from "./schemas.js";

/** Rows scored against the agent: every trial but those that ended in a harness error. */
export function scoredRows(rows: readonly TrialRow[]): TrialRow[] {
  return rows.filter((r) => r.counted_as !== "harness");
}

/**
 * Harbor's mean reward, as Harbor computes a job's mean: over the trials with a verdict, a
 * trial with no reward (one that errored) counted 0. Null when no row is a Harbor trial
 * (tb and fixture runs record no reward).
 * @example meanReward(rows) // 0.1429 for 1 reward of 1 among 7 Harbor trials
 */
export function meanReward(rows: readonly TrialRow[]): number | null {
  const judged = rows.filter((r) => r.harness === "harbor" && r.counted_as !== "incomplete");
  if (judged.length === 0) return null;
  return judged.reduce((s, r) => s + (r.reward ?? 0), 0) / judged.length;
}

/** Failed trials scored against the agent, per category (harness errors and incomplete trials apart). */
export function categoryCounts(rows: readonly TrialRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows)
    if (r.counted_as === "failed") counts[r.category] = (counts[r.category] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A run's totals from its rows: its counts (one class per trial), fak's pass rate
 * (`PASS_RATE_BASIS`), Harbor's mean reward, failures by category, the jobs' own headlines
 * and the skip reasons collapsed.
 * @example summarizeRun({ label: "a", sources: ["a"], rows, headlines: [], skipped: [], simulated: false }).pass_rate
 */
export function summarizeRun(input: {
  label: string;
  sources: string[];
  rows: readonly TrialRow[];
  headlines: Headline[];
  skipped: readonly SkippedTrial[];
  simulated: boolean;
}): RunSummary {
  const { rows } = input;
  const counts = countRows(rows);
  const read = new Set(rows.map((r) => r.trial_id));
  // Skips with a verdict are rows; what is left has none (a saved file of an older fak says neither).
  const unjudged = input.skipped.filter(
    (s) => s.counted_as === "incomplete" || (s.counted_as === undefined && !read.has(s.trial)),
  );
  return {
    label: input.label,
    sources: input.sources,
    jobs: [...new Set(rows.map((r) => r.job))],
    trials: counts.listed,
    scored: passRateDenominator(counts),
    passed: counts.passed,
    harness_errors: counts.harness,
    pass_rate: passRate(counts),
    pass_rate_basis: PASS_RATE_BASIS,
    counts,
    mean_reward: meanReward(rows),
    category_counts: categoryCounts(rows),
    headlines: input.headlines,
    skipped: skipGroups(unjudged),
    simulated: input.simulated,
  };
}
