// Latency of searchFailures and priorArt against the naive query (FTS5, query words OR-joined,
// ORDER BY bm25) on the same synthetic memory, side by side in one run.
//   pnpm exec tsx bench/search.ts --rows 100000 [--queries 100] [--db file:/tmp/x.db [--load]] [--plant]
// --plant also hides the labelled development rows (../shared) among the synthetic ones and
// scores recall@5 of both methods on its queries at that size.
// Rows are composed from task / approach / death templates over a Zipf-distributed vocabulary
// plus noise, so common words match most rows, as they do in a real memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { priorArt } from "../src/prior-art/index.js";
import { buildMatchQuery } from "../src/search/query.js";
import { searchFailures } from "../src/search/search.js";
import { TUNING } from "../src/search/tuning.js";
import { openStore } from "../src/store.js";
import { loadLabelledSet, score } from "./recall.js";

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
};
const ROWS = Number(arg("rows", "100000"));
const QUERIES = Number(arg("queries", "100"));
TUNING.postingBudget = Number(arg("budget", String(TUNING.postingBudget)));
TUNING.candidates = Number(arg("candidates", String(TUNING.candidates)));

// Deterministic PRNG (mulberry32) so every run builds the same memory.
let seed = 42;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
/** Zipf-like pick: early entries are far more frequent. */
const zipf = <T>(xs: readonly T[]): T => xs[Math.floor(xs.length * rand() ** 2.5)] as T;

const VERBS = [
  "add",
  "implement",
  "fix",
  "speed up",
  "migrate",
  "refactor",
  "support",
  "harden",
  "rewrite",
  "test",
  "build",
  "remove",
  "replace",
  "debug",
  "optimise",
];
const OBJECTS = [
  "rate limiting",
  "cache layer",
  "retry policy",
  "login flow",
  "session store",
  "webhook delivery",
  "payment capture",
  "search index",
  "job queue",
  "cron scheduler",
  "file upload",
  "CSV import",
  "pagination",
  "feature flags",
  "config loader",
  "audit log",
  "email digest",
  "websocket presence",
  "schema migration",
  "connection pool",
  "idempotency keys",
  "timezone handling",
  "currency rounding",
  "permission checks",
  "tenant isolation",
  "backup job",
  "metrics exporter",
  "image resizing",
  "PDF rendering",
  "event projection",
  "outbox relay",
  "deploy pipeline",
  "docker build",
  "flaky test suite",
  "dependency upgrade",
  "API client",
  "GraphQL resolver",
  "stream consumer",
  "notification fan-out",
  "health checks",
];
const QUALIFIERS = [
  "for the billing service",
  "in the admin panel",
  "on the public API",
  "per tenant",
  "for mobile clients",
  "behind the load balancer",
  "in the worker fleet",
  "for large accounts",
  "across regions",
  "in the checkout flow",
  "for the reporting warehouse",
  "on every request",
  "during deploys",
  "under load",
  "",
];
const APPROACHES = [
  "in-memory map per process",
  "redis counter with TTL",
  "token bucket",
  "fixed window counter",
  "sleep and retry loop",
  "exponential backoff without jitter",
  "cache-aside with fixed TTL",
  "delete-on-write invalidation",
  "check then insert",
  "SELECT then UPDATE without lock",
  "advisory lock",
  "unique constraint",
  "LIMIT/OFFSET paging",
  "cursor on created_at",
  "dual write to DB and index",
  "publish inside the transaction",
  "cron entry on every instance",
  "ALTER TABLE in one migration",
  "regex parser",
  "split on commas",
  "float arithmetic",
  "naive local timestamps",
  "JWT with alg from header",
  "flag read at startup",
  "synchronous HTTP call",
  "unbounded queue",
  "thread per request",
  "lazy ORM loading in a loop",
  "global mutable singleton",
  "shelling out to a CLI",
];
const MECHANISMS = [
  "two concurrent requests both passed the check",
  "stale value served after update",
  "worker restart lost in-flight jobs",
  "load spiked when every client retried at once",
  "lock never released after a crash",
  "duplicates created on redelivery",
  "rows skipped at the page boundary",
  "events applied out of order",
  "memory grew until the process was OOM-killed",
  "request hung with no timeout",
  "offset drifted across the DST change",
  "rounding lost a cent",
  "secret written to the logs",
  "tenant saw another tenant's data",
  "migration held an exclusive lock for minutes",
  "index fell out of sync after a failed write",
  "provider returned 429 Too Many Requests",
  "test passed alone and failed after merge",
  "flaky under parallel runs",
  "build broke on a transitive dependency bump",
  "queries scanned the whole table",
  "signature check accepted forged tokens",
  "config typo surfaced hours later",
  "deploy shipped before the schema",
  "cache stampede on expiry",
  "p99 latency went from 20ms to 4s",
];
const LAYERS = [
  "verifier",
  "verifier",
  "verifier",
  "adversary",
  "adversary",
  "divergence",
  "budget",
  "reconcile",
];
const NOISE = [
  "the",
  "service",
  "request",
  "data",
  "user",
  "error",
  "value",
  "test",
  "api",
  "system",
  "time",
  "code",
  "call",
  "table",
  "job",
  "run",
  "update",
  "result",
  "client",
  "server",
  "check",
  "write",
  "read",
  "process",
  "response",
  "event",
  "state",
  "file",
  "key",
  "limit",
  "failed",
  "after",
  "before",
  "under",
  "each",
  "every",
  "instead",
  "because",
  "while",
  "again",
  "still",
  "never",
  "only",
  "new",
  "old",
  "same",
  "other",
  "first",
  "second",
  "many",
];

