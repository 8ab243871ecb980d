import type { LiteralSkeleton } from "./literal-index.js";

/** An automaton's skeleton and the literal lists it was built over (`literalsKey`: their JSON). */
export interface BuiltAutomaton {
  readonly literals: string;
  readonly skeleton: LiteralSkeleton;
}

/**
 * The skeleton of the built-in rules' automaton, computed at build time: `pnpm build` replaces
 * this module in dist/ with one that holds it (scripts/write-automaton.mjs), so that a process
 * copies the dense table out of it (a few milliseconds) instead of building the trie and its
 * failure links (about 85 ms of CPU cold against 25, 2026-12-06). Here, unbuilt: undefined, and the matcher
 * builds the automaton itself, as it does for any list of literals the skeleton is not of.
 * Internal.
 */
export function builtInAutomaton(): BuiltAutomaton | undefined {
  return undefined;
}
