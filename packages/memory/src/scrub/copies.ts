// A redacted piece shorter than this is not looked for elsewhere (a short value such as a PIN
// would match ordinary text); every key with a known shape is longer.
const minCopy = 8;

/** ASCII letters lowered, every other character kept: same length, same offsets. */
const folded = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * The secrets redacted somewhere, found again elsewhere in any case. The scrubber reads a secret
 * by its shape or its name; a copy of it can have neither (folded to lower case in a quoted
 * evidence line, or standing alone without the `password=` before it). Each secret is kept by
 * its pieces (split at white space, 8 characters or more, PEM armour lines left out), in one
 * Aho-Corasick automaton: a text is searched in one pass, linear in its length however many
 * secrets there are and whatever they repeat.
 */
export class RedactedSecrets {
  // The automaton over folded pieces: node 0 is the root.
  readonly #next: Map<string, number>[] = [new Map()];
  readonly #fail: number[] = [0];
  // Per node: the length of the longest piece ending there (0: none) and its kind.
  readonly #out: number[] = [0];
  readonly #kind: string[] = [""];
  #built = true;
  #pieces = 0;

  /** Remember `secret`, redacted as `kind`. */
  add(kind: string, secret: string): void {
    for (const piece of secret.split(/\s+/)) {
      if (piece.length < minCopy || piece.includes("-----")) continue;
      const low = folded(piece);
      let node = 0;
      for (let i = 0; i < low.length; i++) {
        const c = low[i] ?? "";
        let to = this.#next[node]?.get(c);
        if (to === undefined) {
          to = this.#next.length;
          this.#next.push(new Map());
          this.#fail.push(0);
          this.#out.push(0);
          this.#kind.push("");
          this.#next[node]?.set(c, to);
        }
        node = to;
      }
      if ((this.#out[node] ?? 0) === 0) {
        this.#out[node] = piece.length;
        this.#kind[node] = kind;
        this.#pieces++;
        this.#built = false;
      }
    }
  }

  /** How many pieces are remembered. */
  get size(): number {
    return this.#pieces;
  }

  // Failure links breadth first; each node's output becomes the longest piece that ends there.
  #build(): void {
    const queue: number[] = [];
    for (const child of this.#next[0]?.values() ?? []) {
      this.#fail[child] = 0;
      queue.push(child);
    }
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q] ?? 0;
      for (const [c, child] of this.#next[node] ?? []) {
        let f = this.#fail[node] ?? 0;
        while (f !== 0 && !this.#next[f]?.has(c)) f = this.#fail[f] ?? 0;
        const to = this.#next[f]?.get(c);
        this.#fail[child] = to !== undefined && to !== child ? to : 0;
        if ((this.#out[child] ?? 0) === 0) {
          const via = this.#fail[child] ?? 0;
          this.#out[child] = this.#out[via] ?? 0;
          this.#kind[child] = this.#kind[via] ?? "";
        }
        queue.push(child);
      }
    }
    this.#built = true;
  }

  /**
   * `text` with every copy of a remembered piece, in any case, replaced by `[REDACTED:kind]`
   * (overlapping copies as one).
   * @example s.add("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE"); s.redactCopies("error: akiaiosfodnn7example") // "error: [REDACTED:aws_access_key_id]"
   */
  redactCopies(text: string): string {
    if (this.#pieces === 0 || text.length < minCopy) return text;
    if (!this.#built) this.#build();
    const spans: { start: number; end: number; kind: string }[] = [];
    const low = folded(text);
    let node = 0;
    for (let i = 0; i < low.length; i++) {
      const c = low[i] ?? "";
      while (node !== 0 && !this.#next[node]?.has(c)) node = this.#fail[node] ?? 0;
      node = this.#next[node]?.get(c) ?? 0;
      const n = this.#out[node] ?? 0;
      if (n === 0) continue;
      // A copy overlapping earlier ones joins them (a longer piece may start before them).
      let start = i + 1 - n;
      let kind = this.#kind[node] ?? "";
      for (let last = spans.at(-1); last !== undefined && start <= last.end; last = spans.at(-1)) {
        start = Math.min(start, last.start);
        kind = last.kind;
        spans.pop();
      }
      spans.push({ start, end: i + 1, kind });
    }
    if (spans.length === 0) return text;
    let out = "";
    let from = 0;
    for (const s of spans) {
      out += `${text.slice(from, s.start)}[REDACTED:${s.kind}]`;
      from = s.end;
    }
    return out + text.slice(from);
  }
}
