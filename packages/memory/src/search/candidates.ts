import type { Client } from "@libsql/client";
import { MAX_SAFE_ID, type Row } from "../row/index.js";
import type { QueryPlan, QueryTerm } from "./query.js";
import type { Stats } from "./score.js";

/** Candidate rows and the statistics to weigh the query's terms against them. */
export interface Candidates {
  rows: Row[];
  stats: Stats;
}

export function placeholders(ids: readonly number[]): string {
  return ids.map(() => "?").join(",");
}

/** The table's size, as its highest id (rows are never deleted). */
export async function maxId(client: Client): Promise<number> {
  const res = await client.execute(
    `SELECT coalesce(max(id), 0) AS n FROM failures WHERE id <= ${MAX_SAFE_ID}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Each term of a plan once, at the highest weight any concept gives it. */
export function uniqueTerms(plan: QueryPlan): QueryTerm[] {
  const best = new Map<string, QueryTerm>();
  for (const concept of plan.concepts) {
    for (const term of concept.terms) {
      const known = best.get(term.key);
      if (!known || term.weight > known.weight) best.set(term.key, term);
    }
  }
  return [...best.values()];
}
