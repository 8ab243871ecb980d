import type { Client } from "@libsql/client";
import {
  candidateColumns,
  MAX_CHAIN,
  MAX_SAFE_ID,
  type Row,
  toRows,
  type Warn,
} from "../row/index.js";
import { placeholders } from "./candidates.js";

/** A ranked row of the memory, as search returns it. */
export interface SearchHit extends Row {
  /**
   * relevance in [0, ~1]: the share of the query's rarity-weighted concepts the row answers
   * (with an embedder: the fused reciprocal-rank score, 1 for first in both rankings)
   */
  score: number;
  /** 1 + the occurrences recorded for this substance */
  deaths: number;
}

/**
 * Replace superseded rows by the newest row of their chain, fold occurrences into their first
 * row with a death count, keep the best score of each, and order by score then id.
 */
export async function resolveHits(
  client: Client,
  scored: { row: Row; score: number }[],
  limit: number,
  warn: Warn,
): Promise<SearchHit[]> {
  if (scored.length === 0) return [];
  const rootOf = (row: Row): number => row.occurrence_of ?? row.id;
  const starts = [...new Set(scored.flatMap(({ row }) => [row.id, rootOf(row)]))];
  const newest = await newestSuccessors(client, starts);
  const bestScore = new Map<number, number>();
  for (const { row, score } of scored) {
    const next = Math.max(newest.get(row.id) ?? row.id, newest.get(rootOf(row)) ?? rootOf(row));
    bestScore.set(next, Math.max(bestScore.get(next) ?? 0, score));
  }
  const known = new Map(scored.map(({ row }) => [row.id, row]));
  const rowsOf = async (ids: number[]): Promise<Row[]> => {
    const missing = ids.filter((id) => !known.has(id));
    for (const row of await fetchRows(client, missing, warn)) known.set(row.id, row);
    return ids.flatMap((id) => known.get(id) ?? []);
  };
  const rows = await rowsOf([...bestScore.keys()]);
  const byRoot = new Map<number, number>();
  for (const row of rows) {
    const root = rootOf(row);
    byRoot.set(root, Math.max(byRoot.get(root) ?? 0, bestScore.get(row.id) ?? 0));
  }
  const ranked = [...byRoot.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  const roots = ranked.map(([id]) => id);
  const [rootRows, deaths] = await Promise.all([rowsOf(roots), deathCounts(client, roots)]);
  const rowById = new Map(rootRows.map((r) => [r.id, r]));
  return ranked.flatMap(([id, score]) => {
    const row = rowById.get(id);
    return row ? [{ ...row, score, deaths: 1 + (deaths.get(id) ?? 0) }] : [];
  });
}

// Each step goes to a later row (the database refuses anything else), so chains end; the depth
// bound ends the walk even on a cycle forged before that refusal existed.
async function newestSuccessors(client: Client, ids: number[]): Promise<Map<number, number>> {
  const res = await client.execute({
    sql: `WITH RECURSIVE chain(root, id, depth) AS (
            SELECT id, id, 0 FROM failures WHERE id IN (${placeholders(ids)})
            UNION ALL SELECT chain.root, f.id, chain.depth + 1 FROM failures f JOIN chain
              ON f.supersedes = chain.id AND f.id > chain.id AND f.id <= ${MAX_SAFE_ID}
            WHERE chain.depth < ${MAX_CHAIN})
          SELECT root, max(id) AS newest FROM chain GROUP BY root`,
    args: ids,
  });
  return new Map(res.rows.map((r) => [Number(r.root), Number(r.newest)]));
}

async function fetchRows(client: Client, ids: number[], warn: Warn): Promise<Row[]> {
  if (ids.length === 0) return [];
  const res = await client.execute({
    sql: `SELECT ${candidateColumns()} FROM failures WHERE id IN (${placeholders(ids)})`,
    args: ids,
  });
  return toRows(res.rows, warn);
}

async function deathCounts(client: Client, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const res = await client.execute({
    sql: `SELECT occurrence_of AS id, count(*) AS n FROM failures WHERE occurrence_of IN (${placeholders(ids)}) GROUP BY occurrence_of`,
    args: ids,
  });
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.n)]));
}
