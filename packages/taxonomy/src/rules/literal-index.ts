// One Aho-Corasick automaton over the required literals of every rule: a single pass over a
// whole stderr tail names the literals that occur in each of its lines. Compiled to a dense
// transition table (one row per state, one column per character class) so the scan is one
// array read a character; the matcher runs that loop itself (match.ts), this module builds the
// tables. Two characters are special: LF ends a line (it leads to the state `lineBreak`, which
// starts afresh), and a run of blanks (space, tab) reads as one space, as normalisation folds it.
// A second column map (`classOfPlain`) reads a text not yet lower-cased: A-Z as a-z, and every
// character but printable ASCII, tab and LF leads to the state `bail`, where the scan gives up
// (the caller then folds the text and scans that instead).

/** An automaton over literal strings, each tagged with a number (the requirement it belongs to). */
export interface LiteralIndex {
  /** Column of each UTF-16 code unit: 0 for ASCII no literal uses, 1 for all non-ASCII. */
  readonly classOf: Uint8Array;
  /**
   * Columns for a text not yet lower-cased: printable ASCII, tab and LF as `classOf` reads them
   * (A-Z as a-z); every other code unit leads to `bail`.
   */
  readonly classOfPlain: Uint8Array;
  /** log2 of a row's width: the next state is `next[(state << shift) + classOf[c]]`. */
  readonly shift: number;
  readonly next: Uint16Array | Uint32Array;
  /** States from this one on are worth a look: the line break, then those that end a literal. */
  readonly firstOut: number;
  /** The state an LF leads to (equal to `firstOut`; it ends no literal). */
  readonly lineBreak: number;
  /** The state a character outside `classOfPlain`'s plain set leads to (`firstOut + 1`; it ends no literal). */
  readonly bail: number;
  /** The tags a state `s >= firstOut` ends: `tags[tagStart[s - firstOut] .. tagStart[s - firstOut + 1])`. */
  readonly tagStart: Int32Array;
  readonly tags: Int32Array;
}

const LF = 10;
const SPACE = 32;
const TAB = 9;
// Columns of the table (a power of two): 32 keeps it a quarter of the width of one column per
// character, and the automaton small enough to build in a few milliseconds.
const MAX_WIDTH = 32;

/**
 * What the automaton's dense table is copied out of (`expandSkeleton`), in the numbers of its
 * states: plain arrays and numbers, so that it can be written out as JSON (the built-in rules'
 * skeleton is written at build time: literal-automaton.ts).
 */
export interface LiteralSkeleton {
  /** `classOf` of the code units below 128 (every other unit is in column 1). */
  readonly ascii: ArrayLike<number>;
  readonly shift: number;
  /** All states: the trie's, the line break (`firstOut`) and the bail state (`firstOut + 1`). */
  readonly states: number;
  readonly firstOut: number;
  /** The trie's states in breadth-first order, the root (0) first. */
  readonly bfs: ArrayLike<number>;
  /** By state: the state it hangs from, the column it is entered by, its failure. */
  readonly parent: ArrayLike<number>;
  readonly entered: ArrayLike<number>;
  readonly fail: ArrayLike<number>;
  readonly tagStart: ArrayLike<number>;
  readonly tags: ArrayLike<number>;
}

// Columns with a fixed meaning: blanks, LF, and (for `classOfPlain`) a character that is not plain.
const BLANK = 2;
const LF_COLUMN = 3;
const NOT_PLAIN = 4;

/**
 * Build the automaton over `literals[t]` (the literals tagged t; empty for none). A literal must
 * not hold an LF (a line never does); a tab in a literal reads as a space.
 * @example buildLiteralIndex([["no matching distribution"], ["command not found"]])
 */
export function buildLiteralIndex(literals: readonly (readonly string[])[]): LiteralIndex {
  return expandSkeleton(literalSkeleton(literals));
}

