import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, collect, tag, tempDir } from "../../test/support/backends.js";
import {
  type EmbeddingsServer,
  fakeEmbedding,
  startEmbeddingsServer,
} from "../../test/support/embeddings-server.js";
import { prepareRow } from "../row/index.js";
import { openStore } from "../store.js";
import { httpEmbedder } from "./client.js";
import { rowText } from "./semantic.js";

const DIMS = 64;

// Deaths on unrelated topics: the background a relevant vector hit must stand out from.
const FILLERS: [string, string, string][] = [
  [
    "install deps",
    "pip install with the default index",
    "verifier: pip timed out reading the index",
  ],
  ["fix-git", "rebase the feature branch onto main", "verifier: rebase conflict in the lockfile"],
  ["webhooks", "fan out every event at once", "adversary: the provider answers 429 rate limited"],
  [
    "db migrate",
    "add the column inside one long transaction",
    "verifier: migration holds a table lock",
  ],
  ["ci flake", "retry the test until it passes", "adversary: a race in the cache warmup remains"],
  ["etl job", "load the whole csv into memory", "verifier: the process was OOM killed"],
  [
    "frontend build",
    "npm ci with a stale lockfile",
    "verifier: npm ci refuses the mismatched lock",
  ],
  ["tls", "pin the old certificate bundle", "verifier: certificate expired, handshake fails"],
  ["scheduler", "run the cron in local time", "verifier: jobs fire twice when the clock changes"],
  ["queue", "raise the consumer count", "budget: out of turns before the lag was measured"],
  ["cache", "evict keys by hand on deploy", "verifier: stale sessions served after deploy"],
  ["auth", "store the session in a cookie", "adversary: the cookie is readable by scripts"],
];
const TARGET: [string, string, string] = [
  "render customer invoice pdf",
  "headless chromium print to pdf",
  "verifier: fonts missing so every glyph renders as a box",
];
// Shares no word with TARGET (the lexical side finds nothing); the fake model's concepts link it.
const PARAPHRASE = "bill printable typeface absent";

const rowOf = (t: string, [task, approach, death]: [string, string, string]) => ({
  session: `s-${t}`,
  task: `${task} ${t}`,
  approach: `${approach} ${t}`,
  death_reason: death,
});

let server: EmbeddingsServer;
beforeAll(async () => {
  server = await startEmbeddingsServer({ dims: DIMS });
});
afterAll(() => server.stop());

