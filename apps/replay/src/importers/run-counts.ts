import type { IngestedTrial, ListedVerdict, RunCounts, TrialClass } from "./ingest-types.js";

// The run model: every trial a run lists or holds a folder for is in exactly one class, and
// every view's numbers (and its one pass rate) come from these counts.

/** The one definition of fak's pass rate, as every view names its denominator. */
export const PASS_RATE_BASIS = "passed / (listed − harness)";

/** No trials yet. */
export function emptyCounts(): RunCounts {
  return { listed: 0, passed: 0, failed: 0, harness: 0, incomplete: 0 };
}

/** The class of a trial read from its folder. */
export function classOfTrial(t: Pick<IngestedTrial, "status" | "harness_error">): TrialClass {
  if (t.status === "passed") return "passed";
  return t.harness_error ? "harness" : "failed";
}

/** The class of a trial known only by the job's own verdict: a cause that is not the agent's is the harness's. */
export function classOfVerdict(v: Pick<ListedVerdict, "passed" | "cause">): TrialClass {
  if (v.passed) return "passed";
  return v.cause && !v.cause.agent_fault ? "harness" : "failed";
}

/** Count one trial of class `c` into `counts`. */
export function addCount(counts: RunCounts, c: TrialClass): void {
  counts.listed++;
  counts[c]++;
}

/** The counts of several runs together. */
export function sumCounts(all: readonly RunCounts[]): RunCounts {
  const total = emptyCounts();
  for (const c of all) {
    total.listed += c.listed;
    total.passed += c.passed;
    total.failed += c.failed;
    total.harness += c.harness;
    total.incomplete += c.incomplete;
  }
  return assertCounts(total, "all runs");
}

/**
 * `counts`, after checking `listed = passed + failed + harness + incomplete` (an Error naming
 * `where` otherwise: a trial was counted twice or not at all).
 */
export function assertCounts(counts: RunCounts, where: string): RunCounts {
  const sum = counts.passed + counts.failed + counts.harness + counts.incomplete;
  if (sum !== counts.listed) {
    throw new Error(
      `${where}: listed ${counts.listed} ≠ passed ${counts.passed} + failed ${counts.failed} + harness ${counts.harness} + incomplete ${counts.incomplete}`,
    );
  }
  return counts;
}

/** The trials fak's pass rate is over: every listed trial but the harness's failures. */
export function passRateDenominator(counts: RunCounts): number {
  return counts.listed - counts.harness;
}

/**
 * fak's pass rate (`PASS_RATE_BASIS`): null when no trial is scored.
 * @example passRate({ listed: 80, passed: 11, failed: 57, harness: 12, incomplete: 0 }) // 11 / 68
 */
export function passRate(counts: RunCounts): number | null {
  const n = passRateDenominator(counts);
  return n > 0 ? counts.passed / n : null;
}

/**
 * The pass rate with its numerator and denominator, as every view prints it.
 * @example passRateText(counts) // "11/68 = 16.2%"
 */
export function passRateText(counts: RunCounts): string {
  const n = passRateDenominator(counts);
  const rate = passRate(counts);
  return rate === null
    ? `${counts.passed}/${n} = -`
    : `${counts.passed}/${n} = ${(rate * 100).toFixed(1)}%`;
}
