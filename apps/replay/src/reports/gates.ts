import type { RunComparison, TrialRow } from "./schemas.js";

/** A CI gate's verdict: `tripped` with a one-line reason, or passed. */
export interface GateVerdict {
  tripped: boolean;
  reason: string;
}

/**
 * `--fail-on regression`: trips when any task that passed in A fails in B (its pass rate fell).
 * @example regressionGate(cmp) // { tripped: true, reason: "2 tasks regressed from A to B: fix-git, pypi-server" }
 */
export function regressionGate(cmp: RunComparison): GateVerdict {
  const names = cmp.tasks.filter((t) => t.change === "regressed").map((t) => t.task);
  if (names.length === 0) return { tripped: false, reason: "no task regressed from A to B" };
  const plural = names.length === 1 ? "task" : "tasks";
  return {
    tripped: true,
    reason: `${names.length} ${plural} regressed from A to B: ${names.join(", ")}`,
  };
}

/**
 * `--fail-on CATEGORY[,…]` and `--max-failures N` over a run's trials scored against the agent:
 * trips when a failure falls in a named category, or when failures exceed N.
 * @example failureGate(rows, { categories: ["POLICY_BREACH"] })
 */
export function failureGate(
  rows: readonly TrialRow[],
  gate: { categories?: readonly string[]; maxFailures?: number },
): GateVerdict {
  // The trials counted as failed: not the harness's errors, not the incomplete (no verdict).
  const failed = rows.filter((r) => r.counted_as === "failed");
  const reasons: string[] = [];
  for (const category of gate.categories ?? []) {
    const hits = failed.filter((r) => r.category === category);
    if (hits.length) {
      const shown = hits
        .slice(0, 3)
        .map((r) => r.trial_id)
        .join(", ");
      const more = hits.length > 3 ? `, and ${hits.length - 3} more` : "";
      reasons.push(`${hits.length} failed with ${category} (${shown}${more})`);
    }
  }
  if (gate.maxFailures !== undefined && failed.length > gate.maxFailures) {
    reasons.push(`${failed.length} failures, more than --max-failures ${gate.maxFailures}`);
  }
  if (reasons.length) return { tripped: true, reason: reasons.join("; ") };
  return { tripped: false, reason: `${failed.length} failures, no gate tripped` };
}
