import { copyFileSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";

// A raw client, outside fak, to damage a memory the way someone with write access could; the
// driver is @fak/memory's own dependency.
interface RawClient {
  execute(sql: string): Promise<unknown>;
  close(): void;
}

async function rawClient(url: string): Promise<RawClient> {
  const fromMemory = createRequire(
    new URL("../../../../packages/memory/package.json", import.meta.url),
  );
  const driver = pathToFileURL(fromMemory.resolve("@libsql/client")).href;
  const mod = (await import(driver)) as { createClient(c: { url: string }): RawClient };
  return mod.createClient({ url });
}

let dir = "";
let db = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-verify-cli-"));
  db = `file:${join(dir, "m.db")}`;
});

const row = [
  "--session",
  "s1",
  "--task",
  "deploy the webhook relay",
  "--approach",
  "throttle the fan-out with a token bucket",
  "--death-reason",
  "verifier: deliveries time out",
];

describe("fak memory and text that is not UTF-8", { timeout: 60_000 }, () => {
  it("refuses an import line holding a lone surrogate with exit 2, naming line and field", async () => {
    const file = join(dir, "rows.jsonl");
    await writeFile(
      file,
      '{"session":"s","task":"ok","approach":"a","death_reason":"verifier: x"}\n{"session":"s","task":"t\\ud800","approach":"a","death_reason":"verifier: x"}\n',
    );
    const r = await runFak(["memory", "import", file, "--db", db]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${file}:2: task:`);
    expect(r.stderr).toContain("not valid UTF-8");
    const exported = await runFak(["memory", "export", "--db", db]);
    expect(exported.status).toBe(0);
    expect(jsonl(exported.stdout)).toEqual([]);
  });

  it("export, search and prior-art survive a row of invalid UTF-8 an older version stored", async () => {
    expect((await runFak(["memory", "record", ...row, "--db", db])).status).toBe(0);
    const c = await rawClient(db);
    await c.execute(`INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
      VALUES ('old', CAST(X'776562686F6F6B20EDA080' AS TEXT), 'throttle the webhook fan-out', 'verifier: time out', 'verifier', 'none', '2026-01-01T00:00:00.000Z', 'k')`);
    c.close();
    const exported = await runFak(["memory", "export", "--db", db]);
    expect(exported.status).toBe(0);
    expect(jsonl(exported.stdout)).toHaveLength(2);
    expect(exported.stderr).toContain("failure:2 holds invalid UTF-8 in task");
    const search = await runFak([
      "memory",
      "search",
      "throttle webhook fan-out",
      "--db",
      db,
      "--json",
    ]);
    expect(search.status).toBe(0);
    expect(JSON.parse(search.stdout).length).toBeGreaterThan(0);
    const art = await runFak(["memory", "prior-art", "throttle the webhook fan-out", "--db", db]);
    expect(art.status).toBe(0);
    expect(art.stdout).toContain("failure:");
  });
});

describe("fak memory verify", { timeout: 60_000 }, () => {
  it("says ok on an untouched memory, and rebuilds an emptied full-text index (exit 0)", async () => {
    expect((await runFak(["memory", "record", ...row, "--db", db])).status).toBe(0);
    const clean = await runFak(["memory", "verify", "--db", db, "--json"]);
    expect(clean.status).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ ok: true, fts: "ok", schema: [] });
    const c = await rawClient(db);
    await c.execute("INSERT INTO failures_fts (failures_fts) VALUES ('delete-all')");
    c.close();
    const fixed = await runFak(["memory", "verify", "--db", db]);
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toContain("full-text index rebuilt from the rows");
    const search = await runFak(["memory", "search", "token bucket fan-out", "--db", db, "--json"]);
    expect(JSON.parse(search.stdout).map((h: { id: number }) => h.id)).toEqual([1]);
  });

  it("reports a disabled append-only trigger (exit 1), and other commands refuse the memory", async () => {
    expect((await runFak(["memory", "record", ...row, "--db", db])).status).toBe(0);
    const c = await rawClient(db);
    await c.execute("DROP TRIGGER failures_no_delete");
    await c.execute(
      "CREATE TRIGGER failures_no_delete BEFORE DELETE ON failures WHEN 0 BEGIN SELECT RAISE(ABORT, 'fak: failures are append-only'); END",
    );
    c.close();
    const r = await runFak(["memory", "verify", "--db", db, "--json"]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(false);
    expect(report.schema.join("\n")).toContain("failures_no_delete differs");
    const record = await runFak(["memory", "record", ...row, "--db", db]);
    expect(record.status).toBe(1);
    expect(record.stderr).toContain("not what fak's migrations created");
  });

  it("read commands refuse another database's -wal beside the store: exit 2, the file named, the store byte-identical", async () => {
    // Issue 18 item 2: a backup restored over a folder that still holds an old -wal.
    expect((await runFak(["memory", "record", ...row, "--db", db])).status).toBe(0);
    const other = join(dir, "other.db");
    const c = await rawClient(`file:${other}`);
    await c.execute("PRAGMA journal_mode = WAL");
    await c.execute("PRAGMA wal_autocheckpoint = 0");
    await c.execute("CREATE TABLE notes (body TEXT)");
    await c.execute("INSERT INTO notes VALUES ('not a failure')");
    copyFileSync(`${other}-wal`, join(dir, "m.db-wal"));
    c.close();
    const before = readFileSync(join(dir, "m.db"));
    for (const args of [
      ["memory", "verify", "--db", db],
      ["memory", "export", "--db", db],
      ["memory", "search", "token bucket", "--db", db],
    ]) {
      const r = await runFak(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`${join(dir, "m.db-wal")} does not belong to the database`);
      expect(readFileSync(join(dir, "m.db")).equals(before)).toBe(true);
    }
  });

  it("write commands refuse another database's -wal beside the store too: exit 2, the file named, nothing written", async () => {
    // Issue 18 item 2: record, import, ingest --record and watch --record open the store for
    // writing; the same check as the read commands' runs first.
    expect((await runFak(["memory", "record", ...row, "--db", db])).status).toBe(0);
    const other = join(dir, "other.db");
    const c = await rawClient(`file:${other}`);
    await c.execute("PRAGMA journal_mode = WAL");
    await c.execute("PRAGMA wal_autocheckpoint = 0");
    await c.execute("CREATE TABLE notes (body TEXT)");
    await c.execute("INSERT INTO notes VALUES ('not a failure')");
    const wal = join(dir, "m.db-wal");
    copyFileSync(`${other}-wal`, wal);
    c.close();
    const before = readFileSync(join(dir, "m.db"));
    const walBefore = readFileSync(wal);
    const rows = join(dir, "rows.jsonl");
    await writeFile(
      rows,
      `${JSON.stringify({ session: "s2", task: "t", approach: "a", death_reason: "verifier: x" })}\n`,
    );
    const job = new URL("../../../replay/examples/harbor-job", import.meta.url).pathname;
    for (const args of [
      ["memory", "record", ...row, "--db", db],
      ["memory", "import", rows, "--db", db],
      ["ingest", "harbor", job, "--record", "--db", db, "--json"],
      ["watch", job, "--json", "--record", db],
    ]) {
      const r = await runFak(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain(`${wal} does not belong to the database`);
      expect(readFileSync(join(dir, "m.db")).equals(before), args.join(" ")).toBe(true);
      expect(readFileSync(wal).equals(walBefore), args.join(" ")).toBe(true);
    }
  });
});
