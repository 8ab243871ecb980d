import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reportFigure } from "@fak/vitest-config/report";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store.js";
import { verifyStore } from "../src/verify/verify-store.js";

// Issue 18 item 2: a -wal of another database beside a store (a backup restored over a folder
// that still holds the old -wal) was applied and checkpointed into it by a read, destroying it.

const dirs: string[] = [];
let refusedByteIdentical = 0;
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  reportFigure("foreign -wal", { walsRefusedStoreByteIdentical: refusedByteIdentical });
});
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), "fak-wal-"));
  dirs.push(d);
  return d;
};
const word = () => randomBytes(6).toString("hex");

async function storeWith(path: string, tag: string, n: number): Promise<void> {
  const store = await openStore({ url: `file:${path}` });
  for (let i = 0; i < n; i++) {
    await store.record({
      session: `s-${tag}-${i}`,
      task: `task ${tag} ${i}`,
      approach: `approach ${tag} ${i}`,
      death_reason: `verifier: ${i + 1} tests fail ${tag}`,
    });
  }
  store.close();
  // Everything into the file, as a store is once its last writer has closed.
  const raw = createClient({ url: `file:${path}` });
  await raw.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  raw.close();
}

/**
 * The -wal a writer leaves when it dies before closing: `write` runs on a connection that never
 * checkpoints, and the -wal is copied while it is still open.
 */
async function walOf(
  path: string,
  write: (sql: (s: string) => Promise<unknown>) => Promise<void>,
  pageSize?: number,
) {
  const client = createClient({ url: `file:${path}` });
  if (pageSize) await client.execute(`PRAGMA page_size = ${pageSize}`);
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA wal_autocheckpoint = 0");
  await write((s) => client.execute(s));
  const copy = `${path}.wal-copy`;
  copyFileSync(`${path}-wal`, copy);
  client.close();
  return copy;
}

/**
 * A store file restored into a folder of its own (no connection of this process has it open),
 * and beside it the -wal at `wal`.
 */
async function besideStore(wal: string) {
  const made = join(folder(), "memory.db");
  const tag = word();
  await storeWith(made, tag, 3);
  const path = join(folder(), "memory.db");
  copyFileSync(made, path);
  copyFileSync(wal, `${path}-wal`);
  return { path, url: `file:${path}`, bytes: readFileSync(path), tag };
}

async function refused(p: Promise<unknown>, wal: string) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toMatchObject({ name: "MemoryStoreError", code: "FOREIGN_WAL" });
  expect((err as Error).message).toContain(wal);
}

describe("a -wal that is not the store's own", () => {
  it("another fak store's -wal (rewritten whole by VACUUM) is refused; the store stays byte-identical", async () => {
    const other = join(folder(), "memory.db");
    await storeWith(other, word(), 2);
    const wal = await walOf(other, async (sql) => {
      await sql("VACUUM");
    });
    const s = await besideStore(wal);
    for (const open of [
      () => openStore({ url: s.url, readOnly: true }),
      () => verifyStore({ url: s.url }),
      // A write open runs the same check before SQLite sees the file.
      () => openStore({ url: s.url }),
    ]) {
      await refused(open(), `${s.path}-wal`);
      expect(readFileSync(s.path).equals(s.bytes)).toBe(true);
      expect(existsSync(`${s.path}-wal`)).toBe(true);
      refusedByteIdentical++;
    }
  });

  it("an unrelated database's -wal is refused; the store stays byte-identical", async () => {
    const notes = join(folder(), "notes.db");
    const wal = await walOf(notes, async (sql) => {
      await sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
      for (let i = 0; i < 20; i++) await sql(`INSERT INTO notes (body) VALUES ('${word()}')`);
    });
    const s = await besideStore(wal);
    const walBytes = readFileSync(`${s.path}-wal`);
    for (const readOnly of [true, false]) {
      await refused(openStore({ url: s.url, readOnly }), `${s.path}-wal`);
      expect(readFileSync(s.path).equals(s.bytes)).toBe(true);
      expect(readFileSync(`${s.path}-wal`).equals(walBytes)).toBe(true);
      refusedByteIdentical++;
    }
  });

  it("a -wal whose page size is not the database's is refused", async () => {
    const other = join(folder(), "big.db");
    const wal = await walOf(
      other,
      async (sql) => {
        await sql("CREATE TABLE t (x)");
        await sql("INSERT INTO t VALUES (1)");
      },
      8192,
    );
    const s = await besideStore(wal);
    await refused(openStore({ url: s.url, readOnly: true }), "pages are 8192 bytes");
    expect(readFileSync(s.path).equals(s.bytes)).toBe(true);
    refusedByteIdentical++;
  });

  it("the store's own -wal (a writer killed before it closed) is read, and the file left as it was", async () => {
    const dir = folder();
    const path = join(dir, "memory.db");
    const tag = word();
    await storeWith(path, tag, 2);
    const before = readFileSync(path);
    const late = word();
    const wal = await walOf(path, async (sql) => {
      await sql(
        `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
         VALUES ('s', 'task ${late}', 'approach ${late}', 'verifier: late', 'verifier', 'none', '2026-12-06T00:00:00.000Z', '${late}')`,
      );
    });
    // The writer's close checkpointed; put the file back as it was when the writer died.
    writeFileSync(path, before);
    copyFileSync(wal, `${path}-wal`);
    const store = await openStore({ url: `file:${path}`, readOnly: true });
    const tasks: string[] = [];
    for await (const r of store.exportRows()) tasks.push(r.task);
    store.close();
    expect(tasks).toEqual([`task ${tag} 0`, `task ${tag} 1`, `task ${late}`]);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("the store's own -wal is taken by a write open too: its rows kept, the new one added", async () => {
    const path = join(folder(), "memory.db");
    const tag = word();
    await storeWith(path, tag, 2);
    const before = readFileSync(path);
    const late = word();
    const wal = await walOf(path, async (sql) => {
      await sql(
        `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
         VALUES ('s', 'task ${late}', 'approach ${late}', 'verifier: late', 'verifier', 'none', '2026-12-06T00:00:00.000Z', '${late}')`,
      );
    });
    writeFileSync(path, before);
    copyFileSync(wal, `${path}-wal`);
    const store = await openStore({ url: `file:${path}` });
    await store.record({
      session: "s",
      task: `task ${tag} new`,
      approach: "a",
      death_reason: "verifier: new",
    });
    const tasks: string[] = [];
    for await (const r of store.exportRows()) tasks.push(r.task);
    store.close();
    expect(tasks).toEqual([`task ${tag} 0`, `task ${tag} 1`, `task ${late}`, `task ${tag} new`]);
  });

  it("a read-only open refuses a missing or an empty file instead of creating a store", async () => {
    const dir = folder();
    await expect(
      openStore({ url: `file:${join(dir, "none.db")}`, readOnly: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(existsSync(join(dir, "none.db"))).toBe(false);
    writeFileSync(join(dir, "empty.db"), "");
    await expect(
      openStore({ url: `file:${join(dir, "empty.db")}`, readOnly: true }),
    ).rejects.toMatchObject({ code: "NOT_A_DATABASE" });
  });
});
