import { tokenize } from "../tokens.js";
import { BACKEND_GROUPS } from "./groups-backend.js";
import { ENGINEERING_GROUPS } from "./groups-engineering.js";
import { PRODUCT_GROUPS } from "./groups-product.js";
import { SECURITY_GROUPS } from "./groups-security.js";
import { SYSTEMS_GROUPS } from "./groups-systems.js";

/** A vocabulary entry: a word or phrase, as stems joined by spaces, with its surface words. */
export interface VocabularyTerm {
  key: string;
  words: string[];
}

/** Concept groups: each lists terms the field treats as the same problem. */
export interface Vocabulary {
  groups: VocabularyTerm[][];
  /** term key -> indexes of the groups it opens (a `~` member opens none) */
  byKey: Map<string, number[]>;
  /** longest phrase, in words */
  maxPhrase: number;
}

/**
 * Build a vocabulary from `a|b|c` group strings; stems are computed the way the index stems text.
 * A member written `~word` is one a row may use for the group's problem, but whose everyday
 * senses are other problems (toggle, log, go, graph): the group reaches it, it never opens the
 * group.
 * @example buildVocabulary(["cache|memoize"]).byKey.get("memoiz") // [0]
 */
export function buildVocabulary(source: readonly string[]): Vocabulary {
  const groups: VocabularyTerm[][] = [];
  const byKey = new Map<string, number[]>();
  let maxPhrase = 1;
  for (const line of source) {
    const index = groups.length;
    const seen = new Set<string>();
    const group: VocabularyTerm[] = [];
    for (const member of line.split("|")) {
      const tokens = tokenize(member, true);
      if (tokens.length === 0) continue;
      const key = tokens.map((t) => t.stem).join(" ");
      if (seen.has(key)) continue;
      seen.add(key);
      group.push({ key, words: tokens.map((t) => t.word) });
      if (member.startsWith("~")) continue;
      maxPhrase = Math.max(maxPhrase, tokens.length);
      const list = byKey.get(key) ?? [];
      list.push(index);
      byKey.set(key, list);
    }
    groups.push(group);
  }
  return { groups, byKey, maxPhrase };
}

let shared: Vocabulary | undefined;

/** The built-in vocabulary of software-engineering, operations and testing concepts. */
export function defaultVocabulary(): Vocabulary {
  shared ??= buildVocabulary([
    ...BACKEND_GROUPS,
    ...SECURITY_GROUPS,
    ...ENGINEERING_GROUPS,
    ...SYSTEMS_GROUPS,
    ...PRODUCT_GROUPS,
  ]);
  return shared;
}
