// A small worker run by tests in its own process (tsx): writers, importers, lock holders.
// It answers over IPC so the parent can count every row it claims to have written.
import { createClient } from "@libsql/client";
import { MemoryInputError, MemoryStoreError } from "../../src/errors.js";
import { openStore } from "../../src/store.js";

const [mode, url, ...rest] = process.argv.slice(2);
const send = (msg: unknown) => new Promise<void>((resolve) => process.send?.(msg, () => resolve()));

async function record(
  writer: string,
  count: number,
  shared: number,
  search: boolean,
  seconds: number,
) {
  const store = await openStore({ url: url! });
  const rows: { id: number; occurrence_of: number | null; key: string }[] = [];
  const until = Date.now() + seconds * 1000;
  for (let i = 0; i < count || Date.now() < until; i++) {
    // Every writer writes the same `shared` substances, so occurrence detection is contended.
    const group = writer.split(":")[0];
    const key = i % 2 === 0 ? `shared ${group} ${i % shared}` : `own ${writer} ${i}`;
    const r = await store.record({
      session: writer,
      task: `task ${key}`,
      approach: `approach ${key}`,
      death_reason: "verifier: tests fail",
    });
    rows.push({ id: r.id, occurrence_of: r.occurrence_of, key });
    if (search) await store.search(`approach ${key}`, { limit: 3 });
  }
  store.close();
  await send({ rows });
}

async function importFile(path: string, batchSize: number) {
  await send({ started: true });
  const store = await openStore({ url: url! });
  let lines = 0;
  for await (const _ of store.importJsonl(path, {
    batchSize,
    onProgress: (n) => process.send?.({ progress: n }),
  }))
    lines++;
  store.close();
  await send({ lines });
}

async function holdLock() {
  const client = createClient({ url: url! });
  // A transaction keeps its connection (and so the write lock) until it ends: it never does.
  const tx = await client.transaction("write");
  await tx.execute("CREATE TABLE IF NOT EXISTS lock_probe (x)");
  await send({ held: true });
  setInterval(() => {}, 1000); // hold until killed
}

async function tryRecord() {
  try {
    const store = await openStore({ url: url!, busyTimeoutMs: 100 });
    await store.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x" });
    store.close();
    await send({ ok: true });
  } catch (err) {
    const e = err as Error & { code?: string };
    const kind =
      err instanceof MemoryStoreError
        ? "store"
        : err instanceof MemoryInputError
          ? "input"
          : "other";
    await send({ error: { kind, code: e.code, message: e.message } });
  }
}

const work: Record<string, () => Promise<void>> = {
  record: () =>
    record(rest[0]!, Number(rest[1]), Number(rest[2]), rest[3] === "search", Number(rest[4] ?? 0)),
  import: () => importFile(rest[0]!, Number(rest[1])),
  "hold-lock": holdLock,
  "try-record": tryRecord,
};
await work[mode!]!();
if (mode !== "hold-lock") process.exit(0);