describe.each(backends())("vectors on $name", (backend) => {
  const open = async (model: string, semantic: { annIndex?: boolean } = {}) => {
    const notices: string[] = [];
    const url = backend.url();
    const store = await openStore({
      url,
      embedder: httpEmbedder({
        url: server.url,
        model,
        batchSize: 5,
        retries: 0,
        timeoutMs: 30_000,
      }),
      semantic,
      onNotice: (line) => notices.push(line),
    });
    return { store, notices, url };
  };
  const seeded = async (semantic: { annIndex?: boolean } = {}) => {
    const t = tag();
    const opened = await open(`fake-${t}`, semantic);
    const ids: number[] = [];
    for (const f of [...FILLERS, TARGET]) ids.push((await opened.store.record(rowOf(t, f))).id);
    return { ...opened, t, ids, target: ids.at(-1)! };
  };
  const spaceTable = async (url: string, model: string) => {
    const raw = backend.rawClient(url);
    const r = await raw.execute({
      sql: "SELECT id FROM failure_vector_spaces WHERE model = ? AND dims = ?",
      args: [model, DIMS],
    });
    return { raw, table: `failure_vectors_${r.rows[0]?.id}` };
  };

  it("stores each recorded row's vector with the row, as the embedder gave it", async () => {
    const { store, t, ids, url, notices } = await seeded();
    store.close();
    const { raw, table } = await spaceTable(url, `fake-${t}`);
    const r = await raw.execute(
      `SELECT failure_id, vector_extract(vec) AS v FROM ${table} ORDER BY failure_id`,
    );
    raw.close();
    expect(r.rows.map((row) => Number(row.failure_id))).toEqual(ids);
    const [last] = r.rows.slice(-1);
    const expected = fakeEmbedding(rowText(prepareRow(rowOf(t, TARGET))), DIMS);
    const stored = JSON.parse(String(last?.v)) as number[];
    expect(stored).toHaveLength(DIMS);
    for (const [i, x] of stored.entries()) expect(x).toBeCloseTo(expected[i]!, 5);
    expect(notices).toEqual([]);
  });

  it("finds through the vectors a paraphrase the lexical side misses, in search and prior art", async () => {
    const { store, target, url } = await seeded();
    const lexical = await openStore({ url, onNotice: () => {} });
    expect(await lexical.search(PARAPHRASE)).toEqual([]);
    lexical.close();
    const hits = await store.search(PARAPHRASE, { limit: 5 });
    expect(hits[0]?.id).toBe(target);
    expect((await store.priorArt(PARAPHRASE)).ids[0]).toBe(target);
    store.close();
  });

  it("searches through vector_top_k when the space was given a vector index", async () => {
    const { store, target, url, t } = await seeded({ annIndex: true });
    expect((await store.search(PARAPHRASE, { limit: 5 }))[0]?.id).toBe(target);
    expect(await store.search("quantum annealing of protein folding lattices")).toEqual([]);
    store.close();
    const { raw, table } = await spaceTable(url, `fake-${t}`);
    const index = await raw.execute({
      sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
      args: [`${table}_idx`],
    });
    raw.close();
    expect(String(index.rows[0]?.sql)).toContain("libsql_vector_idx(vec, 'metric=cosine'");
  });

  it("still answers nothing for a query nothing in the memory is about", async () => {
    const { store } = await seeded();
    expect(await store.search("quantum annealing of protein folding lattices")).toEqual([]);
    expect((await store.priorArt("renaissance fresco restoration pigments")).ids).toEqual([]);
    store.close();
  });

  it("keeps the lexical hits first when both sides agree", async () => {
    const { store } = await seeded();
    const hits = await store.search("pip timed out reading the index", { limit: 3 });
    // (on the shared server database, an earlier test's copy of the row may come first)
    expect(hits[0]?.death_reason).toBe(FILLERS[0]![2]);
    store.close();
  });

  it("refuses to update or delete a stored vector", async () => {
    const { store, t, url, ids } = await seeded();
    store.close();
    const { raw, table } = await spaceTable(url, `fake-${t}`);
    await expect(raw.execute(`DELETE FROM ${table} WHERE failure_id = ${ids[0]}`)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      raw.execute(`UPDATE ${table} SET vec = vector32('[${Array(DIMS).fill(0).join(",")}]')`),
    ).rejects.toThrow(/append-only/);
    raw.close();
  });

  it("falls back to lexical search, with one notice, when the endpoint stops mid-session", async () => {
    const down = await startEmbeddingsServer({ dims: DIMS });
    const t = tag();
    const notices: string[] = [];
    const url = backend.url();
    const store = await openStore({
      url,
      embedder: httpEmbedder({ url: down.url, model: `fake-${t}`, retries: 0 }),
      onNotice: (line) => notices.push(line),
    });
    const ids: number[] = [];
    for (const f of [...FILLERS, TARGET]) ids.push((await store.record(rowOf(t, f))).id);
    expect((await store.search(PARAPHRASE))[0]?.id).toBe(ids.at(-1));
    await down.stop();
    expect(await store.search(PARAPHRASE)).toEqual([]);
    const lexical = await store.search("pip timed out reading the index");
    expect(lexical[0]?.death_reason).toBe(FILLERS[0]![2]);
    const later = await store.record(
      rowOf(t, ["late task", "a new approach", "verifier: it broke"]),
    );
    expect(later.message).toBe(`new failure:${later.id}`);
    expect((await store.history(later.id)).row.id).toBe(later.id);
    store.close();
    // refused, or reset when the client's kept-alive connection was the one cut
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^fak: embeddings unavailable \(embeddings endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings: connection (refused|reset)\); search is lexical only and new rows are stored without vectors$/,
    );
    const { raw, table } = await spaceTable(url, `fake-${t}`);
    const stored = await raw.execute(`SELECT failure_id FROM ${table} ORDER BY failure_id`);
    raw.close();
    expect(stored.rows.map((r) => Number(r.failure_id))).toEqual(ids);
  });

  it("says once, without an embedder, that the memory's vectors go unused", async () => {
    const { store, url, t } = await seeded();
    store.close();
    const notices: string[] = [];
    const plain = await openStore({ url, onNotice: (line) => notices.push(line) });
    await plain.search("pip timed out");
    await plain.priorArt("pip timed out");
    plain.close();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`fake-${t}`);
    expect(notices[0]).toContain("search is lexical only");
  });

  it("embeds an import in batches and stores each line's vector once, re-run or not", async () => {
    const t = tag();
    const file = join(tempDir(), `rows-${t}.jsonl`);
    const rows = Array.from({ length: 23 }, (_, i) =>
      rowOf(t, [`task ${i}`, `approach number ${i}`, `verifier: failure ${i}`]),
    );
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n"));
    const { store, url } = await open(`fake-${t}`);
    const before = server.requests;
    const first = await collect(store.importJsonl(file, { batchSize: 10 }));
    // 3 write batches (10, 10, 3 lines), each embedded 5 texts a request: 2 + 2 + 1 requests.
    expect(server.requests - before).toBe(5);
    const again = await collect(store.importJsonl(file, { batchSize: 10 }));
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(server.requests - before).toBe(5); // nothing embedded twice
    store.close();
    const { raw, table } = await spaceTable(url, `fake-${t}`);
    const stored = await raw.execute(`SELECT failure_id, vector_extract(vec) AS v FROM ${table}`);
    raw.close();
    expect(stored.rows.map((r) => Number(r.failure_id)).sort((a, b) => a - b)).toEqual(
      first.map((r) => r.id),
    );
    const byId = new Map(stored.rows.map((r) => [Number(r.failure_id), JSON.parse(String(r.v))]));
    const expected = fakeEmbedding(rowText(prepareRow(rows[7])), DIMS);
    expect(byId.get(first[7]!.id)[3]).toBeCloseTo(expected[3]!, 5);
  });

  it("records without vectors when the endpoint answers garbage, and says so once", async () => {
    const t = tag();
    const { store, notices } = await open(`fake-${t}`);
    server.setMode("badJson");
    try {
      const a = await store.record(rowOf(t, FILLERS[0]!));
      const b = await store.record(rowOf(t, FILLERS[1]!));
      expect([a.deaths, b.deaths]).toEqual([1, 1]);
    } finally {
      server.setMode("ok");
    }
    store.close();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("bad response: not JSON");
  });
});