/** The skeleton of the automaton over `literals` (see `buildLiteralIndex`). */
export function literalSkeleton(literals: readonly (readonly string[])[]): LiteralSkeleton {
  // Character classes: every ASCII code unit used in a literal gets a column, other ASCII shares
  // column 0, and all non-ASCII shares column 1. Sharing only adds candidates (a localised
  // literal "超时" is found in any two non-ASCII characters), never loses one, and keeps the
  // table narrow: localised rules would otherwise add a column per character.
  const classOf = new Uint8Array(65536).fill(1, 128);
  const blank = BLANK;
  classOf[SPACE] = blank;
  classOf[TAB] = blank;
  classOf[LF] = LF_COLUMN;
  // The characters literals use most get a column each, up to MAX_WIDTH; the rest share column
  // 0 (found in any ASCII character of that column: more candidates, never fewer).
  const uses = new Map<number, number>();
  for (const list of literals)
    for (const lit of list)
      for (let i = 0; i < lit.length; i++) {
        const c = lit.charCodeAt(i);
        if (c === LF) throw new Error(`a literal holds a line break: ${JSON.stringify(lit)}`);
        if (c < 128 && classOf[c] === 0) uses.set(c, (uses.get(c) ?? 0) + 1);
      }
  let width = 5;
  for (const [c] of [...uses].sort((a, b) => b[1] - a[1] || a[0] - b[0]))
    if (width < MAX_WIDTH) classOf[c] = width++;
  let shift = 1;
  while (1 << shift < width) shift++;

  // The trie (state 0 the root) as a flat table of edges (0: none), with the column each state
  // is entered by, its parent and the tags of the literals it ends.
  const row = 1 << shift;
  let bound = 2;
  for (const list of literals) for (const lit of list) bound += lit.length;
  const table = new Int32Array(bound * row);
  const entered = new Int32Array(bound).fill(-1);
  const parent = new Int32Array(bound);
  const own: number[][] = [[]];
  let trie = 1;
  literals.forEach((list, tag) => {
    for (const lit of list) {
      let s = 0;
      for (let i = 0; i < lit.length; i++) {
        const k = classOf[lit.charCodeAt(i)]!;
        // A run of blanks in a literal is one blank, as in the text it is found in.
        if (k === blank && entered[s] === blank) continue;
        let next = table[s * row + k]!;
        if (next === 0) {
          next = trie++;
          own.push([]);
          entered[next] = k;
          parent[next] = s;
          table[s * row + k] = next;
        }
        s = next;
      }
      if (!own[s]!.includes(tag)) own[s]!.push(tag);
    }
  });
  // Each state's children, in one array (those of s at childStart[s] .. childStart[s + 1]).
  const childStart = new Int32Array(trie + 1);
  for (let c = 1; c < trie; c++) childStart[parent[c]! + 1]!++;
  for (let s = 0; s < trie; s++) childStart[s + 1]! += childStart[s]!;
  const children = new Int32Array(trie);
  const placed = childStart.slice(0, trie);
  for (let c = 1; c < trie; c++) children[placed[parent[c]!]!++] = c;

  // Breadth-first: failure links and each state's output (own + its failure's). A state's row
  // of the dense table is its failure's row (complete: a failure is shallower) with its own
  // edges over it, copied whole rather than a column at a time.
  const states = trie + 2; // and the line break, and the bail state
  const nl = trie;
  const bail = trie + 1;
  const out: (readonly number[])[] = new Array(states).fill([]);
  const fail = new Int32Array(states);
  const queue = new Int32Array(trie);
  queue[0] = 0;
  let tail = 1;
  for (let qi = 0; qi < tail; qi++) {
    const s = queue[qi]!;
    const f = fail[s]!;
    if (s !== 0) {
      const mine = own[s]!;
      const inherited = out[f]!;
      out[s] = mine.length ? union(mine, inherited) : inherited;
      copyRow(table, f * row, s * row, row);
    }
    for (let j = childStart[s]!; j < childStart[s + 1]!; j++) {
      const c = children[j]!;
      const k = entered[c]!;
      if (s !== 0) fail[c] = table[f * row + k]!;
      table[s * row + k] = c;
      queue[tail++] = c;
    }
  }

  // Renumber: the states that end no literal first (the root stays 0), then the line break,
  // then those that end one, so that the scan tests one comparison a character.
  const order: number[] = [];
  for (let s = 0; s < trie; s++) if (out[s]!.length === 0) order.push(s);
  const firstOut = order.length;
  order.push(nl, bail);
  for (let s = 0; s < trie; s++) if (out[s]!.length > 0) order.push(s);
  const renamed = new Int32Array(states);
  order.forEach((s, i) => {
    renamed[s] = i;
  });
  const tagStart = new Int32Array(states - firstOut + 1);
  const tags: number[] = [];
  for (let i = firstOut; i < states; i++) {
    tagStart[i - firstOut] = tags.length;
    tags.push(...out[order[i]!]!);
  }
  tagStart[states - firstOut] = tags.length;
  // The trie under the new numbers: what the dense table is copied out of.
  const bfs = new Int32Array(trie);
  const parentOf = new Int32Array(states);
  const enteredBy = new Int32Array(states).fill(-1);
  const failOf = new Int32Array(states);
  for (let qi = 0; qi < trie; qi++) {
    const s = queue[qi]!;
    const r = renamed[s]!;
    bfs[qi] = r;
    parentOf[r] = renamed[parent[s]!]!;
    enteredBy[r] = entered[s]!;
    failOf[r] = renamed[fail[s]!]!;
  }
  return {
    ascii: Array.from(classOf.subarray(0, 128)),
    shift,
    states,
    firstOut,
    bfs,
    parent: parentOf,
    entered: enteredBy,
    fail: failOf,
    tagStart,
    tags: Int32Array.from(tags),
  };
}

