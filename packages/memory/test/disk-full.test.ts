import { execFileSync } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  openSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { reportFigure } from "@fak/vitest-config/report";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStoreError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { collect, tempDir } from "./support/backends.js";

// A memory on a disk that fills up: the store lives on a 4 MiB tmpfs (CI runs as root, as the
// read-only test in open-errors.test.ts also needs), a filler file takes the rest, and then an
// import and a record must fail with a MemoryStoreError, keep every row written before, leave no
// part of the failed batch, and leave the file sound once space is freed.

const dir = tempDir();
const mnt = join(dir, "mnt");
const db = join(mnt, "memory.db");
const url = `file:${db}`;
const filler = join(mnt, "filler");
const BATCH = 50;
const LINES = 400;
const ROOM = 160 * 1024;
let mounted = false;

beforeAll(() => {
  mkdirSync(mnt);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt]);
  mounted = true;
});
afterAll(() => {
  if (mounted) execFileSync("umount", ["-l", mnt]);
});

/** Write zeros into `path` until the disk refuses; returns the bytes written. */
function fillDisk(path: string): number {
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(4096);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe("ENOSPC");
  } finally {
    closeSync(fd);
  }
  return written;
}

async function rowCount(): Promise<number> {
  const c = createClient({ url });
  try {
    return Number((await c.execute("SELECT COUNT(*) AS n FROM failures")).rows[0]?.n);
  } finally {
    c.close();
  }
}

const line = (i: number) =>
  JSON.stringify({
    session: "disk",
    task: `task ${i}: keep the build green`,
    approach: `approach ${i} ${"pad the working tree with generated fixtures ".repeat(20)}`,
    death_reason: `verifier: case ${i} still fails ${"after regenerating ".repeat(10)}`,
  });

describe("a memory whose disk is full", () => {
  it("fails with a MemoryStoreError, keeps earlier rows, writes no part of a batch, and stays sound", async () => {
    const store = await openStore({ url });
    for (let i = 0; i < 20; i++) {
      await store.record({
        session: "before",
        task: `t${i}`,
        approach: `approach before ${i}`,
        death_reason: "verifier: x",
      });
    }
    const jsonl = join(dir, "rows.jsonl");
    writeFileSync(jsonl, `${Array.from({ length: LINES }, (_, i) => line(i)).join("\n")}\n`);

    // Leave room for a few batches, so the disk fills in the middle of the import.
    const filled = fillDisk(filler);
    expect(filled).toBeGreaterThan(ROOM);
    truncateSync(filler, filled - ROOM);
    let committed = 0;
    const importErr = await collect(
      store.importJsonl(jsonl, { batchSize: BATCH, onProgress: (n) => (committed = n) }),
    ).catch((e: unknown) => e);
    expect(importErr).toBeInstanceOf(MemoryStoreError);
    expect((importErr as MemoryStoreError).code).toBe("FULL");
    expect((importErr as Error).message).toMatch(/full/i);
    expect((importErr as Error).message).toContain(db);
    expect((importErr as Error).message).toContain(`${committed} lines were committed`);

    const recordErr = await store
      .record({
        session: "during",
        task: "t",
        approach: `approach during ${"x".repeat(50_000)}`,
        death_reason: "verifier: x",
      })
      .catch((e: unknown) => e);
    expect(recordErr).toBeInstanceOf(MemoryStoreError);
    expect((recordErr as MemoryStoreError).code).toBe("FULL");
    expect((recordErr as Error).message).toMatch(/full/i);
    store.close();

    // Free the space: the file is sound, the earlier rows and whole batches only are there.
    rmSync(filler);
    const c = createClient({ url });
    const check = await c.execute("PRAGMA integrity_check");
    expect(check.rows.map((r) => String(r[0]))).toEqual(["ok"]);
    await c.execute("INSERT INTO failures_fts(failures_fts) VALUES('integrity-check')");
    const sessions = await c.execute(
      "SELECT session, COUNT(*) AS n FROM failures GROUP BY session",
    );
    c.close();
    const bySession = Object.fromEntries(sessions.rows.map((r) => [r.session, Number(r.n)]));
    expect(bySession.before).toBe(20);
    expect(bySession.during).toBeUndefined();
    expect(bySession.disk ?? 0).toBe(committed);
    expect(committed % BATCH).toBe(0);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(LINES);

    // With room again the import finishes, adding only what was missing.
    const again = await openStore({ url });
    const results = await collect(again.importJsonl(jsonl, { batchSize: BATCH }));
    again.close();
    expect(results).toHaveLength(LINES);
    expect(new Set(results.map((r) => r.id)).size).toBe(LINES);
    expect(await rowCount()).toBe(20 + LINES);
    reportFigure("disk-full", {
      bytesFilled: filled,
      linesCommittedBeforeFull: committed,
      rowsVerified: 20 + LINES,
      integrityCheck: "ok",
    });
  });
});
