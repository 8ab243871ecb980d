import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryStoreError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { verifyStore } from "../src/verify/verify-store.js";
import { freshBackends } from "./support/fresh.js";

const row = (n: number) => ({
  session: "s",
  task: `deploy the webhook relay ${n}`,
  approach: `throttle the fan-out with a token bucket ${n}`,
  death_reason: "verifier: 3 delivery tests time out",
});

async function refusal(url: string): Promise<MemoryStoreError> {
  const err = await openStore({ url }).then(
    (s) => {
      s.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(err, "the tampered memory should be refused").toBeInstanceOf(MemoryStoreError);
  expect((err as MemoryStoreError).code).toBe("TAMPERED");
  return err as MemoryStoreError;
}

async function seeded(url: string): Promise<number> {
  const store = await openStore({ url });
  const r = await store.record(row(1));
  await store.record(row(2));
  store.close();
  return r.id;
}

async function triggerSql(
  url: string,
  raw: (u: string) => import("@libsql/client").Client,
  name: string,
) {
  const c = raw(url);
  const r = await c.execute({ sql: "SELECT sql FROM sqlite_master WHERE name = ?", args: [name] });
  c.close();
  return String(r.rows[0]?.sql);
}

describe.each(freshBackends())(
  "tampering with the schema on $name",
  { timeout: 60_000 },
  (backend) => {
    let detected = 0;
    afterAll(() => reportFigure(`tamper (${backend.name})`, { tamperingsDetected: detected }));
    it("a trigger dropped, a row rewritten and the trigger re-created: verify names the row", async () => {
      const url = await backend.fresh();
      const id = await seeded(url);
      const original = await triggerSql(url, backend.raw, "failures_no_update");
      const c = backend.raw(url);
      await c.execute("DROP TRIGGER failures_no_update");
      await c.execute({
        sql: "UPDATE failures SET approach = 'retry with a longer timeout' WHERE id = ?",
        args: [id],
      });
      await c.execute(original);
      c.close();
      // The schema is back as it was, so opening cannot tell; verify reads the rows.
      (await openStore({ url })).close();
      const report = await verifyStore({ url });
      expect(report.ok).toBe(false);
      expect(report.schema).toEqual([]);
      expect(report.rows.rewritten).toEqual([String(id)]);
      expect(report.fts).toBe("mismatch");
      detected++;
    });

    it("a row deleted past a dropped trigger: verify keeps the index as evidence", async () => {
      const url = await backend.fresh();
      const id = await seeded(url);
      const original = await triggerSql(url, backend.raw, "failures_no_delete");
      const c = backend.raw(url);
      await c.execute("DROP TRIGGER failures_no_delete");
      await c.execute({ sql: "DELETE FROM failures WHERE id = ?", args: [id] });
      await c.execute(original);
      c.close();
      const report = await verifyStore({ url });
      expect(report).toMatchObject({ ok: false, fts: "mismatch", fts_coverage: { orphaned: 1 } });
      expect(report.problems.join("\n")).toContain("deleted");
      detected++;
    });

    it("same-named triggers that never fire (WHEN 0) are refused on open", async () => {
      const url = await backend.fresh();
      await seeded(url);
      const c = backend.raw(url);
      for (const [name, event] of [
        ["failures_no_update", "UPDATE"],
        ["failures_no_delete", "DELETE"],
      ]) {
        await c.execute(`DROP TRIGGER ${name}`);
        await c.execute(
          `CREATE TRIGGER ${name} BEFORE ${event} ON failures WHEN 0 BEGIN SELECT RAISE(ABORT, 'fak: failures are append-only'); END`,
        );
      }
      c.close();
      const err = await refusal(url);
      expect(err.message).toContain("failures_no_update differs");
      const report = await verifyStore({ url });
      expect(report.ok).toBe(false);
      expect(report.schema.join("\n")).toContain("failures_no_delete differs");
      detected++;
    });

    it("the table renamed and re-created (its triggers follow the old one) is refused", async () => {
      const url = await backend.fresh();
      await seeded(url);
      const table = await triggerSql(url, backend.raw, "failures");
      const c = backend.raw(url);
      await c.execute("ALTER TABLE failures RENAME TO failures_kept");
      await c.execute(table);
      c.close();
      const err = await refusal(url);
      expect(err.message).toMatch(/failures_kept was not created by fak's migrations|differs/);
      expect((await verifyStore({ url })).schema.length).toBeGreaterThan(0);
      detected++;
    });

    it("an emptied full-text index ('delete-all') is noticed, searched around, and rebuilt by verify", async () => {
      const url = await backend.fresh();
      const id = await seeded(url);
      const c = backend.raw(url);
      await c.execute("INSERT INTO failures_fts (failures_fts) VALUES ('delete-all')");
      c.close();
      const warnings: string[] = [];
      const store = await openStore({ url, onWarning: (m) => warnings.push(m) });
      expect(store.fts).toBe(false);
      expect(warnings.join("\n")).toContain("full-text index");
      expect((await store.search("token bucket fan-out throttle")).map((h) => h.id)).toContain(id);
      store.close();
      const report = await verifyStore({ url });
      expect(report).toMatchObject({ ok: true, fts: "rebuilt", fts_coverage: { unindexed: 2 } });
      const again = await openStore({ url, onWarning: (m) => warnings.push(m) });
      expect(again.fts).toBe(true);
      expect((await again.search("token bucket fan-out throttle")).map((h) => h.id)).toContain(id);
      again.close();
      expect((await verifyStore({ url })).fts).toBe("ok");
      detected++;
    });

    it("an empty database (no file, or no fak migrations) is refused, not called a healthy memory", async () => {
      // Issue 18: a zero-length file verified as a healthy empty store.
      const url = await backend.fresh();
      await expect(verifyStore({ url })).rejects.toMatchObject({
        name: "MemoryStoreError",
        code: "NOT_FOUND",
      });
    });

    it("an untouched memory verifies clean", async () => {
      const url = await backend.fresh();
      await seeded(url);
      const report = await verifyStore({ url });
      expect(report).toMatchObject({ ok: true, schema: [], fts: "ok", problems: [] });
      expect(report.rows.rows).toBe(2);
    });
  },
);

describe("tampering through PRAGMA writable_schema (a file store)", { timeout: 60_000 }, () => {
  const [file] = freshBackends();
  it("an edited trigger SQL is refused on open", async () => {
    const url = await file!.fresh();
    await seeded(url);
    const c = file!.raw(url);
    await c.execute("PRAGMA writable_schema = ON");
    await c.execute(
      "UPDATE sqlite_master SET sql = replace(sql, 'BEGIN', 'WHEN 0 BEGIN') WHERE name = 'failures_no_delete'",
    );
    await c.execute("PRAGMA writable_schema = OFF");
    c.close();
    const check = file!.raw(url);
    const sql = await check.execute(
      "SELECT sql FROM sqlite_master WHERE name = 'failures_no_delete'",
    );
    check.close();
    expect(String(sql.rows[0]?.sql)).toContain("WHEN 0");
    await refusal(url);
    reportFigure("tamper (writable_schema, file)", { tamperingsDetected: 1 });
  });
});
