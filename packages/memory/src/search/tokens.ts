import { stemmer } from "stemmer";

/** One word of text: its folded surface form and its Porter stem. */
export interface Token {
  word: string;
  stem: string;
}

// Same split as FTS5's unicode61 tokenizer: letters, digits and private-use characters are token
// characters, everything else (including `_` and `-`) separates tokens.
const SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u;
const DIACRITICS = /\p{M}+/gu;

// Words that carry no topic: English function words and the verbs every task starts with.
const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have how i if in " +
    "into is it its itself me my of on onto or our ours out over per should so some such than that the their " +
    "them then there these they this those through to too up us was we were what when where which while who " +
    "whom why will with would you your add adding implement implementing make making ensure let lets allow " +
    "support supporting handle handling use using new via way need needs want sure just also any all each " +
    "only very get gets got one two keep keeps show shows sure able whether instead thing things something"
  ).split(" "),
);

// Words a query uses to say what it wants done, or how much, but not what about: general verbs,
// quantities, degrees and judgements of everyday English. Stopwords of the query only: the MATCH
// text keeps them, and vocabulary phrases that hold them ("at least once", "end to end", "run
// twice") still match as phrases.
const TOPICLESS = new Set(
  (
    "about above across after again against ago almost along already always among another around " +
    "away back bad badly before behind below best better between beyond big both bring call called " +
    "calls calling can't careful carefully case cases certain change changes come comes correct " +
    "correctly current currently different do done down during easy easily either else end ends " +
    "enough entire even ever every everything exact exactly except few fine first fix fixed " +
    "fixes fixing give given go goes going gone good great happen happens hard " +
    "help high huge important keep know large larger last later least less like likely little long " +
    "look low lot lots main many may maybe might more most much must near nearly never next nice " +
    "no none nor not nothing now off often old once other others otherwise own part possible " +
    "prevent prevents preventing probably proper properly put quick quickly rather real really " +
    "right run runs running safe safely same see seem seems several short simple since small " +
    "so soon start started still stop stops stopped take takes taking tell try tries trying turn " +
    "under unless until upon usually various want wants well without work works working wrong yet " +
    "avoid avoids avoided avoiding deal manage managed managing improve improves improved " +
    "improving reduce reduces reduced reducing increase increases whole together sometimes " +
    "especially quite ok okay " +
    // quantities: how many, never of what
    "three four five six seven eight nine ten dozen dozens hundred hundreds thousand thousands " +
    "million millions billion billions multiple numerous half"
  ).split(" "),
);

/** True for words that name no topic: what to do (fix, stop, avoid), how much (large, once). */
export function isTopicless(word: string): boolean {
  return TOPICLESS.has(word) || STOPWORDS.has(word);
}

/** Porter stem of one lowercase word, identical to FTS5's `porter` tokenizer on the words checked. */
export function stemWord(word: string): string {
  return cachedStem(word);
}

// Rows are re-read at every search: their words are stemmed through a bounded cache.

/**
 * Split text into lowercase, diacritic-folded words the way the FTS5 index does, stemmed.
 * Stopwords are kept when `keepStopwords` is set (phrase matching needs the exact sequence).
 * @example tokenize("Throttling webhook fan-out") // [{word:"throttling",stem:"throttl"}, {word:"webhook",...}, ...]
 */
export function tokenize(text: string, keepStopwords = false): Token[] {
  const folded = text.normalize("NFKD").replace(DIACRITICS, "").toLowerCase();
  const out: Token[] = [];
  for (const word of folded.split(SEPARATORS)) {
    if (word === "" || (!keepStopwords && STOPWORDS.has(word))) continue;
    out.push({ word, stem: stemWord(word) });
  }
  return out;
}

/** True for words that say nothing about a topic. */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/**
 * Estimated LLM tokens of a text: ceil(characters / 4), the usual rule of thumb for English
 * prose under BPE tokenizers. It is an estimate, not a tokenizer's exact count.
 * @example estimateTokens("12345678") // 2
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const stemCache = new Map<string, string>();
function cachedStem(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    if (stemCache.size > 100_000) stemCache.clear();
    stem = stemmer(word);
    stemCache.set(word, stem);
  }
  return stem;
}

const ASCII = /^[\x00-\x7f]*$/;
/** Every word of a text (stopwords kept), folded and split as the index splits it. */
export function fieldWords(text: string): string[] {
  const folded = ASCII.test(text)
    ? text.toLowerCase()
    : text.normalize("NFKD").replace(DIACRITICS, "").toLowerCase();
  return folded.split(SEPARATORS).filter((w) => w !== "");
}

/** Stems of every word of a text (stopwords kept), as the index splits it; stems are cached. */
export function fieldStems(text: string): string[] {
  return fieldWords(text).map(cachedStem);
}
