/**
 * Candidate and threshold constants of search, measured on the development set
 * (bench/recall.ts). Mutable so the benchmarks can sweep them. @internal
 */
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

/** query terms one candidate MATCH may name */
export const MAX_MATCH_TERMS = 24;

/** Ranking constants, measured on the development set (bench/recall.ts). @internal */
export const RANKING = {
  /** weight of a term reached through the vocabulary rather than written in the query */
  related: 0.6,
  /** weight of one word of a vocabulary phrase found in the query */
  part: 0.5,
  /** where a word counts: the task most, then the approach, then the death reason */
  fields: [1, 0.6, 0.45] as number[],
  k1: 1.2,
  /**
   * how much a query word the memory has never seen weighs against every row: a paraphrase uses
   * words no row has, but a query about what the memory does not hold does too
   */
  unknown: 0.55,
  /** 0: each word weighs its own rarity; 1: synonyms weigh the rarity of their concept */
  blend: 0.5,
  /** what each further matching term of one concept adds, as a power series */
  extra: 0.3,
  /** how many of the query's heaviest concepts a row is measured against */
  concepts: 5,
  /** what a query word counts for where a row holds it in a name, label or report word */
  noise: 0.1,
  /** how much a query word that names no topic (fix, large, once) weighs against its topic words */
  topicless: 0.3,
  /** what a query word counts for where a row holds another word of the same stem (expensive) */
  otherWord: 0.2,
  /**
   * Rarity is read as if the memory held at least this many rows (the missing ones holding none
   * of the query's words): in a memory of one row every word it holds has df = N, and would
   * weigh almost nothing against the words it lacks.
   */
  prior: 20,
};
