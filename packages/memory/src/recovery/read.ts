import type { Client } from "@libsql/client";
import { placeholders } from "../search/index.js";
import type { RecoveryOutcome } from "./schema.js";

/** A recovery as prior art shows it beside a dead branch. */
export interface RecoverySummary {
  outcome: RecoveryOutcome;
  decision: string;
  action: string;
  rerun_harness: string;
  rerun_job: string;
  /** The rerun's category when it failed again; null when it passed. */
  category: string | null;
}

// A death row is found by its trial (harness, job, trial): the key the recovery carries. Each
// recovery is reported under the row it names and under that row's first death, since search
// folds occurrences into their first row.
const BY_ROWS = (
  ids: readonly number[],
) => `SELECT DISTINCT f.id AS row_id, f.occurrence_of AS first_id,
  r.id AS rid, r.outcome, r.decision, r.action, r.rerun_harness, r.rerun_job, r.category
FROM failures AS f JOIN recoveries AS r ON r.death_harness = f.source_harness
  AND r.death_job = f.source_job AND r.death_trial = f.source_trial
WHERE f.source_trial IS NOT NULL
  AND (f.id IN (${placeholders(ids)}) OR f.occurrence_of IN (${placeholders(ids)}))
ORDER BY r.id`;

/**
 * The recoveries of the deaths behind each of `ids` (a row, or the first row of a substance with
 * its occurrences), oldest first, keyed by the id asked for. Rows written before recoveries
 * existed have none.
 * @example (await readRecoveries(client, [12])).get(12) // [{ outcome: "passed", action: "REFINE_COMMAND", ... }]
 */
export async function readRecoveries(
  client: Client,
  ids: readonly number[],
): Promise<Map<number, RecoverySummary[]>> {
  const out = new Map<number, RecoverySummary[]>();
  if (ids.length === 0) return out;
  const wanted = new Set(ids);
  const r = await client.execute({ sql: BY_ROWS(ids), args: [...ids, ...ids] });
  const seen = new Set<string>();
  for (const row of r.rows) {
    const summary: RecoverySummary = {
      outcome: String(row.outcome) === "passed" ? "passed" : "failed_again",
      decision: String(row.decision),
      action: String(row.action),
      rerun_harness: String(row.rerun_harness),
      rerun_job: String(row.rerun_job),
      category: row.category === null ? null : String(row.category),
    };
    for (const key of [Number(row.row_id), row.first_id === null ? NaN : Number(row.first_id)]) {
      if (!wanted.has(key) || seen.has(`${key}:${row.rid}`)) continue;
      seen.add(`${key}:${row.rid}`);
      out.set(key, [...(out.get(key) ?? []), summary]);
    }
  }
  return out;
}
