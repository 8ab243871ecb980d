import type { Client, InValue } from "@libsql/client";
import { planQuery, type QueryPlan, type QueryTerm, quoteTerm } from "./query.js";
import { stemWord } from "./tokens.js";

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

/** Ranking constants, measured on the development set (see bench/recall.ts). @internal */
export const TUNING = {
  /** a query none of whose rows earns this share of its weight has no relevant row... */
  gate: 0.26,
  /** ...unless a row answers two of its concepts or more and earns this share */
  gate2: 0.2,
  /** below this share of the query's weight a row is noise, even when others are relevant */
  minScore: 0.05,
  /** rows far below the best one are noise too */
  relative: 0.2,
  /** where a word counts: the task most, then the approach, then the death reason */
  fields: [1, 0.6, 0.45] as number[],
  k1: 1.2,
  /** how much a query word the memory has never seen weighs against every row */
  unknown: 0.3,
  /** 0: each word weighs its own rarity; 1: synonyms weigh the rarity of their concept */
  blend: 0.5,
  /** what each further matching term of one concept adds, as a power series */
  extra: 0.3,
};
const CANDIDATES = 300;
// Sum of document frequencies the candidate MATCH may walk: bounds the work at any table size.
const POSTING_BUDGET = 60_000;
const MAX_MATCH_TERMS = 24;
const LIKE_CANDIDATES = 5_000;

export type Row = Omit<SearchHit, "score" | "deaths">;
export interface Stats {
  total: number;
  df: Map<string, number>;
}

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
  const all = rows.map((row) => ({ row, ...scoreDetail(row, plan, stats) }));
  if (!all.some(isRelevant)) return [];
  const top = Math.max(...all.map((s) => s.share));
  const floor = Math.max(TUNING.minScore, TUNING.relative * top);
  const scored = all.filter((s) => s.share >= floor).map((s) => ({ row: s.row, score: s.share }));
  return resolveHits(ctx.client, scored, limit);
}

async function ftsCandidates(
  client: Client,
  plan: QueryPlan,
): Promise<{ rows: Row[]; stats: Stats }> {
  const terms = uniqueTerms(plan);
  const stems = [...new Set(terms.flatMap((t) => t.key.split(" ")))];
  const [countRes, vocabRes] = await Promise.all([
    client.execute("SELECT coalesce(max(id), 0) AS n FROM failures"),
    client.execute({
      sql: `SELECT term, doc FROM failures_fts_vocab WHERE term IN (${stems.map(() => "?").join(",")})`,
      args: stems,
    }),
  ]);
  const stemDf = new Map(vocabRes.rows.map((r) => [String(r.term), Number(r.doc)]));
  const df = new Map(
    terms.map(
      (t) => [t.key, Math.min(...t.key.split(" ").map((s) => stemDf.get(s) ?? 0))] as const,
    ),
  );
  const stats = { total: Math.max(1, Number(countRes.rows[0]?.n ?? 0)), df };
  const chosen = chooseMatchTerms(terms, stats);
  if (chosen.length === 0) return { rows: [], stats };
  const match = chosen.map((t) => quoteTerm(t.words)).join(" OR ");
  const res = await client.execute({
    sql: `SELECT f.* FROM failures f JOIN (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ?
          ORDER BY bm25(failures_fts, 3.0, 2.0, 1.0) LIMIT ${CANDIDATES}) c ON c.id = f.id`,
    args: [match],
  });
  return { rows: res.rows.map(toRow), stats };
}

/** The most telling terms whose postings fit the budget: rare, heavy ones first. */
function chooseMatchTerms(terms: QueryTerm[], stats: Stats): QueryTerm[] {
  const ranked = terms
    .filter((t) => (stats.df.get(t.key) ?? 0) > 0)
    .sort((a, b) => value(b, stats) - value(a, stats) || a.key.localeCompare(b.key));
  const chosen: QueryTerm[] = [];
  let postings = 0;
  for (const term of ranked) {
    const df = stats.df.get(term.key) ?? 0;
    if (chosen.length > 0 && postings + df > POSTING_BUDGET) continue;
    chosen.push(term);
    postings += df;
    if (chosen.length >= MAX_MATCH_TERMS) break;
  }
  return chosen;
}

