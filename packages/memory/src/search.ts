import type { Client, InValue } from "@libsql/client";
import {
  compileScorer,
  idf,
  planQuery,
  type QueryPlan,
  type QueryTerm,
  quoteTerm,
  type Stats,
} from "./query.js";
import { fieldStems } from "./tokens.js";

// The MATCH builder is public too: callers that query failures_fts themselves need it safe.
export { buildMatchQuery } from "./query.js";

/** What retrieval needs from a store: its client, and whether FTS5 is there. */
export interface SearchContext {
  client: Client;
  fts: boolean;
}

export interface SearchHit {
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
  /** relevance in [0, ~1]: the share of the query's rarity-weighted concepts the row answers */
  score: number;
  /** 1 + the occurrences recorded for this substance */
  deaths: number;
}

export interface SearchOptions {
  limit?: number;
}

/** Candidate and threshold constants, measured on the development set (bench/recall.ts). @internal */
export const TUNING = {
  /** a query none of whose rows earns this share of its weight has no relevant row... */
  gate: 0.26,
  /** ...unless a row answers two of its concepts or more and earns this share */
  gate2: 0.2,
  /** below this share of the query's weight a row is noise, even when others are relevant */
  minScore: 0.05,
  /** rows far below the best one are noise too */
  relative: 0.2,
  /** rows each FTS5 MATCH hands to the re-ranker */
  candidates: 200,
  /** sum of document frequencies the candidate MATCH may walk: bounds the work at any size */
  postingBudget: 6_000,
};
const MAX_MATCH_TERMS = 24;
const LIKE_CANDIDATES = 5_000;

export type Row = Omit<SearchHit, "score" | "deaths">;

/**
 * Rows most relevant to `text` (never the most recent): FTS5 candidates (LIKE without FTS5),
 * re-ranked by rarity-weighted concept matches, with superseded rows replaced by their newest
 * successor and occurrences collapsed into one hit with a death count. Any text is safe.
 * @example await searchFailures({ client, fts: true }, "throttle webhook fan-out", { limit: 5 })
 */
export async function searchFailures(
  ctx: SearchContext,
  text: string,
  opts: SearchOptions = {},
): Promise<SearchHit[]> {
  const limit = Math.max(0, Math.floor(opts.limit ?? 10));
  const plan = planQuery(text);
  if (limit === 0 || plan.concepts.length === 0) return [];
  const { rows, stats } = ctx.fts
    ? await ftsCandidates(ctx.client, plan)
    : await likeCandidates(ctx.client, plan);
  const score = compileScorer(plan, stats);
  // A row that matches only through names, labels and report words is never relevant.
  const all = rows.map((row) => ({ row, ...score(row) })).filter((s) => s.informative);
  if (!all.some(isRelevant)) return [];
  const top = Math.max(...all.map((s) => s.share));
  const floor = Math.max(TUNING.minScore, TUNING.relative * top);
  // Only the best rows can reach the answer, even after folding occurrences and successors.
  const scored = all
    .filter((s) => s.share >= floor)
    .sort((a, b) => b.share - a.share || a.row.id - b.row.id)
    .slice(0, limit * 4 + 20)
    .map((s) => ({ row: s.row, score: s.share }));
  return resolveHits(ctx.client, scored, limit);
}

async function ftsCandidates(
  client: Client,
  plan: QueryPlan,
): Promise<{ rows: Row[]; stats: Stats }> {
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
  // rarest), rarest concepts first, and single words only: phrases make FTS5 read positions.
  const own = plan.concepts
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
    const found = await candidates(client, match, rarest <= TUNING.postingBudget);
    for (const row of found) rows.set(row.id, row);
    if (found.length >= TUNING.candidates / 2) break;
  }
  // A phrase walks the postings of each of its words.
  const cost = (t: QueryTerm): number =>
    t.key.split(" ").reduce((a, s) => a + (stemDf.get(s) ?? 0), 0);
  const chosen = chooseMatchTerms(terms, stats, cost);
  if (chosen.length > 0) {
    const match = chosen.map((t) => quoteTerm(t.words)).join(" OR ");
    for (const row of await candidates(client, match, true)) rows.set(row.id, row);
  }
  return { rows: [...rows.values()], stats };
}

async function candidates(client: Client, match: string, ranked: boolean): Promise<Row[]> {
  const res = await client.execute({
    sql: `SELECT f.* FROM failures f JOIN (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ?
          ${ranked ? "ORDER BY bm25(failures_fts, 3.0, 2.0, 1.0)" : ""} LIMIT ${TUNING.candidates}) c ON c.id = f.id`,
    args: [match],
  });
  return res.rows.map(toRow);
}

async function maxId(client: Client): Promise<number> {
  const res = await client.execute("SELECT coalesce(max(id), 0) AS n FROM failures");
  return Number(res.rows[0]?.n ?? 0);
}

