import type { FailureCode } from "./codes.js";
import { type FailureClassification, type FailureTaxonomy, TAXONOMY_SCHEMA } from "./schemas.js";
import type { Attribution } from "./trial/schema.js";

type Counts = Partial<Record<FailureCode, number>>;

function sorted(counts: Map<FailureCode, number>): Counts {
  const out: Counts = {};
  for (const code of [...counts.keys()].sort()) out[code] = counts.get(code)!;
  return out;
}

function bump(counts: Map<FailureCode, number>, code: FailureCode): void {
  counts.set(code, (counts.get(code) ?? 0) + 1);
}

/**
 * Roll classifications up into the counted FailureTaxonomy. `category_counts` counts failed
 * tasks per code (passed tasks are NONE and only count toward `task_count`), with keys sorted
 * so the JSON is byte-stable; `safety_holds` and `retryable_count` count failed tasks too.
 * Classifications from a real run carry an attribution: setup failures (the agent never got to
 * work) are counted apart in `setup_counts`, and harness failures (provider, harness) stay out
 * of the agent's counts entirely, in `harness_counts`; `attribution_counts` totals the three.
 * @example
 *   rollup([classify({ task_id: "a", arm: { task_success: true } })])
 *   // { schema: "fak.terminalbench-failure-taxonomy.v1", task_count: 1, failure_count: 0, ... }
 */
export function rollup(classifications: readonly FailureClassification[]): FailureTaxonomy {
  const counts = new Map<FailureCode, number>();
  const setup = new Map<FailureCode, number>();
  const harness = new Map<FailureCode, number>();
  const by: Partial<Record<Attribution, number>> = {};
  let attributed = false;
  let failures = 0;
  let holds = 0;
  let retryable = 0;
  for (const c of classifications) {
    if (c.attribution) attributed = true;
    if (!c.failed) continue;
    const who = c.attribution ?? "agent";
    by[who] = (by[who] ?? 0) + 1;
    if (who === "harness") {
      bump(harness, c.category);
      continue;
    }
    failures++;
    bump(who === "setup" ? setup : counts, c.category);
    if (c.safety_hold) holds++;
    if (c.retryable) retryable++;
  }
  const taxonomy: FailureTaxonomy = {
    schema: TAXONOMY_SCHEMA,
    task_count: classifications.length,
    failure_count: failures,
    category_counts: sorted(counts),
    safety_holds: holds,
    retryable_count: retryable,
    classifications: [...classifications],
  };
  if (attributed) {
    taxonomy.attribution_counts = {
      agent: by.agent ?? 0,
      setup: by.setup ?? 0,
      harness: by.harness ?? 0,
    };
    taxonomy.setup_counts = sorted(setup);
    taxonomy.harness_counts = sorted(harness);
  }
  return taxonomy;
}
