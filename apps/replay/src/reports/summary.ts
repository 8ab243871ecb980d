import type { SkippedTrial } from "../importers/ingest-types.js";
import { skipGroups } from "./rows.js";
import type { Headline, RunSummary, TrialRow } from "./schemas.js";

/** Rows scored against the agent: every trial but those that ended in a harness error. */
export function scoredRows(rows: readonly TrialRow[]): TrialRow[] {
  return rows.filter((r) => !r.harness_error);
}

/** The mean of the rewards recorded, or null when none was. */
export function meanReward(rows: readonly TrialRow[]): number | null {
  const rewards = rows.map((r) => r.reward).filter((r): r is number => r !== null);
  return rewards.length ? rewards.reduce((s, r) => s + r, 0) / rewards.length : null;
}

/** Failed trials scored against the agent, per category (harness errors are counted apart). */
export function categoryCounts(rows: readonly TrialRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of scoredRows(rows))
    if (!r.passed) counts[r.category] = (counts[r.category] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A run's totals from its rows: trials, scored, passed, pass rate (harness errors kept out),
 * mean reward, failures by category, the jobs' own headlines and the skip reasons collapsed.
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
  const scored = scoredRows(rows);
  const passed = scored.filter((r) => r.passed).length;
  return {
    label: input.label,
    sources: input.sources,
    jobs: [...new Set(rows.map((r) => r.job))],
    trials: rows.length,
    scored: scored.length,
    passed,
    harness_errors: rows.length - scored.length,
    pass_rate: scored.length ? passed / scored.length : null,
    mean_reward: meanReward(rows),
    category_counts: categoryCounts(rows),
    headlines: input.headlines,
    skipped: skipGroups(input.skipped),
    simulated: input.simulated,
  };
}
