import type { Client } from "@libsql/client";
import { MAX_SAFE_ID } from "../row/index.js";
import { type QueryTerm, quoteTerm } from "./query.js";

// fts5vocab counts a term's documents by walking its whole doclist, which costs as much as the
// naive query for common words; so document frequency is estimated from the first SAMPLE
// postings (exact below SAMPLE, else SAMPLE x rows / highest rowid reached). Only the estimates
// of common terms are cached (per client, until the table grows by 1%): a rare term is cheap to
// count again, and must be, or rows recorded after the first search would stay unseen.
const SAMPLE = 256;
const dfCache = new WeakMap<Client, { at: number; df: Map<string, number> }>();

/**
 * Document frequency of each stem of the terms, exact for rare stems and estimated for common
 * ones.
 */
export async function documentFrequencies(
  client: Client,
  terms: QueryTerm[],
  total: number,
): Promise<Map<string, number>> {
  let cache = dfCache.get(client);
  if (!cache || total < cache.at || total - cache.at > cache.at * 0.01) {
    cache = { at: total, df: new Map() };
    dfCache.set(client, cache);
  }
  const common = cache.df;
  const df = new Map<string, number>();
  const wanted = new Map<string, string>();
  for (const term of terms) {
    term.key.split(" ").forEach((stem, i) => {
      const known = common.get(stem);
      if (known !== undefined) df.set(stem, known);
      else if (!wanted.has(stem)) wanted.set(stem, term.words[i] ?? stem);
    });
  }
  const todo = [...wanted.entries()];
  for (let i = 0; i < todo.length; i += 100) {
    const part = todo.slice(i, i + 100);
    const res = await client.execute({
      sql: part
        .map(
          (_, j) =>
            `SELECT ${j} AS k, count(*) AS n, coalesce(max(id), 0) AS top FROM (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ? AND rowid <= ${MAX_SAFE_ID} LIMIT ${SAMPLE})`,
        )
        .join(" UNION ALL "),
      args: part.map(([, word]) => quoteTerm([word])),
    });
    for (const r of res.rows) {
      const [stem] = part[Number(r.k)] ?? [];
      if (stem === undefined) continue;
      const n = Number(r.n);
      const top = Number(r.top);
      if (n < SAMPLE || top === 0) df.set(stem, n);
      else {
        const estimate = Math.min(total, Math.round((n * total) / top));
        df.set(stem, estimate);
        common.set(stem, estimate);
      }
    }
  }
  return df;
}
