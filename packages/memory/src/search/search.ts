import type { Client } from "@libsql/client";
import type { Scored, Semantic } from "../embed/index.js";
import type { Warn } from "../row/index.js";
import { ftsCandidates } from "./fts-candidates.js";
import { likeCandidates } from "./like-candidates.js";
import { planQuery } from "./query.js";
import { resolveHits, type SearchHit } from "./resolve-hits.js";
import { compileScorer, isRelevant } from "./score.js";
import { TUNING } from "./tuning.js";

/** What retrieval needs from a store: its client, whether FTS5 is there, and any embedder. */
export interface SearchContext {
  client: Client;
  fts: boolean;
  /** Vectors fused with the lexical ranking (embed/fuse.ts); lexical alone without it. */
  semantic?: Semantic | undefined;
  /** Told about stored rows read around (invalid UTF-8, ids beyond 2^53). Default: nothing. */
  warn?: Warn;
}

export interface SearchOptions {
  limit?: number;
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
  if (limit === 0) return [];
  const warn = ctx.warn ?? (() => {});
  if (plan.concepts.length === 0) return withVectors(ctx, text, [], limit, warn);
  const { rows, stats } = ctx.fts
    ? await ftsCandidates(ctx.client, plan, warn)
    : await likeCandidates(ctx.client, plan, warn);
  const score = compileScorer(plan, stats);
  // A row that matches only through names, labels and report words is never relevant.
  const all = rows.map((row) => ({ row, ...score(row) })).filter((s) => s.informative);
  if (!all.some(isRelevant)) return withVectors(ctx, text, [], limit, warn);
  const top = Math.max(...all.map((s) => s.share));
  const floor = Math.max(TUNING.minScore, TUNING.relative * top);
  // Only the best rows can reach the answer, even after folding occurrences and successors.
  const scored = all
    .filter((s) => s.share >= floor)
    .sort((a, b) => b.share - a.share || a.row.id - b.row.id)
    .slice(0, limit * 4 + 20)
    .map((s) => ({ row: s.row, score: s.share }));
  return withVectors(ctx, text, scored, limit, warn);
}

/** The lexical ranking, fused with the vector ranking when the store has an embedder. */
async function withVectors(
  ctx: SearchContext,
  text: string,
  lexical: Scored[],
  limit: number,
  warn: Warn,
): Promise<SearchHit[]> {
  const ranked = ctx.semantic ? await ctx.semantic.rank(text, lexical, limit) : lexical;
  return resolveHits(ctx.client, ranked, limit, warn);
}
