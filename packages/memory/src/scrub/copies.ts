import { Stretches } from "./stretches.js";

// A redacted piece shorter than this is not looked for elsewhere (a short value such as a PIN
// would match ordinary text); every key with a known shape is longer.
const minCopy = 8;
// A stretch this long of a redacted piece is redacted wherever it stands, alone: a key cut
// short (an evidence line capped with "…", a trial name cut at `__` into a task name).
const minStretch = 16;

/** ASCII letters lowered, every other character kept: same length, same offsets. */
const folded = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * The secrets redacted somewhere, found again elsewhere in any case. The scrubber reads a secret
 * by its shape or its name; a copy of it can have neither (folded to lower case in a quoted
 * evidence line, or standing alone without the `password=` before it), or be cut short. Each
 * secret is kept by its pieces (split at white space, 8 characters or more, PEM armour lines
 * left out): whole pieces in one Aho-Corasick automaton, and every stretch of 16 characters or
 * more of them in a suffix automaton (`Stretches`). A text is searched in one pass of each,
 * linear in its length however many secrets there are and whatever they repeat.
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
  readonly #stretches = new Stretches();

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
        if (low.length >= minStretch) this.#stretches.add(low, kind);
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
   * `text` with every copy of a remembered piece, in any case, and every stretch of 16
   * characters or more of one, replaced by `[REDACTED:kind]` (overlapping copies as one).
   * @example s.add("aws_access_key_id", "AKIAIOSFODNN7EXAMPLE"); s.redactCopies("error: akiaiosfodnn7example") // "error: [REDACTED:aws_access_key_id]"
   */
  redactCopies(text: string): string {
    if (this.#pieces === 0 || text.length < minCopy) return text;
    if (!this.#built) this.#build();
    const low = folded(text);
    const found = [...this.#wholePieces(low), ...this.#stretches.find(low, minStretch)];
    if (found.length === 0) return text;
    found.sort((a, b) => a.start - b.start);
    const spans: { start: number; end: number; tag: string }[] = [];
    for (const f of found) {
      const last = spans.at(-1);
      if (last !== undefined && f.start <= last.end) last.end = Math.max(last.end, f.end);
      else spans.push({ ...f });
    }
    let out = "";
    let from = 0;
    for (const s of spans) {
      out += `${text.slice(from, s.start)}[REDACTED:${s.tag}]`;
      from = s.end;
    }
    return out + text.slice(from);
  }

  /** Where whole remembered pieces stand in `low` (folded), as [start, end) with their kind. */
  #wholePieces(low: string): { start: number; end: number; tag: string }[] {
    const spans: { start: number; end: number; tag: string }[] = [];
    let node = 0;
    for (let i = 0; i < low.length; i++) {
      const c = low[i] ?? "";
      while (node !== 0 && !this.#next[node]?.has(c)) node = this.#fail[node] ?? 0;
      node = this.#next[node]?.get(c) ?? 0;
      const n = this.#out[node] ?? 0;
      if (n > 0) spans.push({ start: i + 1 - n, end: i + 1, tag: this.#kind[node] ?? "" });
    }
    return spans;
  }
}
