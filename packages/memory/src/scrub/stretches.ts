/**
 * Every stretch of one or more texts, for finding long pieces of them inside another text: a
 * suffix automaton over the texts joined by NUL (built online, at most two states per
 * character), walked once over the other text to get, at each position, the longest stretch of
 * any of them that ends there. Linear in the texts' total length and in the walked text's.
 */
export class Stretches {
  readonly #next: Map<string, number>[] = [new Map()];
  readonly #link: number[] = [-1];
  readonly #len: number[] = [0];
  readonly #tag: string[] = [""];
  #last = 0;

  /** Add `text` (NUL characters in it end a stretch), remembered with `tag`. */
  add(text: string, tag: string): void {
    if (this.#last !== 0) this.#extend("\0", tag);
    for (let i = 0; i < text.length; i++) this.#extend(text[i] ?? "", tag);
  }

  #state(len: number, tag: string, next = new Map<string, number>(), link = -1): number {
    this.#next.push(next);
    this.#link.push(link);
    this.#len.push(len);
    this.#tag.push(tag);
    return this.#next.length - 1;
  }

  #extend(c: string, tag: string): void {
    const cur = this.#state((this.#len[this.#last] ?? 0) + 1, tag);
    let p = this.#last;
    while (p !== -1 && !this.#next[p]?.has(c)) {
      this.#next[p]?.set(c, cur);
      p = this.#link[p] ?? -1;
    }
    if (p === -1) this.#link[cur] = 0;
    else {
      const q = this.#next[p]?.get(c) ?? 0;
      if ((this.#len[p] ?? 0) + 1 === this.#len[q]) this.#link[cur] = q;
      else {
        const clone = this.#state(
          (this.#len[p] ?? 0) + 1,
          this.#tag[q] ?? tag,
          new Map(this.#next[q]),
          this.#link[q] ?? 0,
        );
        while (p !== -1 && this.#next[p]?.get(c) === q) {
          this.#next[p]?.set(c, clone);
          p = this.#link[p] ?? -1;
        }
        this.#link[q] = clone;
        this.#link[cur] = clone;
      }
    }
    this.#last = cur;
  }

  /**
   * Each stretch of `text` at least `min` characters long that is a stretch of an added text,
   * as [start, end) with the tag of a text it comes from; overlapping ones as one.
   * @example s.add("k3Y9xQ2vL8", "x"); s.find("id=k3Y9xQ2v", 6) // [{ start: 3, end: 11, tag: "x" }]
   */
  find(text: string, min: number): { start: number; end: number; tag: string }[] {
    const spans: { start: number; end: number; tag: string }[] = [];
    let v = 0;
    let l = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i] ?? "";
      if (c === "\0") {
        v = 0;
        l = 0;
        continue;
      }
      while (v !== 0 && !this.#next[v]?.has(c)) {
        v = this.#link[v] ?? 0;
        l = this.#len[v] ?? 0;
      }
      const to = this.#next[v]?.get(c);
      if (to === undefined) {
        v = 0;
        l = 0;
        continue;
      }
      v = to;
      l++;
      if (l < min) continue;
      // The match's start never moves back (l grows by one at most), so spans only extend.
      const start = i + 1 - l;
      const last = spans.at(-1);
      if (last !== undefined && start <= last.end) last.end = i + 1;
      else spans.push({ start, end: i + 1, tag: this.#tag[v] ?? "" });
    }
    return spans;
  }
}
