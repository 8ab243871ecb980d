import { sameWord } from "./derivation.js";
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
  /** the query's own word or phrase (weight 1, or RANKING.topicless for a topic-less word), first */
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
  const ideas: { key: string; words: string[]; parts: QueryTerm[]; topical: boolean }[] = [];
  for (const { start, n } of phrases) {
    const span = tokens.slice(start, start + n);
    const parts = span
      .filter((t) => !isTopicless(t.word))
      .map((t) => ({ key: t.stem, words: [t.word], weight: RANKING.part }));
    const key = span.map((t) => t.stem).join(" ");
    ideas.push({ key, words: span.map((t) => t.word), parts, topical: true });
  }
  tokens.forEach((token, i) => {
    if (covered.has(i) || isStopword(token.word)) return;
    ideas.push({
      key: token.stem,
      words: [token.word],
      parts: [],
      topical: !isTopicless(token.word),
    });
  });
  const keys = new Set(ideas.filter((idea) => idea.topical).map((idea) => idea.key));
  const concepts: QueryConcept[] = [];
  const seen = new Set<string>();
  for (const { key, words, parts, topical } of ideas) {
    if (seen.has(key)) continue;
    seen.add(key);
    const terms: QueryTerm[] = [{ key, words, weight: topical ? 1 : RANKING.topicless }];
    const known = new Set([key]);
    const push = (term: QueryTerm): void => {
      if (known.has(term.key)) return;
      known.add(term.key);
      terms.push(term);
    };
    if (topical) {
      for (const g of groupsOf(vocabulary, key, words, keys)) {
        for (const member of vocabulary.groups[g] ?? [])
          push({ ...member, weight: RANKING.related });
      }
    }
    for (const part of parts) push(part);
    concepts.push({ terms, topical });
  }
  const { stems, names } = noiseStems(text);
  return { concepts, names: new Set(stems.filter((_, i) => names.has(i))) };
}

/**
 * The groups a query word or phrase opens: those whose member is that very word (not another
 * word of its stem, as expensive is for expense), and of a word that opens several groups only
 * those another word of the query opens too, when there are such (a page of results is
 * pagination when the query also speaks of cursors, a web page otherwise).
 */
function groupsOf(
  vocabulary: Vocabulary,
  key: string,
  words: string[],
  queryKeys: Set<string>,
): number[] {
  const groups = (vocabulary.byKey.get(key) ?? []).filter((g) => {
    if (words.length !== 1) return true;
    const member = vocabulary.groups[g]?.find((m) => m.key === key);
    return member === undefined || sameWord(member.words[0] ?? "", words[0] ?? "");
  });
  if (groups.length < 2) return groups;
  const supported = groups.filter((g) =>
    (vocabulary.groups[g] ?? []).some((m) => m.key !== key && queryKeys.has(m.key)),
  );
  return supported.length > 0 ? supported : groups;
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
