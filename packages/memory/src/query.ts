import { noiseStems } from "./noise.js";
import { isStopword, isTopicless, tokenize } from "./tokens.js";
import { RANKING } from "./tuning.js";
import { defaultVocabulary, type Vocabulary } from "./vocabulary/index.js";

/** One term to look for: stems joined by spaces (a phrase when it has several) and its weight. */
export interface QueryTerm {
  key: string;
  words: string[];
  weight: number;
}

/** One idea of the query: a document earns the best of its terms, once. */
export interface QueryConcept {
  /** the query's own word or phrase (weight 1), first */
  terms: QueryTerm[];
  /**
   * false for a word that names no topic (fix, large, once, call): it ranks rows that hold it a
   * little higher, weighs little in the query, and never makes a row relevant on its own
   */
  topical: boolean;
}

export interface QueryPlan {
  concepts: QueryConcept[];
  /** stems the query itself wrote inside names (ids, paths, labels): they match names fully */
  names: Set<string>;
}

/**
 * Turn free text into weighted concepts: each query word (stemmed, stopwords dropped) and each
 * vocabulary phrase found in the query, widened by its concept groups. Never throws: any text,
 * however hostile to FTS5 syntax, only ever yields plain words.
 * @example planQuery("throttle webhooks").concepts[0]?.terms[0]?.key // "throttl"
 */
export function planQuery(text: string, vocabulary: Vocabulary = defaultVocabulary()): QueryPlan {
  const tokens = tokenize(text, true);
  const concepts: QueryConcept[] = [];
  const seen = new Set<string>();
  const add = (key: string, words: string[], parts: QueryTerm[], topical = true): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const terms: QueryTerm[] = [{ key, words, weight: 1 }];
    if (!topical) {
      concepts.push({ terms, topical });
      return;
    }
    const known = new Set([key]);
    const push = (term: QueryTerm): void => {
      if (known.has(term.key)) return;
      known.add(term.key);
      terms.push(term);
    };
    for (const g of vocabulary.byKey.get(key) ?? []) {
      for (const member of vocabulary.groups[g] ?? []) push({ ...member, weight: RANKING.related });
    }
    for (const part of parts) push(part);
    concepts.push({ terms, topical });
  };
  // A vocabulary phrase in the query ("rate limit", "fan out") is one concept; its words only
  // stand for it at a lower weight, instead of counting as concepts of their own.
  const covered = new Set<number>();
  const phrases: { start: number; n: number }[] = [];
  for (let n = vocabulary.maxPhrase; n >= 2; n--) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const key = tokens
        .slice(i, i + n)
        .map((t) => t.stem)
        .join(" ");
      if (!vocabulary.byKey.has(key)) continue;
      if (tokens.slice(i, i + n).every((_, j) => covered.has(i + j))) continue;
      phrases.push({ start: i, n });
      for (let j = i; j < i + n; j++) covered.add(j);
    }
  }
  for (const { start, n } of phrases) {
    const span = tokens.slice(start, start + n);
    const parts = span
      .filter((t) => !isTopicless(t.word))
      .map((t) => ({ key: t.stem, words: [t.word], weight: RANKING.part }));
    add(
      span.map((t) => t.stem).join(" "),
      span.map((t) => t.word),
      parts,
    );
  }
  tokens.forEach((token, i) => {
    if (covered.has(i) || isStopword(token.word)) return;
    add(token.stem, [token.word], [], !isTopicless(token.word));
  });
  const { stems, names } = noiseStems(text);
  return { concepts, names: new Set(stems.filter((_, i) => names.has(i))) };
}

/** FTS5 text for one term: always a quoted string, so no word is ever read as syntax. */
export function quoteTerm(words: readonly string[]): string {
  return `"${words.join(" ").replaceAll('"', '""')}"`;
}

/**
 * An FTS5 MATCH expression for the query's own words (quoted, OR-joined), or null when the text
 * holds no searchable word. Safe for any input: `NEAR(`, `col:value`, quotes, `*` become words.
 * @example buildMatchQuery('rate "limit" OR col:x') // '"rate" OR "limit" OR "col" OR "x"'
 */
export function buildMatchQuery(text: string): string | null {
  const words = [...new Set(tokenize(text).map((t) => t.word))];
  return words.length === 0 ? null : words.map((w) => quoteTerm([w])).join(" OR ");
}
