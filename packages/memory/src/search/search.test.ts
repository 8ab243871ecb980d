import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { type FailureStore, openStore } from "../store.js";

// The design notes' own example: a death that must come back for a task sharing none of its words.
const RATE_LIMIT_DEATH = {
  session: "s1",
  task: "implement per-tenant API rate limiting",
  approach: "fixed-window per-tenant counter",
  death_reason:
    "verifier: test_burst_at_boundary — 200 admitted in 200ms against 100/min limit; windows sharing an edge each grant full quota",
  conviction: "high" as const,
};

// A small memory of unrelated deaths (written for these tests) so rarity weighting has a background.
const BACKGROUND = [
  [
    "add full text search to the help center",
    "SQL LIKE over article bodies",
    "adversary: table scan on every keystroke",
  ],
  [
    "parse uploaded spreadsheets",
    "split lines on commas",
    "verifier: test_quoted_commas — quoted field split in two",
  ],
  [
    "send password reset emails",
    "reset link without expiry",
    "adversary: an old link still worked a month later",
  ],
  [
    "cache user avatars",
    "cache key from file name only",
    "verifier: test_replaced_avatar — old picture served after upload",
  ],
  [
    "schedule nightly backups",
    "cron entry on every instance",
    "adversary: six backups ran at once and filled the disk",
  ],
  [
    "migrate orders table to a new schema",
    "ALTER TABLE in one transaction",
    "adversary: exclusive lock blocked writes for minutes",
  ],
  [
    "verify webhook signatures from the billing provider",
    "compare HMAC with ==",
    "adversary: timing side channel leaked the digest",
  ],
  [
    "render invoices as PDF",
    "headless browser per request",
    "budget: ran out of steps before the load test",
  ],
] as const;

let stores: FailureStore[] = [];
afterEach(() => {
  for (const s of stores) s.close();
  stores = [];
});

async function memory(fts = true): Promise<FailureStore> {
  const store = await openStore({ url: ":memory:", fts });
  stores.push(store);
  for (const [task, approach, death_reason] of BACKGROUND) {
    await store.record({ session: "s0", task, approach, death_reason, conviction: "medium" });
  }
  return store;
}

