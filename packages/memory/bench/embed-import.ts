// Import with and without embeddings, side by side in one run, then search latency:
//   lexical     store.importJsonl with no embedder (the baseline)
//   embeddings  the same file with an httpEmbedder against a loopback OpenAI-compatible server
//               (test-support/embeddings-server.ts, a deterministic hashing "model"), vectors in
//               the F32_BLOB table, searched by an exact scan (the default)
//   ann index   the same with `semantic: { annIndex: true }` (libsql_vector_idx, vector_top_k),
//               on the first --ann-rows lines (its inserts are far slower)
// The figures are fak's cost (HTTP, JSON, vectors, the table and index), not a model's.
// Each variant runs in its own process on a fresh file, so peak RSS is its own; the server runs
// in this parent process, so its CPU and memory are not counted against the import.
// Usage: pnpm exec tsx bench/embed-import.ts [--rows 100000] [--ann-rows 10000] [--dims 384]
//        [--request 64]
import { fork } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { httpEmbedder } from "../src/embed/client.js";
import { openStore } from "../src/store.js";
import { startEmbeddingsServer } from "../test/support/embeddings-server.js";
import { writeSyntheticJsonl } from "../test/support/synthetic.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};

interface Measure {
  variant: string;
  rows: number;
  vectors: number;
  searchP50: number;
  searchP95: number;
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  dbMb: number;
}

async function child(): Promise<void> {
  const [file, db, endpoint] = [arg("file", ""), arg("db", ""), arg("endpoint", "")];
  const annIndex = args.includes("--ann");
  const url = `file:${db}`;
  const notices: string[] = [];
  const embedder = endpoint
    ? httpEmbedder({ url: endpoint, model: "bench", batchSize: Number(arg("request", "64")) })
    : undefined;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const store = await openStore({
    url,
    embedder,
    semantic: { annIndex },
    onNotice: (l) => notices.push(l),
  });
  let n = 0;
  for await (const _ of store.importJsonl(file)) n++;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  // Search latency on the imported store: 30 queries phrased like the rows, first one a warm-up.
  const times: number[] = [];
  for (let i = 0; i < 31; i++) {
    const t0 = performance.now();
    await store.search(`${["pin", "rebase", "vendor"][i % 3]} the lockfile still fails ${i}`);
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  store.close();
  if (notices.length > 0) throw new Error(notices.join("\n"));
  const client = createClient({ url });
  const space = await client
    .execute("SELECT id FROM failure_vector_spaces")
    .catch(() => ({ rows: [] as { id?: unknown }[] }));
  const id = space.rows[0]?.id;
  const vectors = id
    ? Number((await client.execute(`SELECT count(*) AS n FROM failure_vectors_${id}`)).rows[0]?.n)
    : 0;
  client.close();
  const size = (p: string) => statSync(p, { throwIfNoEntry: false })?.size ?? 0;
  const m: Measure = {
    variant: endpoint ? (annIndex ? "embeddings, ann index" : "embeddings, exact scan") : "lexical",
    rows: n,
    vectors,
    searchP50: times[Math.floor(times.length / 2)]!,
    searchP95: times[Math.floor(times.length * 0.95)]!,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    dbMb: (size(db) + size(`${db}-wal`)) / 1e6,
  };
  process.send?.(m);
}

async function measure(file: string, db: string, endpoint?: string, ann = false): Promise<Measure> {
  const c = fork(new URL(import.meta.url), [
    "--child",
    ...["--file", file, "--db", db, "--request", arg("request", "64")],
    ...(endpoint ? ["--endpoint", endpoint] : []),
    ...(ann ? ["--ann"] : []),
  ]);
  const [m] = (await once(c, "message")) as [Measure];
  await once(c, "exit");
  return m;
}

async function main() {
  if (args.includes("--child")) return child();
  const rows = Number(arg("rows", "100000"));
  const annRows = Math.min(rows, Number(arg("ann-rows", "10000")));
  const dims = Number(arg("dims", "384"));
  const dir = mkdtempSync(join(tmpdir(), "fak-embed-bench-"));
  const server = await startEmbeddingsServer({ dims });
  try {
    const file = join(dir, "rows.jsonl");
    await writeSyntheticJsonl(file, rows);
    const annFile = join(dir, "ann-rows.jsonl");
    await writeSyntheticJsonl(annFile, annRows);
    const results = [
      await measure(file, join(dir, "lexical.db")),
      await measure(file, join(dir, "embeddings.db"), server.url),
      await measure(annFile, join(dir, "lexical-ann.db")),
      await measure(annFile, join(dir, "exact-ann.db"), server.url),
      await measure(annFile, join(dir, "ann.db"), server.url, true),
    ];
    console.log(
      `${rows} synthetic rows, ${dims}-dimensional vectors, ${arg("request", "64")} texts a request, import batch default (10,000 rows); ${server.requests} requests, ${server.texts} texts embedded (imports and searches); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${availableParallelism()} cores`,
    );
    console.log(
      "| variant | rows | vectors | import wall s | rows/s | CPU s | peak RSS MB | db MB | search p50 / p95 ms |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const m of results) {
      console.log(
        `| ${m.variant} | ${m.rows} | ${m.vectors} | ${m.seconds.toFixed(1)} | ${Math.round(m.rows / m.seconds)} | ${m.cpuSeconds.toFixed(1)} | ${m.maxRssMb.toFixed(0)} | ${m.dbMb.toFixed(0)} | ${m.searchP50.toFixed(1)} / ${m.searchP95.toFixed(1)} |`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
