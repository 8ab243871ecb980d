import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reportFigure } from "@fak/vitest-config/report";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/store.js";
import { verifyStore } from "../src/verify/verify-store.js";

// Issue 18 item 6: `memory verify` said ok after one-bit flips that export or record then met.
// Each test flips one bit in a copy of a real store file (recorded through the store, closed).

const dir = mkdtempSync(join(tmpdir(), "fak-verify-"));
let caught = 0;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  reportFigure("verify on damaged copies", { damagedCopiesCaught: caught });
});
const tag = randomBytes(5).toString("hex");
const trial = (i: number) => `fixgit${tag}trial${i}`;
const session = (i: number) => `run${tag}session${i}`;
let original: Buffer;

beforeAll(async () => {
  const path = join(dir, "store.db");
  const store = await openStore({ url: `file:${path}` });
  for (let i = 0; i < 4; i++) {
    await store.record({
      session: session(i),
      task: `fix-git ${i}`,
      approach: `rebase onto main ${i}`,
      death_reason: `verifier: ${i + 1} tests fail`,
      provenance: "real",
      source: { harness: "harbor", job: `job${tag}`, trial: trial(i) },
    });
  }
  store.close();
  // Everything into the file, as it is once its last writer has closed.
  const raw = createClient({ url: `file:${path}` });
  await raw.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  raw.close();
  original = readFileSync(path);
});

let copies = 0;
/** A copy of the store with bit `bit` of the byte at `at` flipped; its URL. */
function flipped(at: number, bit: number): string {
  const buf = Buffer.from(original);
  buf[at] = (buf[at] ?? 0) ^ (1 << bit);
  const path = join(dir, `copy-${++copies}.db`);
  writeFileSync(path, buf);
  return `file:${path}`;
}

/** Every offset where `text` sits in the store file. */
function offsets(text: string): number[] {
  const needle = Buffer.from(text);
  const out: number[] = [];
  for (let at = original.indexOf(needle); at !== -1; at = original.indexOf(needle, at + 1))
    out.push(at);
  return out;
}

async function notOk(url: string) {
  const report = await verifyStore({ url }).catch((e: unknown) => ({ ok: false, error: e }));
  expect(report.ok).toBe(false);
  caught++;
  return report;
}

describe("memory verify on a damaged copy of a store", () => {
  it("the untouched copy verifies ok", async () => {
    const path = join(dir, "untouched.db");
    writeFileSync(path, original);
    const report = await verifyStore({ url: `file:${path}` });
    expect(report).toMatchObject({ ok: true, integrity: ["ok"], rows: { rows: 4, undigested: 0 } });
  });

  it("a bit flipped in a row's session text (still a letter) shows as a changed row", async () => {
    const i = randomInt(4);
    const [at] = offsets(session(i));
    expect(at).toBeDefined();
    const report = await notOk(flipped((at ?? 0) + 3 + randomInt(6), 0));
    expect(JSON.stringify(report)).toMatch(/digest/);
  });

  it("a bit flipped in a row's created_at shows", async () => {
    const i = randomInt(4);
    const [at] = offsets(session(i));
    // created_at is written after the session in the row: its first digit 2 -> 3.
    const from = (at ?? 0) + session(i).length;
    const year = from + original.toString("latin1", from).search(/\d{4}-\d\d-\d\dT/);
    expect(year).toBeGreaterThan(from);
    await notOk(flipped(year, 0));
  });

  it("a flipped key in the unique source index (an entry lost) fails SQLite's integrity check", async () => {
    const i = randomInt(4);
    const all = offsets(trial(i));
    // The row's copy and the index's copy: the one that is not the row's is the index entry.
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const at of all) {
      const report = await notOk(flipped(at + 2, 5));
      if ("integrity" in report) expect(report.integrity).not.toEqual(["ok"]);
    }
  });

  it("a bit flipped in a record header's serial type fails, whatever column it is", async () => {
    // The record header sits just before the session's bytes: the byte before a text's first
    // serial type is the header length; flip inside the header.
    const [at] = offsets(session(0));
    const headerByte = (at ?? 0) - 1 - randomInt(3);
    let failed = 0;
    for (const bit of [0, 1, 2]) {
      const r = await verifyStore({ url: flipped(headerByte, bit) }).catch(() => ({ ok: false }));
      if (!r.ok) failed++;
    }
    expect(failed).toBeGreaterThan(0);
    caught += failed;
  });

  it("a zero-length file is refused as not a store", async () => {
    const path = join(dir, "zero.db");
    writeFileSync(path, "");
    await expect(verifyStore({ url: `file:${path}` })).rejects.toMatchObject({
      code: "NOT_A_DATABASE",
    });
    caught++;
  });
});
