import type { Row } from "../row/index.js";
import type { VectorHit } from "./vectors.js";

/** A ranked candidate, as search hands it to the supersession and occurrence folding. */
export interface Scored {
  row: Row;
  score: number;
}

/** The reciprocal rank fusion constant (Cormack et al. 2009): 1 / (K + rank). */
export const RRF_K = 60;

/**
 * How far above chance a vector-only candidate must be, in robust standard deviations of the
 * query's cosine to unrelated rows, beyond the best such a row reaches by chance in a store of
 * that size (sqrt(2 ln n)). Calibrated on the development retrieval set with the loopback fake
 * model (bench/embed-calibrate.ts): the smallest margin at which no `none` query is answered
 * that lexical search leaves empty. A real model may want another: run the script against it.
 */
export const ABSTAIN_MARGIN = 1.5;

/**
 * The cosine a vector-only candidate must reach: median + spread x (sqrt(2 ln n) + margin) of the
 * query's cosines to a sample of stored rows (spread = 1.4826 x the median absolute deviation,
 * robust to the few relevant rows in the sample), never below `minCosine`. With fewer than 8
 * sampled rows there is no background to stand out from, and only `minCosine` applies.
 * @example cosineThreshold([0.1, 0.12, 0.09, ...], 5000) // ~0.3
 */
export function cosineThreshold(
  sample: readonly number[],
  count: number,
  opts: { margin?: number; minCosine?: number } = {},
): number {
  const floor = opts.minCosine ?? 0;
  if (sample.length < 8) return Math.max(floor, 0.5);
  const med = median(sample);
  const spread = 1.4826 * median(sample.map((c) => Math.abs(c - med)));
  const chance = Math.sqrt(2 * Math.log(Math.max(2, count)));
  return Math.max(floor, med + Math.max(spread, 1e-3) * (chance + (opts.margin ?? ABSTAIN_MARGIN)));
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Reciprocal rank fusion of the lexical ranking (already gated: every row in it is relevant)
 * and the vector ranking: each row scores the sum of 1 / (RRF_K + rank) over the lists it is in,
 * normalised so a row first in both scores 1. Only vector hits whose cosine clears `threshold`
 * take part, so a row only the vectors found joins only then; when neither list has a relevant
 * row the answer is empty.
 * @example fuse(lexical, vectorHits, 0.42) // [{ row, score }, ...] best first
 */
export function fuse(
  lexical: readonly Scored[],
  vector: readonly VectorHit[],
  threshold: number,
): Scored[] {
  const fused = new Map<number, Scored>();
  const add = (row: Row, rank: number) => {
    const s = fused.get(row.id) ?? { row, score: 0 };
    s.score += 1 / (RRF_K + rank);
    fused.set(row.id, s);
  };
  for (const [i, s] of lexical.entries()) add(s.row, i + 1);
  // Vector evidence counts only where it stands out: a weak vector rank never reorders the
  // lexical hits, and ranks are counted among the vector hits that clear the threshold.
  const admitted = vector.filter((h) => h.cosine >= threshold);
  for (const [i, h] of admitted.entries()) add(h.row, i + 1);
  const best = 2 / (RRF_K + 1);
  return [...fused.values()]
    .map((s) => ({ row: s.row, score: s.score / best }))
    .sort((a, b) => b.score - a.score || a.row.id - b.row.id);
}
