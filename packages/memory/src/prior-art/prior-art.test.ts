import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { estimateTokens } from "../search/index.js";
import { type FailureStore, openStore } from "../store.js";

const ROWS = [
  [
    "add rate limiting to the public API",
    "token bucket kept in process memory",
    "verifier: test_multi_worker — each worker kept its own bucket; 4x the limit admitted",
  ],
  [
    "rate limit login attempts per account",
    "sliding window counter in redis",
    "budget: ran out of steps before the concurrency test ran",
  ],
  [
    "throttle outbound calls to the mail provider",
    "sleep between requests",
    "divergence: agent rewrote the mail client instead of throttling",
  ],
  [
    "rate limit the search API",
    "limiter middleware per route",
    "reconcile: passed alone; after merge the router registered it twice",
  ],
  [
    "render invoices as PDF",
    "headless browser per request",
    "adversary: 50 concurrent renders exhausted memory",
  ],
  [
    "parse uploaded spreadsheets",
    "split lines on commas",
    "verifier: test_quoted_commas — quoted field split in two",
  ],
] as const;

let stores: FailureStore[] = [];
afterEach(() => {
  for (const s of stores) s.close();
  stores = [];
});

async function memory(): Promise<{ store: FailureStore; ids: number[] }> {
  const store = await openStore({ url: ":memory:" });
  stores.push(store);
  const ids: number[] = [];
  for (const [task, approach, death_reason] of ROWS) {
    ids.push(
      (await store.record({ session: "s1", task, approach, death_reason, conviction: "medium" }))
        .id,
    );
  }
  return { store, ids };
}

describe("priorArt", () => {
  it("cites every entry it shows, ranked, and labels each layer's meaning", async () => {
    const { store, ids } = await memory();
    const art = await store.priorArt("throttle API requests per client", { maxTokens: 2000 });
    expect(art.ids.length).toBeGreaterThanOrEqual(4);
    for (const id of art.ids) expect(art.text).toContain(`failure:${id}`);
    expect(art.ids).not.toContain(ids[5]);
    const line = (id: number | undefined) =>
      art.text.split("\n").find((l) => l.includes(`failure:${id} `)) ?? "";
    expect(line(ids[1])).toMatch(/UNTESTED/);
    expect(line(ids[1])).toMatch(/not a refutation/);
    expect(line(ids[1])).not.toMatch(/\brefuted\b/);
    expect(line(ids[2])).toMatch(/prompt\/axis failure, not an approach failure/);
    expect(line(ids[3])).toMatch(/merge conflict/);
    expect(line(ids[0])).toMatch(/refuted/);
  });

  it("shows how many times a substance died", async () => {
    const { store, ids } = await memory();
    const [task, approach, death_reason] = ROWS[0];
    await store.record({ session: "s2", task, approach, death_reason });
    await store.record({ session: "s3", task, approach, death_reason });
    const art = await store.priorArt("rate limiting for the public API", { maxTokens: 2000 });
    expect(art.ids).toContain(ids[0]);
    expect(art.text).toMatch(new RegExp(`failure:${ids[0]} .*died 3 times`));
  });

  it("never exceeds the token budget (ceil(chars/4))", async () => {
    const { store } = await memory();
    const full = await store.priorArt("rate limit API requests", { maxTokens: 5000 });
    expect(full.ids.length).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 400 }), async (maxTokens) => {
        const art = await store.priorArt("rate limit API requests", { maxTokens });
        expect(estimateTokens(art.text)).toBeLessThanOrEqual(maxTokens);
        for (const id of art.ids) expect(art.text).toContain(`failure:${id}`);
        expect(full.ids.slice(0, art.ids.length)).toEqual(art.ids);
      }),
      { numRuns: 80 },
    );
    // The smallest budget that fits the header and one entry quoting its agent text, fenced.
    const small = await store.priorArt("rate limit API requests", { maxTokens: 90 });
    expect(small.ids.length).toBeGreaterThan(0);
    expect(small.ids.length).toBeLessThan(full.ids.length);
    expect(await store.priorArt("rate limit API requests", { maxTokens: 3 })).toEqual({
      ids: [],
      text: "",
    });
  });

  it("is empty when nothing is relevant enough", async () => {
    const { store } = await memory();
    expect(await store.priorArt("draw an org chart as SVG")).toEqual({ ids: [], text: "" });
    expect(await store.priorArt("")).toEqual({ ids: [], text: "" });
  });
});