describe.each([true, false])("searchFailures (fts %s)", (fts) => {
  it("finds what rhymes: the rate-limiting death for 'throttle webhook fan-out'", async () => {
    const store = await memory(fts);
    expect(store.fts).toBe(fts);
    const { id } = await store.record(RATE_LIMIT_DEATH);
    const hits = await store.search("throttle webhook fan-out", { limit: 5 });
    expect(hits.map((h) => h.id)).toContain(id);
  });

  it("orders by relevance, not recency: an older relevant row ranks above a newer weak one", async () => {
    const store = await memory(fts);
    const old = await store.record({
      session: "s1",
      task: "retry failed calls to the inventory service",
      approach: "immediate retry loop",
      death_reason: "adversary: retry storm amplified load during the outage",
    });
    const newer = await store.record({
      session: "s2",
      task: "inventory report export",
      approach: "stream rows as CSV",
      death_reason: "verifier: test_header_row — header missing",
    });
    const hits = await store.search("retry calls to inventory service with backoff");
    const ids = hits.map((h) => h.id);
    expect(ids[0]).toBe(old.id);
    if (ids.includes(newer.id)) expect(ids.indexOf(newer.id)).toBeGreaterThan(ids.indexOf(old.id));
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("collapses occurrences into one hit with its death count", async () => {
    const store = await memory(fts);
    const first = await store.record(RATE_LIMIT_DEATH);
    const again = await store.record({ ...RATE_LIMIT_DEATH, session: "s2" });
    const third = await store.record({ ...RATE_LIMIT_DEATH, session: "s3" });
    expect(again.occurrence_of).toBe(first.id);
    expect(third.occurrence_of).toBe(first.id);
    const hits = await store.search("per-tenant rate limiting");
    const mine = hits.filter((h) => [first.id, again.id, third.id].includes(h.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: first.id, deaths: 3 });
  });

  it("gives way to the newest row of a supersession chain", async () => {
    const store = await memory(fts);
    const wrong = await store.record(RATE_LIMIT_DEATH);
    const sharper = await store.supersede(wrong.id, {
      ...RATE_LIMIT_DEATH,
      death_reason:
        "verifier: test_burst_at_boundary — adjacent fixed windows admit twice the limit at the edge",
    });
    const sharpest = await store.supersede(sharper.id, {
      ...RATE_LIMIT_DEATH,
      death_reason:
        "verifier: test_burst_at_boundary — fixed windows admit 2x the per-tenant limit across an edge",
    });
    const ids = (await store.search("per-tenant rate limiting")).map((h) => h.id);
    expect(ids).toContain(sharpest.id);
    expect(ids).not.toContain(wrong.id);
    expect(ids).not.toContain(sharper.id);
  });

  it("sees rows recorded after an earlier search", async () => {
    const store = await memory(fts);
    expect(await store.search("per-tenant rate limiting")).toEqual([]);
    const { id } = await store.record(RATE_LIMIT_DEATH);
    expect((await store.search("per-tenant rate limiting")).map((h) => h.id)).toContain(id);
  });

  it("returns nothing when nothing is relevant", async () => {
    const store = await memory(fts);
    await store.record(RATE_LIMIT_DEATH);
    expect(await store.search("animate the sidebar collapse with a spring curve")).toEqual([]);
    expect(await store.search("")).toEqual([]);
  });

  it("never raises on hostile query syntax", async () => {
    const store = await memory(fts);
    await store.record(RATE_LIMIT_DEATH);
    const hostile = [
      '"',
      '"""',
      "NEAR(",
      "NEAR(rate limit, 2)",
      "rate AND OR NOT limit",
      "AND",
      "task:rate",
      "col:value approach:*",
      "*",
      "rate*",
      "-limit",
      "^rate",
      "((rate",
      "rate))",
      "🚦 throttle 🔥",
      "' OR 1=1; DROP TABLE failures; --",
      "%_\\",
      "\u0000\uffff",
    ];
    for (const text of hostile) await expect(store.search(text)).resolves.toBeInstanceOf(Array);
    expect((await store.search("rate limiting NEAR( tenant")).length).toBeGreaterThan(0);
  });

  it("is total and deterministic over arbitrary text", async () => {
    const store = await memory(fts);
    await store.record(RATE_LIMIT_DEATH);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 40 }), async (text) => {
        const a = await store.search(text);
        const b = await store.search(text);
        expect(b).toEqual(a);
      }),
      { numRuns: 60 },
    );
  });
});

describe.each([true, false])("searchFailures on a small memory (fts %s)", (fts) => {
  // A harness starting a campaign has a memory of a few rows: rarity must not blind it.
  it.each([0, 1, 4])("finds the rate-limiting death beside %i other rows", async (others) => {
    const store = await openStore({ url: ":memory:", fts });
    stores.push(store);
    for (const [task, approach, death_reason] of BACKGROUND.slice(0, others)) {
      await store.record({ session: "s0", task, approach, death_reason });
    }
    const { id } = await store.record(RATE_LIMIT_DEATH);
    expect((await store.search("throttle webhook fan-out")).map((h) => h.id)).toContain(id);
    expect((await store.priorArt("throttle webhook fan-out")).ids).toContain(id);
    expect((await store.search("rate limiting per tenant"))[0]?.id).toBe(id);
    for (const unrelated of [
      "animate the sidebar collapse with a spring curve",
      "compile shaders for the game engine",
      "tune the guitar amplifier",
    ]) {
      expect(await store.search(unrelated)).toEqual([]);
      expect(await store.priorArt(unrelated)).toEqual({ ids: [], text: "" });
    }
  });
});

