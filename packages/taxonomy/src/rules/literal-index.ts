// One Aho-Corasick automaton over the required literals of every rule: a single pass over a
// line names the literals that occur in it. Compiled to a dense transition table (one row per
// state, one column per character class) so the scan is one array read a character; the matcher
// runs that loop itself (match.ts), this module only builds the tables.

/** An automaton over literal strings, each tagged with a number (the requirement it belongs to). */
export interface LiteralIndex {
  /** Column of each UTF-16 code unit: 0 for ASCII no literal uses, 1 for all non-ASCII. */
  readonly classOf: Uint8Array;
  /** log2 of a row's width: the next state is `next[(state << shift) + classOf[c]]`. */
  readonly shift: number;
  readonly next: Uint16Array | Uint32Array;
  /** States from this one on end at least one literal; those before end none. */
  readonly firstOut: number;
  /** The tags a state `s >= firstOut` ends: `tags[tagStart[s - firstOut] .. tagStart[s - firstOut + 1])`. */
  readonly tagStart: Int32Array;
  readonly tags: Int32Array;
}

/**
 * Build the automaton over `literals[t]` (the literals tagged t; empty for none).
 * @example buildLiteralIndex([["no matching distribution"], ["command not found"]])
 */
export function buildLiteralIndex(literals: readonly (readonly string[])[]): LiteralIndex {
  // Character classes: every ASCII code unit used in a literal gets a column, other ASCII shares
  // column 0, and all non-ASCII shares column 1. Sharing only adds candidates (a localised
  // literal "超时" is found in any two non-ASCII characters), never loses one, and keeps the
  // table narrow: localised rules would otherwise add a column per character.
  const classOf = new Uint8Array(65536).fill(1, 128);
  let width = 2;
  for (const list of literals)
    for (const lit of list)
      for (let i = 0; i < lit.length; i++) {
        const c = lit.charCodeAt(i);
        if (c < 128 && classOf[c] === 0) classOf[c] = width++;
      }
  let shift = 1;
  while (1 << shift < width) shift++;

  // The trie.
  const children: Map<number, number>[] = [new Map()];
  const own: number[][] = [[]];
  literals.forEach((list, tag) => {
    for (const lit of list) {
      let s = 0;
      for (let i = 0; i < lit.length; i++) {
        const k = classOf[lit.charCodeAt(i)]!;
        let next = children[s]!.get(k);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          own.push([]);
          children[s]!.set(k, next);
        }
        s = next;
      }
      if (!own[s]!.includes(tag)) own[s]!.push(tag);
    }
  });

  // Breadth-first: failure links, the dense table and each state's output (own + its failure's).
  const states = children.length;
  const row = 1 << shift;
  const table = new Int32Array(states * row);
  const out: (readonly number[])[] = new Array(states).fill([]);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (let k = 0; k < width; k++) {
    const next = children[0]!.get(k) ?? 0;
    table[k] = next;
    if (next) queue.push(next);
  }
  out[0] = own[0]!;
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    const f = fail[s]!;
    const inherited = out[f]!;
    const mine = own[s]!;
    out[s] = mine.length ? [...new Set([...mine, ...inherited])] : inherited;
    table.copyWithin(s * row, f * row, f * row + row);
    for (const [k, next] of children[s]!) {
      table[s * row + k] = next;
      fail[next] = table[f * row + k]!;
      queue.push(next);
    }
  }

  // Renumber: states that end no literal first (the root stays 0), so that the scan tests one
  // comparison a character to know whether anything ended.
  const order: number[] = [];
  for (let s = 0; s < states; s++) if (out[s]!.length === 0) order.push(s);
  const firstOut = order.length;
  for (let s = 0; s < states; s++) if (out[s]!.length > 0) order.push(s);
  const renamed = new Int32Array(states);
  order.forEach((s, i) => {
    renamed[s] = i;
  });
  const next = states <= 65536 ? new Uint16Array(states * row) : new Uint32Array(states * row);
  for (let i = 0; i < states; i++) {
    const from = order[i]! * row;
    for (let k = 0; k < row; k++) next[i * row + k] = renamed[table[from + k]!]!;
  }
  const tagStart = new Int32Array(states - firstOut + 1);
  const tags: number[] = [];
  for (let i = firstOut; i < states; i++) {
    tagStart[i - firstOut] = tags.length;
    tags.push(...out[order[i]!]!);
  }
  tagStart[states - firstOut] = tags.length;
  return { classOf, shift, next, firstOut, tagStart, tags: Int32Array.from(tags) };
}

/**
 * The tags of every literal that occurs in `text` (a tag once per occurrence). The matcher
 * inlines this loop; this form is for tests.
 * @example literalTags(buildLiteralIndex([["ab"], ["b"]]), "xab") // [1, 0] (or [0, 1])
 */
export function literalTags(index: LiteralIndex, text: string): number[] {
  const { classOf, shift, next, firstOut, tagStart, tags } = index;
  const found: number[] = [];
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    s = next[(s << shift) + classOf[text.charCodeAt(i)]!]!;
    if (s >= firstOut)
      for (let t = tagStart[s - firstOut]!; t < tagStart[s - firstOut + 1]!; t++)
        found.push(tags[t]!);
  }
  return found;
}
