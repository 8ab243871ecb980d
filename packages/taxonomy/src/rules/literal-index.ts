// One Aho-Corasick automaton over the required literals of every rule: a single pass over a
// line names the rules whose literal text occurs in it. Compiled to a dense transition table
// (one row per state, one column per character class) so the scan is one array read a character.

/** An automaton over literal strings, each tagged with the index of the rule it belongs to. */
export interface LiteralIndex {
  /** Calls `visit(rule)` for every tag whose literal occurs in `line` (a tag may repeat). */
  scan(line: string, visit: (rule: number) => void): void;
}

const NONE: readonly number[] = [];

/**
 * Build the automaton over `literals[i]` (the literals of rule i; empty for none).
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

  // The trie.
  const children: Map<number, number>[] = [new Map()];
  const own: number[][] = [[]];
  literals.forEach((list, rule) => {
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
      if (!own[s]!.includes(rule)) own[s]!.push(rule);
    }
  });

  // Breadth-first: failure links, the dense table and each state's output (own + its failure's).
  const states = children.length;
  const table = states < 65536 ? new Uint16Array(states * width) : new Uint32Array(states * width);
  const out: (readonly number[])[] = new Array(states).fill(NONE);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (let k = 0; k < width; k++) {
    const next = children[0]!.get(k) ?? 0;
    table[k] = next;
    if (next) queue.push(next);
  }
  out[0] = own[0]!.length ? own[0]! : NONE;
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    const f = fail[s]!;
    const inherited = out[f]!;
    const mine = own[s]!;
    out[s] = mine.length ? [...new Set([...mine, ...inherited])] : inherited;
    table.copyWithin(s * width, f * width, f * width + width);
    for (const [k, next] of children[s]!) {
      table[s * width + k] = next;
      fail[next] = table[f * width + k]!;
      queue.push(next);
    }
  }

  return {
    scan(line, visit) {
      let s = 0;
      for (let i = 0; i < line.length; i++) {
        s = table[s * width + classOf[line.charCodeAt(i)]!]!;
        const o = out[s]!;
        for (let j = 0; j < o.length; j++) visit(o[j]!);
      }
    },
  };
}