describe("searchFailures on a larger memory", () => {
  it("finds the relevant row among thousands sharing common words (sampled frequencies)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fak-search-"));
    const url = `file:${join(dir, "memory.db")}`;
    const store = await openStore({ url });
    const client = createClient({ url });
    const filler = Array.from({ length: 3000 }, (_, i) => ({
      task: `add cache for report ${i % 97}`,
      approach: `cache rows in process ${i % 13}`,
      death_reason: `verifier: test_report_${i % 89} — report totals wrong after cache refresh`,
    }));
    await client.execute({
      sql: `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
            SELECT 's', j.value->>'task', j.value->>'approach', j.value->>'death_reason', 'verifier', 'low',
                   '2026-01-01T00:00:00.000Z', 'filler:' || j.key FROM json_each(?) j`,
      args: [JSON.stringify(filler)],
    });
    client.close();
    const { id } = await store.record({
      session: "s1",
      task: "cache exchange rates for invoices",
      approach: "memoize the rate lookup per process",
      death_reason:
        "verifier: test_invoice_immutable — old invoices changed when the memoized rate expired",
    });
    const hits = await store.search("memoize currency exchange rate lookups", { limit: 5 });
    store.close();
    rmSync(dir, { recursive: true, force: true });
    expect(hits[0]?.id).toBe(id);
  });
});

// Rows in the shape the pipeline records (agent/model, last step, category, layer-prefixed death),
// written for this test.
const PIPELINE = [
  [
    "train-fasttext",
    "terminus-2/gpt-oss-120b: last step `python3 train.py --epochs …` (TIMEOUT)",
    "budget: timed out at `python3 train.py --epochs 200` (TIMEOUT:command_time_limit); untested",
  ],
  [
    "fix-git",
    "fake-agent/acme/model-1: last step `git rebase main` (CMD_ERROR)",
    "verifier: `git rebase main` failed (CMD_ERROR:nonzero_exit)",
  ],
  [
    "regex-log",
    "fake-agent/acme/model-1: last step `grep -E …` (TIMEOUT)",
    "budget: timed out at `grep -E pattern big.log` (TIMEOUT:command_time_limit); untested",
  ],
  [
    "build-pmars",
    "fake-agent/acme/model-1: last step `pip install …` (PKG_INSTALL)",
    "verifier: `pip install pmars` failed (PKG_INSTALL:no_matching_distribution)",
  ],
  [
    "sqlite-with-gcov",
    "terminus-2/gpt-oss-120b: no failing step recorded (TEST_MISUNDERSTOOD)",
    "verifier: test test_coverage_file failed: expected gcda files (TEST_MISUNDERSTOOD:oracle_failed_after_full_trace)",
  ],
  [
    "crack-7z-hash",
    "fake-agent/acme/model-1: no failing step recorded (CMD_ERROR)",
    "verifier: test test_solution_file failed (CMD_ERROR:milestones_incomplete)",
  ],
] as const;

describe.each([true, false])("searchFailures on pipeline rows (fts %s)", (fts) => {
  async function pipelineMemory(): Promise<{ store: FailureStore; ids: number[] }> {
    const store = await openStore({ url: ":memory:", fts });
    stores.push(store);
    const ids: number[] = [];
    for (const [task, approach, death_reason] of PIPELINE) {
      ids.push((await store.record({ session: "run-1", task, approach, death_reason })).id);
    }
    return { store, ids };
  }

  it("does not match on model names, category codes or boilerplate", async () => {
    const { store, ids } = await pipelineMemory();
    const art = await store.priorArt("train-model");
    expect(art.ids).toEqual([ids[0]]);
    // each noise row shares "model", a category code and boilerplate with the others, no topic
    for (const [i, task] of ["fix-git", "build-pmars", "crack-7z-hash"].entries()) {
      const own = ids[[1, 3, 5][i] ?? 0];
      expect((await store.search(task)).map((h) => h.id)).toEqual([own]);
    }
    for (const boilerplate of ["last step failed", "no failing step recorded", "acme"]) {
      expect(await store.search(boilerplate)).toEqual([]);
    }
  });

  it("still finds a name the query itself names", async () => {
    const { store, ids } = await pipelineMemory();
    const hits = (await store.search("gpt-oss-120b")).map((h) => h.id).sort();
    expect(hits).toEqual([ids[0], ids[4]]);
  });
});