function sentence(words: number): string {
  return Array.from({ length: words }, () => zipf(NOISE)).join(" ");
}

function makeRow(i: number): Record<string, string> {
  const layer = pick(LAYERS);
  const task = `${pick(VERBS)} ${zipf(OBJECTS)} ${pick(QUALIFIERS)}`.trim();
  const approach = `${zipf(APPROACHES)} ${rand() < 0.5 ? sentence(2) : ""}`.trim();
  const test = `test_${zipf(OBJECTS).replace(/\W+/g, "_")}_${Math.floor(rand() * 500)}`;
  const death = `${layer}: ${test} — ${zipf(MECHANISMS)}; ${sentence(3 + Math.floor(rand() * 6))} (run ${i % 9973})`;
  return {
    session: `s${Math.floor(i / 20)}`,
    task,
    approach,
    death_reason: death,
    layer,
    conviction: pick(["high", "medium", "low"]),
  };
}

export function makeQuery(): string {
  const shapes = [
    () => `${pick(VERBS)} ${pick(OBJECTS)} ${pick(QUALIFIERS)}`,
    () => `${pick(OBJECTS)} ${pick(MECHANISMS)}`,
    () => `${pick(VERBS)} ${pick(OBJECTS)} with ${pick(APPROACHES)}`,
    () => `throttle ${pick(OBJECTS)} and avoid ${pick(MECHANISMS)}`,
    () => `${sentence(4)} ${pick(OBJECTS)}`,
  ];
  return pick(shapes)();
}