/**
 * The automaton as built from its skeleton: the dense table, a state's row its failure's row
 * with its own edges over it, rows copied in breadth-first order.
 */
export function expandSkeleton(k: LiteralSkeleton): LiteralIndex {
  const { shift, states, firstOut, bfs, parent, entered, fail } = k;
  const row = 1 << shift;
  const nl = firstOut;
  const bail = firstOut + 1;
  const classOf = new Uint8Array(65536).fill(1, 128);
  for (let c = 0; c < 128; c++) classOf[c] = k.ascii[c]!;
  const next = states <= 65536 ? new Uint16Array(states * row) : new Uint32Array(states * row);
  // The children of each state are a run of the breadth-first order, runs in their parents'
  // order: a state's edges are set right after its row is copied, before any row copies it.
  let child = 1;
  for (let qi = 0; qi < bfs.length; qi++) {
    const s = bfs[qi]!;
    const at = s * row;
    if (qi > 0) copyRow(next, fail[s]! * row, at, row);
    while (child < bfs.length && parent[bfs[child]!] === s) {
      const c = bfs[child++]!;
      next[at + entered[c]!] = c;
    }
  }
  // A blank after a blank changes nothing (the run reads as one); an LF, from anywhere, leads
  // to the line break, whose row is the root's: the next line starts afresh. A character that
  // is not plain leads to the bail state from anywhere (its own row too: the scan stops there).
  for (let qi = 0; qi < bfs.length; qi++) {
    const s = bfs[qi]!;
    const at = s * row;
    if (entered[s] === BLANK) next[at + BLANK] = s;
    next[at + LF_COLUMN] = nl;
    next[at + NOT_PLAIN] = bail;
  }
  copyRow(next, 0, nl * row, row);
  next.fill(bail, bail * row, bail * row + row);
  // Plain text read as it came: tab, LF and printable ASCII as in `classOf`, A-Z as a-z.
  const classOfPlain = new Uint8Array(65536).fill(NOT_PLAIN);
  classOfPlain[TAB] = BLANK;
  classOfPlain[LF] = LF_COLUMN;
  for (let c = 0x20; c < 0x7f; c++)
    classOfPlain[c] = classOf[c >= 0x41 && c <= 0x5a ? c + 0x20 : c]!;
  return {
    classOf,
    classOfPlain,
    shift,
    next,
    firstOut,
    lineBreak: nl,
    bail,
    tagStart: Int32Array.from(k.tagStart),
    tags: Int32Array.from(k.tags),
  };
}

// A row of the table copied to another: a loop, as copyWithin's fixed cost is many times that of
// 32 entries (the build made 37,000 such copies, a third of its time).
function copyRow(
  table: Int32Array | Uint16Array | Uint32Array,
  from: number,
  to: number,
  width: number,
) {
  for (let k = 0; k < width; k++) table[to + k] = table[from + k]!;
}

// `mine`, then those of `inherited` not in it (each list holds a tag once).
function union(mine: readonly number[], inherited: readonly number[]): number[] {
  const out = mine.slice();
  for (const t of inherited) if (!mine.includes(t)) out.push(t);
  return out;
}

/**
 * The tags of every literal that occurs in each line of `text`, one list a line (a tag once per
 * occurrence), blank runs read as one space; with `plain`, `text` read as its lower case through
 * `classOfPlain`, and undefined at a character that is not plain. The matcher inlines this loop;
 * this form is for tests.
 * @example literalTags(buildLiteralIndex([["a b"], ["c"]]), "xa  b\nc") // [[0], [1]]
 */
export function literalTags(
  index: LiteralIndex,
  text: string,
  plain = false,
): number[][] | undefined {
  const { shift, next, firstOut, lineBreak, bail, tagStart, tags } = index;
  const classOf = plain ? index.classOfPlain : index.classOf;
  const found: number[][] = [[]];
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    s = next[(s << shift) + classOf[text.charCodeAt(i)]!]!;
    if (s === bail) return undefined;
    if (s === lineBreak) found.push([]);
    else if (s >= firstOut)
      for (let t = tagStart[s - firstOut]!; t < tagStart[s - firstOut + 1]!; t++)
        found.at(-1)!.push(tags[t]!);
  }
  return found;
}