// fts5vocab counts a term's documents by walking its whole doclist, which costs as much as the
// naive query for common words; so document frequency is estimated from the first SAMPLE
// postings (exact below SAMPLE, else SAMPLE x rows / highest rowid reached). Only the estimates
// of common terms are cached (per client, until the table grows by 1%): a rare term is cheap to
// count again, and must be, or rows recorded after the first search would stay unseen.
const SAMPLE = 256;
const dfCache = new WeakMap<Client, { at: number; df: Map<string, number> }>();

async function documentFrequencies(
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
            `SELECT ${j} AS k, count(*) AS n, coalesce(max(id), 0) AS top FROM (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ? LIMIT ${SAMPLE})`,
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

async function likeCandidates(
  client: Client,
  plan: QueryPlan,
): Promise<{ rows: Row[]; stats: Stats }> {
  // The query's own words first, then the related terms.
  const terms = uniqueTerms(plan)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_MATCH_TERMS * 2);
  const patterns = terms.map((t) => `%${escapeLike(likeStem(t))}%`);
  const where = patterns.map(
    () =>
      "(task LIKE ? ESCAPE '\\' OR approach LIKE ? ESCAPE '\\' OR death_reason LIKE ? ESCAPE '\\')",
  );
  const args: InValue[] = patterns.flatMap((p) => [p, p, p]);
  const [countRes, res] = await Promise.all([
    client.execute("SELECT coalesce(max(id), 0) AS n FROM failures"),
    client.execute({
      sql: `SELECT * FROM failures WHERE ${where.join(" OR ")} LIMIT ${LIKE_CANDIDATES}`,
      args,
    }),
  ]);
  const rows = res.rows.map(toRow);
  const df = new Map<string, number>();
  for (const row of rows)
    for (const key of rowTerms(row, terms)) df.set(key, (df.get(key) ?? 0) + 1);
  return { rows, stats: { total: Math.max(1, Number(countRes.rows[0]?.n ?? 0)), df } };
}

/** The terms a row holds (phrases as consecutive stems). */
function rowTerms(row: Row, terms: QueryTerm[]): Set<string> {
  const found = new Set<string>();
  for (const text of [row.task, row.approach, row.death_reason]) {
    const stems = fieldStems(text);
    const joined = ` ${stems.join(" ")} `;
    for (const t of terms) if (joined.includes(` ${t.key} `)) found.add(t.key);
  }
  return found;
}

/** A LIKE needle for a term: the part of its first word its stem shares, or the word itself. */
function likeStem(term: QueryTerm): string {
  const word = term.words.join(" ");
  const stem = term.key;
  let n = 0;
  while (n < word.length && n < stem.length && word[n] === stem[n]) n++;
  return n >= 3 ? word.slice(0, n) : word;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function uniqueTerms(plan: QueryPlan): QueryTerm[] {
  const best = new Map<string, QueryTerm>();
  for (const concept of plan.concepts) {
    for (const term of concept.terms) {
      const known = best.get(term.key);
      if (!known || term.weight > known.weight) best.set(term.key, term);
    }
  }
  return [...best.values()];
}

function value(term: QueryTerm, stats: Stats): number {
  return term.weight * idf(stats, stats.df.get(term.key) ?? 0);
}

/** One answering concept must carry much of the query; two or more may carry less. */
function isRelevant(s: { share: number; matched: number }): boolean {
  return s.share >= TUNING.gate || (s.matched >= 2 && s.share >= TUNING.gate2);
}

function toRow(r: Record<string, unknown>): Row {
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
  };
}

/**
 * Replace superseded rows by the newest row of their chain, fold occurrences into their first
 * row with a death count, keep the best score of each, and order by score then id.
 */
async function resolveHits(
  client: Client,
  scored: { row: Row; score: number }[],
  limit: number,
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
    for (const row of await fetchRows(client, missing)) known.set(row.id, row);
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

function placeholders(ids: readonly number[]): string {
  return ids.map(() => "?").join(",");
}

async function newestSuccessors(client: Client, ids: number[]): Promise<Map<number, number>> {
  const res = await client.execute({
    sql: `WITH RECURSIVE chain(root, id) AS (
            SELECT id, id FROM failures WHERE id IN (${placeholders(ids)})
            UNION SELECT chain.root, f.id FROM failures f JOIN chain ON f.supersedes = chain.id)
          SELECT root, max(id) AS newest FROM chain GROUP BY root`,
    args: ids,
  });
  return new Map(res.rows.map((r) => [Number(r.root), Number(r.newest)]));
}

async function fetchRows(client: Client, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const res = await client.execute({
    sql: `SELECT * FROM failures WHERE id IN (${placeholders(ids)})`,
    args: ids,
  });
  return res.rows.map(toRow);
}

async function deathCounts(client: Client, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const res = await client.execute({
    sql: `SELECT occurrence_of AS id, count(*) AS n FROM failures WHERE occurrence_of IN (${placeholders(ids)}) GROUP BY occurrence_of`,
    args: ids,
  });
  return new Map(res.rows.map((r) => [Number(r.id), Number(r.n)]));
}