async function load(url: string): Promise<void> {
  const store = await openStore({ url });
  store.close();
  const client = createClient({ url });
  const chunk = 5000;
  const started = Date.now();
  for (let i = 0; i < ROWS; i += chunk) {
    const rows = Array.from({ length: Math.min(chunk, ROWS - i) }, (_, j) => makeRow(i + j));
    await client.execute({
      sql: `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
            SELECT j.value->>'session', j.value->>'task', j.value->>'approach', j.value->>'death_reason',
                   j.value->>'layer', j.value->>'conviction', '2026-01-01T00:00:00.000Z', 'bench:' || (? + j.key)
            FROM json_each(?) j`,
      args: [i, JSON.stringify(rows)],
    });
    if ((i / chunk) % 20 === 0) process.stderr.write(`\rloaded ${i + rows.length}/${ROWS}`);
  }
  await client.execute("INSERT INTO failures_fts(failures_fts) VALUES ('optimize')");
  process.stderr.write(
    `\rloaded ${ROWS} rows in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  client.close();
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  const given = arg("db", "");
  const dir = given ? "" : mkdtempSync(join(tmpdir(), "fak-bench-"));
  const url = given || `file:${join(dir, "memory.db")}`;
  if (!given || process.argv.includes("--load")) await load(url);
  const client = createClient({ url });
  const ctx = { client, fts: true };
  const queries = Array.from({ length: QUERIES }, makeQuery);
  const naive = async (q: string) => {
    const match = buildMatchQuery(q);
    if (!match) return [];
    const res = await client.execute({
      sql: `SELECT f.* FROM failures f JOIN (SELECT rowid AS id FROM failures_fts WHERE failures_fts MATCH ?
            ORDER BY bm25(failures_fts) LIMIT 10) c ON c.id = f.id`,
      args: [match],
    });
    return res.rows;
  };
  const cold = await time(() => searchFailures(ctx, queries[0] ?? "", { limit: 10 }));
  for (const q of queries.slice(0, 5)) {
    await naive(q);
    await priorArt(ctx, q);
  }
  const t: Record<string, number[]> = { naive: [], search: [], priorArt: [] };
  let agree = 0;
  let compared = 0;
  let fastScore = 0;
  let fullScore = 0;
  for (const q of queries) {
    t.naive?.push(await time(() => naive(q)));
    t.search?.push(await time(() => searchFailures(ctx, q, { limit: 10 })));
    t.priorArt?.push(await time(() => priorArt(ctx, q)));
  }
  // How much the bounded candidate set changes the answer: top 5 against an unbounded one.
  const bounded = { ...TUNING };
  for (const q of queries.slice(0, 20)) {
    const fast = await searchFailures(ctx, q, { limit: 5 });
    Object.assign(TUNING, { postingBudget: Number.POSITIVE_INFINITY, candidates: 5000 });
    const full = await searchFailures(ctx, q, { limit: 5 });
    Object.assign(TUNING, bounded);
    agree += full.filter((h) => fast.some((f) => f.id === h.id)).length;
    compared += full.length;
    fastScore += fast.reduce((a, h) => a + h.score, 0);
    fullScore += full.reduce((a, h) => a + h.score, 0);
  }
  console.log(
    `\n${ROWS} rows, ${QUERIES} queries (ms); posting budget ${TUNING.postingBudget}, candidates ${TUNING.candidates}`,
  );
  console.log("| query | p50 | p95 | max |");
  console.log("|---|---:|---:|---:|");
  for (const [name, xs] of Object.entries(t)) {
    console.log(
      `| ${name} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`,
    );
  }
  console.log(
    `\nfirst search on a fresh connection (cold document-frequency cache): ${cold.toFixed(1)} ms`,
  );
  console.log(
    `search top 5 against an unbounded candidate set (20 queries): same ids ${agree}/${compared} ` +
      `(many rows tie on templated text), summed scores ${(fastScore / Math.max(fullScore, 1e-9)).toFixed(3)} of unbounded`,
  );
  if (process.argv.includes("--plant")) await plantedRecall(client, ctx);
  client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Recall@5 of the development set hidden among the synthetic rows. */
async function plantedRecall(
  client: ReturnType<typeof createClient>,
  ctx: { client: typeof client; fts: boolean },
) {
  const { rows, queries } = loadLabelledSet("dev");
  const present = await client.execute(
    "SELECT id FROM failures WHERE session LIKE 'plant:%' ORDER BY id",
  );
  if (present.rows.length === 0) {
    await client.execute({
      sql: `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
            SELECT 'plant:' || (j.value->>'session'), j.value->>'task', j.value->>'approach', j.value->>'death_reason',
                   substr(j.value->>'death_reason', 1, instr(j.value->>'death_reason', ':') - 1),
                   coalesce(j.value->>'conviction', 'none'), '2026-01-01T00:00:00.000Z', 'plant:' || j.key
            FROM json_each(?) j`,
      args: [JSON.stringify(rows)],
    });
  }
  const ids = (
    await client.execute("SELECT id FROM failures WHERE session LIKE 'plant:%' ORDER BY id")
  ).rows;
  const label = new Map(ids.map((r, i) => [Number(r.id), rows[i]?.id ?? ""]));
  const naive = await score("naive bm25 (OR)", queries, async (text) => {
    const match = buildMatchQuery(text);
    if (!match) return [];
    const res = await client.execute({
      sql: "SELECT rowid FROM failures_fts WHERE failures_fts MATCH ? ORDER BY bm25(failures_fts) LIMIT 5",
      args: [match],
    });
    return res.rows.map((r) => label.get(Number(r.rowid)) ?? "synthetic");
  });
  const ours = await score("searchFailures", queries, async (text) =>
    (await searchFailures(ctx, text, { limit: 5 })).map((h) => label.get(h.id) ?? "synthetic"),
  );
  console.log(`\nrecall@5 of the development set hidden among ${ROWS} synthetic rows`);
  console.log("| method | overall | none answered empty |\n|---|---:|---:|");
  for (const f of [naive, ours])
    console.log(`| ${f.method} | ${f.overall.toFixed(3)} | ${f.noneEmpty}/${f.none} |`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