async function likeCandidates(
  client: Client,
  plan: QueryPlan,
): Promise<{ rows: Row[]; stats: Stats }> {
  const terms = uniqueTerms(plan).slice(0, MAX_MATCH_TERMS * 2);
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
    for (const key of rowTermCounts(row, terms).keys()) df.set(key, (df.get(key) ?? 0) + 1);
  return { rows, stats: { total: Math.max(1, Number(countRes.rows[0]?.n ?? 0)), df } };
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

function idf(stats: Stats, df: number): number {
  return Math.log(1 + (stats.total - df + 0.5) / (df + 0.5));
}

function value(term: QueryTerm, stats: Stats): number {
  return term.weight * idf(stats, stats.df.get(term.key) ?? 0);
}

/** One answering concept must carry much of the query; two or more may carry less. */
function isRelevant(s: { share: number; matched: number }): boolean {
  return s.share >= TUNING.gate || (s.matched >= 2 && s.share >= TUNING.gate2);
}

/**
 * Relevance of a row: for each query concept, the best of its terms the row holds (weight x
 * rarity x saturated field-weighted frequency), summed and divided by what a row answering
 * every concept would earn. Query words the memory has never seen count at full rarity, so a
 * query about an unknown topic scores low everywhere.
 */
export function scoreRow(row: Row, plan: QueryPlan, stats: Stats): number {
  return scoreDetail(row, plan, stats).share;
}

/** @internal */
export function scoreDetail(
  row: Row,
  plan: QueryPlan,
  stats: Stats,
): { share: number; got: number; matched: number; exact: number } {
  const counts = rowTermCounts(
    row,
    plan.concepts.flatMap((c) => c.terms),
  );
  const saturate = (tf: number): number => (tf * (TUNING.k1 + 1)) / (tf + TUNING.k1);
  const ideal = saturate(TUNING.fields[0] ?? 1);
  let max = 0;
  // Each row term answers at most one concept, and each concept takes one term: without this a
  // single word shared by several concept groups would be counted once per group.
  const offers: { concept: number; key: string; value: number }[] = [];
  const ceiling: number[] = [];
  plan.concepts.forEach((concept, c) => {
    const own = concept.terms[0];
    if (!own) return;
    const ownDf = stats.df.get(own.key) ?? 0;
    // Synonyms share the concept's statistics (as Lucene's SynonymQuery does): the concept is as
    // rare as its commonest member, blended with the rarity of each word itself.
    const conceptDf = Math.max(...concept.terms.map((t) => stats.df.get(t.key) ?? 0));
    const conceptIdf = idf(stats, conceptDf);
    const termIdf = (df: number): number =>
      TUNING.blend * conceptIdf + (1 - TUNING.blend) * idf(stats, df);
    const full = termIdf(ownDf) * ideal;
    ceiling[c] = full;
    max += full * (conceptDf === 0 ? TUNING.unknown : 1);
    for (const term of concept.terms) {
      const tf = counts.get(term.key);
      if (tf)
        offers.push({
          concept: c,
          key: term.key,
          value: term.weight * termIdf(stats.df.get(term.key) ?? 0) * saturate(tf),
        });
    }
  });
  offers.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key) || a.concept - b.concept);
  // A row term answers one concept only; a concept's further terms add less and less (a row
  // that speaks of quota, burst and limiter is more surely about throttling than one word is).
  const usedKeys = new Set<string>();
  const earned = new Map<number, { sum: number; n: number }>();
  for (const offer of offers) {
    if (usedKeys.has(offer.key)) continue;
    usedKeys.add(offer.key);
    const e = earned.get(offer.concept) ?? { sum: 0, n: 0 };
    e.sum += offer.value * TUNING.extra ** e.n;
    e.n++;
    earned.set(offer.concept, e);
  }
  let got = 0;
  for (const [c, e] of earned) got += Math.min(e.sum, ceiling[c] ?? e.sum);
  const exact = plan.concepts.filter((c) => c.terms[0] && counts.has(c.terms[0].key)).length;
  return { share: max === 0 ? 0 : got / max, got, matched: earned.size, exact };
}

const stemCache = new Map<string, string>();
function cachedStem(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    if (stemCache.size > 100_000) stemCache.clear();
    stem = stemWord(word);
    stemCache.set(word, stem);
  }
  return stem;
}

const SPLIT = /[^\p{L}\p{N}\p{Co}]+/u;
function fieldStems(text: string): string[] {
  const folded = /^[\x00-\x7f]*$/.test(text)
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase();
  return folded
    .split(SPLIT)
    .filter((w) => w !== "")
    .map(cachedStem);
}

/** Field-weighted frequency of each wanted term (phrases matched as consecutive stems). */
function rowTermCounts(row: Row, terms: QueryTerm[]): Map<string, number> {
  const wanted = new Map<string, string[]>();
  for (const t of terms) wanted.set(t.key, t.key.split(" "));
  const counts = new Map<string, number>();
  const fields = [row.task, row.approach, row.death_reason];
  fields.forEach((text, f) => {
    const stems = fieldStems(text);
    const weight = TUNING.fields[f] ?? 0;
    const positions = new Map<string, number[]>();
    stems.forEach((s, i) => {
      const list = positions.get(s);
      if (list) list.push(i);
      else positions.set(s, [i]);
    });
    for (const [key, parts] of wanted) {
      const starts = positions.get(parts[0] ?? "");
      if (!starts) continue;
      let n = 0;
      for (const i of starts) if (parts.every((p, j) => stems[i + j] === p)) n++;
      if (n > 0) counts.set(key, (counts.get(key) ?? 0) + n * weight);
    }
  });
  return counts;
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
  const rows = await fetchRows(client, [...bestScore.keys()]);
  const byRoot = new Map<number, number>();
  for (const row of rows) {
    const root = rootOf(row);
    byRoot.set(root, Math.max(byRoot.get(root) ?? 0, bestScore.get(row.id) ?? 0));
  }
  const ranked = [...byRoot.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  const roots = ranked.map(([id]) => id);
  const [rootRows, deaths] = await Promise.all([
    fetchRows(client, roots),
    deathCounts(client, roots),
  ]);
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
