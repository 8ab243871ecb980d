import { createHash } from "node:crypto";
import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { MemoryStoreError } from "../src/errors.js";
import { latestMigration } from "../src/schema/index.js";
import { openStore } from "../src/store.js";
import { tempDir } from "./support/backends.js";
import { spawnWorker, spawnWorkerAs } from "./support/children.js";
import { startSqld } from "./support/sqld.js";

const dir = tempDir();
let n = 0;
const fresh = () => join(dir, `m${++n}.db`);
const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

async function storeError(p: Promise<unknown>): Promise<MemoryStoreError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MemoryStoreError);
  return err as MemoryStoreError;
}

/** A memory with a few rows, checkpointed so the main file holds everything. */
async function seeded(): Promise<string> {
  const path = fresh();
  const store = await openStore({ url: `file:${path}` });
  for (let i = 0; i < 30; i++) {
    await store.record({
      session: "s",
      task: `t${i}`,
      approach: `approach ${i} `.repeat(10),
      death_reason: "verifier: x",
    });
  }
  store.close();
  const c = createClient({ url: `file:${path}` });
  await c.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  c.close();
  return path;
}

describe("opening something that is not a usable memory is a clear error, and changes nothing", () => {
  it("an unreachable server", async () => {
    const server = await startSqld();
    const url = server.url;
    await server.remove();
    const err = await storeError(openStore({ url }));
    expect(err.code).toBe("UNREACHABLE");
    expect(err.message).toContain(url);
  });

  it("a SQLite file with other tables and no fak migrations", async () => {
    const path = fresh();
    const c = createClient({ url: `file:${path}` });
    await c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)");
    await c.execute("INSERT INTO users (name) VALUES ('ada')");
    c.close();
    const before = digest(path);
    const err = await storeError(openStore({ url: `file:${path}` }));
    expect(err.code).toBe("NOT_OURS");
    expect(err.message).toContain("users");
    expect(digest(path)).toBe(before);
  });

  it("a file that is not a database at all", async () => {
    const path = fresh();
    writeFileSync(path, "this is a text file, not a database\n".repeat(200));
    const before = digest(path);
    const err = await storeError(openStore({ url: `file:${path}` }));
    expect(err.code).toBe("NOT_A_DATABASE");
    expect(digest(path)).toBe(before);
  });

  it("a memory migrated by a newer @fak/memory", async () => {
    const path = await seeded();
    const c = createClient({ url: `file:${path}` });
    await c.execute({
      sql: "INSERT INTO __fak_migrations (hash, created_at) VALUES ('future', ?)",
      args: [latestMigration("core") + 86_400_000],
    });
    await c.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    c.close();
    const before = digest(path);
    const err = await storeError(openStore({ url: `file:${path}` }));
    expect(err.code).toBe("NEWER_SCHEMA");
    expect(digest(path)).toBe(before);
  });

  it("a corrupt file", async () => {
    const path = await seeded();
    const bytes = readFileSync(path);
    bytes.fill(0x41, 4096, 4096 + 512); // page 2: a b-tree page of the schema
    writeFileSync(path, bytes);
    const before = digest(path);
    const err = await storeError(
      openStore({ url: `file:${path}` }).then((s) =>
        s.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x" }),
      ),
    );
    expect(err.code).toBe("CORRUPT");
    expect(digest(path)).toBe(before);
  });

  it("a file locked by another process: LOCKED after the busy timeout, nothing written", async () => {
    const path = await seeded();
    const url = `file:${path}`;
    const holder = spawnWorker(["hold-lock", url]);
    try {
      await holder.next((m) => "held" in m);
      const writer = spawnWorker(["try-record", url]);
      const { error } = await writer.next<{
        error?: { kind: string; code: string; message: string };
      }>((m) => "error" in m || "ok" in m);
      expect(error).toMatchObject({ kind: "store", code: "LOCKED" });
      expect(error?.message).toContain("nothing was written");
    } finally {
      holder.child.kill("SIGKILL");
      await holder.exited;
    }
    const store = await openStore({ url });
    let rows = 0;
    for await (const _ of store.exportRows()) rows++;
    store.close();
    expect(rows).toBe(30);
  });

  it("a read-only file (opened by a user who may not write it)", async () => {
    const home = join(dir, "ro");
    mkdirSync(home);
    chmodSync(dir, 0o755);
    chmodSync(home, 0o755);
    const path = join(home, "memory.db");
    const store = await openStore({ url: `file:${path}` });
    await store.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x" });
    store.close();
    const c = createClient({ url: `file:${path}` });
    await c.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    c.close();
    chmodSync(path, 0o444);
    chownSync(path, 0, 0);
    const before = digest(path);
    const writer = await spawnWorkerAs(["try-record", `file:${path}`], { uid: 65534, gid: 65534 });
    const { error } = await writer.next<{ error?: { kind: string; code: string } }>(
      (m) => "error" in m || "ok" in m,
    );
    expect(error).toMatchObject({ kind: "store", code: "READ_ONLY" });
    expect(digest(path)).toBe(before);
  });
});
