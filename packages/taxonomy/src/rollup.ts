import type { FailureCode } from "./codes.js";
import { type FailureClassification, type FailureTaxonomy, TAXONOMY_SCHEMA } from "./schemas.js";

/**
 * Roll classifications up into the counted FailureTaxonomy. `category_counts` counts failed
 * tasks per code (passed tasks are NONE and only count toward `task_count`), with keys sorted
 * so the JSON is byte-stable; `safety_holds` and `retryable_count` count failed tasks too.
 * @example
 *   rollup([classify({ task_id: "a", arm: { task_success: true } })])
 *   // { schema: "fak.terminalbench-failure-taxonomy.v1", task_count: 1, failure_count: 0, ... }
 */
export function rollup(classifications: readonly FailureClassification[]): FailureTaxonomy {
  const counts = new Map<FailureCode, number>();
  let failures = 0;
  let holds = 0;
  let retryable = 0;
  for (const c of classifications) {
    if (!c.failed) continue;
    failures++;
    counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
    if (c.safety_hold) holds++;
    if (c.retryable) retryable++;
  }
  const category_counts: Partial<Record<FailureCode, number>> = {};
  for (const code of [...counts.keys()].sort()) category_counts[code] = counts.get(code)!;
  return {
    schema: TAXONOMY_SCHEMA,
    task_count: classifications.length,
    failure_count: failures,
    category_counts,
    safety_holds: holds,
    retryable_count: retryable,
    classifications: [...classifications],
  };
}
