import { stemWord } from "./tokens.js";

// The Porter stemmer the index uses also strips derivational suffixes, so words of different
// meaning share a stem: expense and expensive, access and accessible, reversal and reversible,
// general and generic, live and liveness. Inflections (-s, -ed, -ing) and the suffixes that only
// turn a verb into its noun or agent (migrate, migration, migrator) keep the sense; the others
// (-ive, -ible, -ic, -al, -ous, -ism, ...) make another word. Two words of one stem are the
// same word when what each adds to the stem is built of sense-keeping suffixes only.

/** Suffixes that keep a word's sense, longest first (final `e` and `y` already folded). */
const KEEPS = [
  "ization",
  "isation",
  "ication",
  "ation",
  "icat",
  "ition",
  "ator",
  "ment",
  "ness",
  "abil",
  "ion",
  "iti",
  "enc",
  "anc",
  "ent",
  "ant",
  "abl",
  "at",
  "iz",
  "is",
  "er",
  "or",
  "i",
];

/** The word without its inflection: plural, past, gerund (as Porter's step 1 reads them), -ly. */
function inflectionless(word: string): string {
  let w = word;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = `${w.slice(0, -3)}i`;
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && w.length > 3)
    w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  // a doubled final consonant of an inflected form (stopped, planning)
  if (w !== word && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  // an adverb is its adjective (concurrently, atomically, safely)
  if (w.endsWith("ly") && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith("ical")) w = w.slice(0, -2);
  return w.replace(/e$/, "").replace(/y$/, "i");
}

/** What a word adds to its stem, if it is built of sense-keeping suffixes only. */
function keepsSense(word: string, stem: string): boolean {
  const base = inflectionless(word);
  if (!base.startsWith(stem)) return true; // the stemmer rewrote the stem: no evidence either way
  let rest = base.slice(stem.length);
  while (rest !== "") {
    const suffix = KEEPS.find((s) => rest.endsWith(s));
    if (suffix === undefined) return false;
    rest = rest.slice(0, -suffix.length);
  }
  return true;
}

const known = new Map<string, boolean>();

/**
 * Whether two words that share a Porter stem are one word (throttle and throttling, migrate and
 * migration) rather than two that the stemmer merged (expense and expensive). Words of different
 * stems are never the same word.
 * @example sameWord("expense", "expensive") // false
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const key = a < b ? `${a} ${b}` : `${b} ${a}`;
  let same = known.get(key);
  if (same === undefined) {
    const stem = stemWord(a);
    const keepA = keepsSense(a, stem);
    const keepB = keepsSense(b, stem);
    // both keep the stem's sense, or both add the same sense-changing suffix (expensive, -ly)
    // a plural gerund is a noun of its own (settings, readings, findings), not the verb
    const noun = (w: string): boolean => w.endsWith("ings");
    const gerund = (w: string): boolean => w.endsWith("ing") || noun(w);
    same =
      stem === stemWord(b) &&
      !((noun(a) && !gerund(b)) || (noun(b) && !gerund(a))) &&
      (keepA && keepB ? true : !keepA && !keepB && inflectionless(a) === inflectionless(b));
    if (known.size > 100_000) known.clear();
    known.set(key, same);
  }
  return same;
}
