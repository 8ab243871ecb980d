import type { Client, Row as DriverRow } from "@libsql/client";
import {
  decodeRow,
  MAX_SAFE_ID,
  ROW_COLUMNS,
  type Source,
  safeColumns,
  sourceFrom,
  type Warn,
} from "../row/index.js";
import type { QueryPlan, QueryTerm } from "./query.js";
import type { Stats } from "./score.js";

/** A failures row as search reads it. */
export interface Row {
  id: number;
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  layer: string;
  conviction: string;
  created_at: string;
  occurrence_of: number | null;
  supersedes: number | null;
  provenance: string;
  source: Source | null;
}

/** Candidate rows and the statistics to weigh the query's terms against them. */
export interface Candidates {
  rows: Row[];
  stats: Stats;
}

export function toRow(r: Record<string, unknown>): Row {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    session: String(r.session ?? ""),
    task: String(r.task ?? ""),
    approach: String(r.approach ?? ""),
    death_reason: String(r.death_reason ?? ""),
    layer: String(r.layer ?? "none"),
    conviction: String(r.conviction ?? "none"),
    created_at: String(r.created_at ?? ""),
    occurrence_of: num(r.occurrence_of),
    supersedes: num(r.supersedes),
    provenance: String(r.provenance ?? "unknown"),
    source: sourceFrom(r),
  };
}

/** The SELECT list of a candidate row, read so that no stored value aborts the driver. */
export function candidateColumns(alias?: string): string {
  return safeColumns(ROW_COLUMNS, alias);
}

/** Candidate rows from rows selected with `candidateColumns` (unreadable ones skipped). */
export function toRows(rows: DriverRow[], warn: Warn): Row[] {
  return rows.flatMap((r) => {
    const decoded = decodeRow(r, warn);
    return decoded ? [toRow(decoded)] : [];
  });
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
