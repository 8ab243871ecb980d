import type { Client } from "@libsql/client";
import { candidateColumns, type Row, toRows, type Warn } from "../row/index.js";
import { type Candidates, maxId, uniqueTerms } from "./candidates.js";
import { documentFrequencies } from "./frequencies.js";
import { type QueryPlan, type QueryTerm, quoteTerm } from "./query.js";
import { idf, type Stats } from "./score.js";
import { MAX_MATCH_TERMS, TUNING } from "./tuning.js";

/**
 * Candidates from FTS5: rows holding the query's rarest words together, then rows holding its
 * most telling terms, each within a bounded number of postings.
 */
export async function ftsCandidates(
  client: Client,
  plan: QueryPlan,
  warn: Warn,
): Promise<Candidates> {
  const terms = uniqueTerms(plan);
  const total = await maxId(client);
  const stemDf = await documentFrequencies(client, terms, total);
  const df = new Map(
    terms.map(
      (t) => [t.key, Math.min(...t.key.split(" ").map((s) => stemDf.get(s) ?? 0))] as const,
    ),
  );
  const stats = { total: Math.max(1, total), df };
  // Candidates: rows holding the query's own words together (common words are rare in
  // conjunction; a conjunction too common to rank is read in id order, which is also the
  // tie-break), then rows holding any of its rarest words or related terms, ranked by bm25
  // within a bounded number of postings. The conjunction takes one word per concept (its
  // rarest), rarest topical concepts first, and single words only: phrases make FTS5 read
  // positions.
  const own = plan.concepts
    .filter((c) => c.topical)
    .flatMap((c) => {
      const [term] = c.terms;
      const words = (term?.key.split(" ") ?? [])
        .map((stem, i) => ({ stem, word: term?.words[i] ?? stem }))
        .filter((w) => (stemDf.get(w.stem) ?? 0) > 0)
        .sort((a, b) => (stemDf.get(a.stem) ?? 0) - (stemDf.get(b.stem) ?? 0));
      return words.slice(0, 1);
    })
    .sort((a, b) => (stemDf.get(a.stem) ?? 0) - (stemDf.get(b.stem) ?? 0))
    .filter((w, i, all) => all.findIndex((x) => x.stem === w.stem) === i)
    .slice(0, 3);
  const rarest = stemDf.get(own[0]?.stem ?? "") ?? 0;
  const conjunctions = own.length > 2 ? [own, own.slice(0, 2)] : own.length > 0 ? [own] : [];
  const rows = new Map<number, Row>();
  for (const words of conjunctions) {
    const match = words.map((w) => quoteTerm([w.word])).join(" AND ");
    const found = await candidates(client, match, rarest <= TUNING.postingBudget, warn);
    for (const row of found) rows.set(row.id, row);
    if (found.length >= TUNING.candidates / 2) break;
  }
  // A phrase walks the postings of each of its words.
  const cost = (t: QueryTerm): number =>
    t.key.split(" ").reduce((a, s) => a + (stemDf.get(s) ?? 0), 0);
  const chosen = chooseMatchTerms(terms, stats, cost);
  if (chosen.length > 0) {
    const match = chosen.map((t) => quoteTerm(t.words)).join(" OR ");
    for (const row of await candidates(client, match, true, warn)) rows.set(row.id, row);
  }
  return { rows: [...rows.values()], stats };
}

async function candidates(
  client: Client,
  match: string,
  ranked: boolean,
  warn: Warn,
): Promise<Row[]> {
  const res = await client.execute({
    sql: `SELECT ${candidateColumns("f")} FROM failures f JOIN (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ?
          ${ranked ? "ORDER BY bm25(failures_fts, 3.0, 2.0, 1.0)" : ""} LIMIT ${TUNING.candidates}) c ON c.id = f.id`,
    args: [match],
  });
  return toRows(res.rows, warn);
}

/** The most telling terms whose postings fit the budget: rare, heavy ones first. */
function chooseMatchTerms(
  terms: QueryTerm[],
  stats: Stats,
  cost: (t: QueryTerm) => number,
): QueryTerm[] {
  const ranked = terms
    .filter((t) => (stats.df.get(t.key) ?? 0) > 0)
    .sort((a, b) => value(b, stats) - value(a, stats) || a.key.localeCompare(b.key));
  const chosen: QueryTerm[] = [];
  let postings = 0;
  for (const term of ranked) {
    const walk = cost(term);
    if (postings + walk > TUNING.postingBudget) continue;
    chosen.push(term);
    postings += walk;
    if (chosen.length >= MAX_MATCH_TERMS) break;
  }
  return chosen;
}

function value(term: QueryTerm, stats: Stats): number {
  return term.weight * idf(stats, stats.df.get(term.key) ?? 0);
}
