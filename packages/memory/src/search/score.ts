import { sameWord } from "./derivation.js";
import { type NoisyStems, noiseStems } from "./noise.js";
import type { QueryPlan } from "./query.js";
import { fieldWords, stemWord } from "./tokens.js";
import { RANKING, TUNING } from "./tuning.js";

/** The text of a row that relevance reads. */
export interface RowText {
  task: string;
  approach: string;
  death_reason: string;
}

/** Table size and document frequency of each term key (phrases: of their rarest word). */
export interface Stats {
  total: number;
  df: Map<string, number>;
}

/** BM25's inverse document frequency, over at least RANKING.prior rows. */
export function idf(stats: Stats, df: number): number {
  const total = Math.max(stats.total, RANKING.prior);
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** What a row earned: its share of the query, the raw sum, and how many topical concepts it answers. */
export interface RowScore {
  /** what ranks the row: its share of the query, topic-less words included */
  share: number;
  /** what makes it relevant: its share of the query's topic alone */
  relevance: number;
  got: number;
  matched: number;
  /** how many of those it answers with the query's own word or phrase, not a related term */
  direct: number;
  /** whether any of its matches is topic, not a name, label or report word */
  informative: boolean;
}

function plain(text: string): NoisyStems {
  const words = fieldWords(text);
  return { words, stems: words.map(stemWord), noise: NONE, names: NONE };
}
const NONE: Set<number> = new Set();

/** Precompute a query's terms and weights once, so scoring a row costs one pass over its words. */
export function compileScorer(plan: QueryPlan, stats: Stats): (row: RowText) => RowScore {
  const saturate = (tf: number): number => (tf * (RANKING.k1 + 1)) / (tf + RANKING.k1);
  const ideal = saturate(RANKING.fields[0] ?? 1);
  const keys: string[] = [];
  const keyIndex = new Map<string, number>();
  const byFirst = new Map<
    string,
    { k: number; parts: string[]; words: string[]; named: boolean }[]
  >();
  const offersOf: { concept: number; value: number; own: boolean }[][] = [];
  // whether a term answers a topical concept: a row that holds only topic-less words is not relevant
  const topical: boolean[] = [];
  const ceiling: number[] = [];
  const ideals: number[] = [];
  plan.concepts.forEach((concept, c) => {
    const own = concept.terms[0];
    if (!own) return;
    // Synonyms share the concept's statistics (as Lucene's SynonymQuery does): the concept is as
    // rare as its commonest member, blended with the rarity of each word itself.
    const conceptDf = Math.max(...concept.terms.map((t) => stats.df.get(t.key) ?? 0));
    const conceptIdf = idf(stats, conceptDf);
    const termIdf = (key: string): number =>
      RANKING.blend * conceptIdf + (1 - RANKING.blend) * idf(stats, stats.df.get(key) ?? 0);
    const factor = concept.topical ? 1 : RANKING.topicless;
    const full = termIdf(own.key) * ideal * factor;
    ceiling[c] = full;
    // A word that names no topic adds to a row's score but not to what the query asks for.
    if (concept.topical) ideals.push(full * (conceptDf === 0 ? RANKING.unknown : 1));
    for (const term of concept.terms) {
      let k = keyIndex.get(term.key);
      if (k === undefined) {
        k = keys.length;
        keys.push(term.key);
        keyIndex.set(term.key, k);
        offersOf.push([]);
        topical.push(false);
        const parts = term.key.split(" ");
        const list = byFirst.get(parts[0] ?? "") ?? [];
        list.push({ k, parts, words: term.words, named: parts.every((p) => plan.names.has(p)) });
        byFirst.set(parts[0] ?? "", list);
      }
      offersOf[k]?.push({
        concept: c,
        value: term.weight * termIdf(term.key),
        own: term === own,
      });
      if (concept.topical) topical[k] = true;
    }
  });
  // A long task description names more ideas than any one row answers: the share is taken of
  // the heaviest few concepts only, so length alone does not push every row under the gate.
  const max = ideals
    .sort((a, b) => b - a)
    .slice(0, RANKING.concepts)
    .reduce((a, b) => a + b, 0);
  return (row) => {
    const tf = new Map<number, number>();
    // terms the row holds as topic at least once (not only in names, or as another word)
    const strong = new Set<number>();
    let informative = false;
    [row.task, row.approach, row.death_reason].forEach((text, f) => {
      const weight = RANKING.fields[f] ?? 0;
      // The task is the topic by definition; the approach and death reason carry the noise.
      const { words, stems, noise, names } = f === 0 ? plain(text) : noiseStems(text);
      stems.forEach((stem, i) => {
        for (const { k, parts, words: own, named } of byFirst.get(stem) ?? []) {
          if (parts.length > 1 && !parts.every((p, j) => stems[i + j] === p)) continue;
          // A name, label or report word counts little, unless the query named that name too.
          const weak = parts.some((_, j) => noise.has(i + j) && !(named && names.has(i + j)));
          // A word the stemmer merged with another (expensive for expense) is another word.
          const other = own.some((w, j) => !sameWord(w, words[i + j] ?? w));
          const value = weight * (weak ? RANKING.noise : 1) * (other ? RANKING.otherWord : 1);
          tf.set(k, (tf.get(k) ?? 0) + value);
          if (weak || other) continue;
          strong.add(k);
          if (topical[k]) informative = true;
        }
      });
    });
    const offers: { concept: number; k: number; value: number; own: boolean }[] = [];
    for (const [k, n] of tf) {
      for (const o of offersOf[k] ?? [])
        offers.push({ concept: o.concept, k, value: o.value * saturate(n), own: o.own });
    }
    offers.sort((a, b) => b.value - a.value || a.k - b.k || a.concept - b.concept);
    // A row term answers one concept only; a concept's further terms add less and less (a row
    // that speaks of quota, burst and limiter is more surely about throttling than one word is).
    const usedKeys = new Set<number>();
    const earned = new Map<number, { sum: number; n: number; own: boolean; strong: boolean }>();
    for (const offer of offers) {
      if (usedKeys.has(offer.k)) continue;
      usedKeys.add(offer.k);
      const e = earned.get(offer.concept) ?? { sum: 0, n: 0, own: false, strong: false };
      if (strong.has(offer.k)) {
        e.strong = true;
        if (offer.own) e.own = true;
      }
      e.sum += offer.value * RANKING.extra ** e.n;
      e.n++;
      earned.set(offer.concept, e);
    }
    let got = 0;
    let onTopic = 0;
    let matched = 0;
    let direct = 0;
    for (const [c, e] of earned) {
      const value = Math.min(e.sum, ceiling[c] ?? e.sum);
      got += value;
      if (!plan.concepts[c]?.topical) continue;
      onTopic += value;
      // only what the row says as topic answers a concept; a name or a lookalike word only ranks
      if (e.strong) matched++;
      if (e.own) direct++;
    }
    const share = max === 0 ? 0 : Math.min(1, got / max);
    const relevance = max === 0 ? 0 : Math.min(1, onTopic / max);
    return { share, relevance, got, matched, direct, informative };
  };
}

/**
 * Whether a row is relevant at all: one answering concept must carry much of the query; two or
 * more may carry less, if one of them is answered in the query's own words (related terms alone
 * are weak evidence).
 */
export function isRelevant(s: Pick<RowScore, "relevance" | "matched" | "direct">): boolean {
  if (s.matched === 0) return false;
  return (
    s.relevance >= TUNING.gate || (s.matched >= 2 && s.direct >= 1 && s.relevance >= TUNING.gate2)
  );
}
