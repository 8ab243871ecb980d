import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { openStore } from "../src/store.js";
import { backends, tag, tempDir } from "./support/backends.js";

const dir = tempDir();
const names = async (url: string) => {
  const c = createClient({ url });
  const r = await c.execute("SELECT name FROM sqlite_master");
  c.close();
  return r.rows.map((row) => String(row.name));
};

describe("FTS5 and the LIKE fallback", () => {
  it("fts: false leaves the FTS migration unapplied and searches with LIKE", async () => {
    const url = `file:${join(dir, "nofts.db")}`;
    const store = await openStore({ url, fts: false });
    expect(store.fts).toBe(false);
    const r = await store.record({
      session: "s",
      task: "fix-git",
      approach: "rebase onto main",
      death_reason: "verifier: merge conflict in index",
    });
    expect(await names(url)).not.toContain("failures_fts");
    expect(await names(url)).not.toContain("__fak_fts_migrations");
    const hits = await store.search("merge conflict");
    expect(hits.map((h) => h.id)).toContain(r.id);
    store.close();
  });

  it("a memory first written without FTS5 is indexed (rebuilt) when opened where FTS5 exists", async () => {
    const url = `file:${join(dir, "later.db")}`;
    const before = await openStore({ url, fts: false });
    const r = await before.record({
      session: "s",
      task: "t",
      approach: "vendor the wheel",
      death_reason: "verifier: checksum mismatch",
    });
    before.close();
    const after = await openStore({ url });
    expect(after.fts).toBe(true);
    const c = createClient({ url });
    const match = await c.execute(
      "SELECT rowid FROM failures_fts WHERE failures_fts MATCH 'checksum'",
    );
    expect(match.rows.map((row) => Number(row.rowid))).toEqual([r.id]);
    await c.execute("INSERT INTO failures_fts(failures_fts) VALUES('integrity-check')");
    c.close();
    expect((await after.search("checksum mismatch")).map((h) => h.id)).toContain(r.id);
    after.close();
  });

  it("fts: false on a memory that has the index still keeps the index whole", async () => {
    const url = `file:${join(dir, "both.db")}`;
    (await openStore({ url })).close();
    const store = await openStore({ url, fts: false });
    await store.record({
      session: "s",
      task: "t",
      approach: "a",
      death_reason: "budget: out of turns",
    });
    store.close();
    const c = createClient({ url });
    await c.execute("INSERT INTO failures_fts(failures_fts) VALUES('integrity-check')");
    expect(
      (await c.execute("SELECT count(*) AS n FROM failures_fts WHERE failures_fts MATCH 'turns'"))
        .rows[0]?.n,
    ).toBe(1);
    c.close();
  });
});

describe.each(backends())("search and prior art through the store on $name", (backend) => {
  it("finds a recorded row by its words and cites it in prior art", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const r = await store.record({
      session: t,
      task: `compile ${t} kernel module`,
      approach: `patch ${t} Makefile flags`,
      death_reason: `verifier: ${t} linker cannot find symbol`,
    });
    const hits = await store.search(`${t} linker symbol`);
    expect(hits[0]?.id).toBe(r.id);
    expect(hits[0]?.deaths).toBe(1);
    const art = await store.priorArt(`compile the ${t} kernel module`, { maxTokens: 400 });
    expect(art.ids).toContain(r.id);
    expect(art.text).toContain(`failure:${r.id}`);
    store.close();
  });
});
