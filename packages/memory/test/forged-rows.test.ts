import { reportFigure } from "@fak/vitest-config/report";
import type { Client } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { openStore } from "../src/store.js";
import { verifyStore } from "../src/verify/verify-store.js";
import { collect } from "./support/backends.js";
import { freshBackends } from "./support/fresh.js";

// Rows fak itself can no longer write, planted with raw SQL the way an older version or a
// forger could have stored them; every read must still work.
const COLUMNS =
  "id, session, task, approach, death_reason, layer, conviction, created_at, substance_key, occurrence_of, supersedes";
const BEYOND = "9007199254740993"; // 2^53 + 1

function values(id: string, text: string, supersedes = "NULL"): string {
  return `(${id}, 'forged', ${text}, 'throttle the webhook fan-out with a token bucket', 'verifier: deliveries time out', 'verifier', 'none', '2026-01-01T00:00:00.000Z', 'k${id}', NULL, ${supersedes})`;
}

/** Plant rows past the row-reference trigger (dropped for the insert, then put back as it was). */
async function plant(c: Client, rows: string[]): Promise<void> {
  const trigger = await c.execute(
    "SELECT sql FROM sqlite_master WHERE name = 'failures_refs_earlier'",
  );
  await c.execute("DROP TRIGGER failures_refs_earlier");
  await c.execute(`INSERT INTO failures (${COLUMNS}) VALUES ${rows.join(", ")}`);
  await c.execute(String(trigger.rows[0]?.sql));
}

describe.each(freshBackends())(
  "a memory holding rows fak would refuse today, on $name",
  (backend) => {
    it("still exports, searches, gives prior art and history, with warnings, and verify names each row", {
      timeout: 60_000,
    }, async () => {
      const url = await backend.fresh();
      const store0 = await openStore({ url });
      const good = await store0.record({
        session: "s",
        task: "deploy the webhook relay",
        approach: "throttle the fan-out with a leaky bucket",
        death_reason: "verifier: deliveries time out",
      });
      store0.close();
      const c = backend.raw(url);
      await plant(c, [
        values("100", "CAST(X'6465706C6F7920EDA080' AS TEXT)"), // "deploy " + a lone surrogate's bytes
        values("101", "'webhook relay cycle a'", "102"), // 101 and 102 supersede each other
        values("102", "'webhook relay cycle b'", "101"),
        values("103", "'webhook relay itself'", "103"), // supersedes itself
        values(BEYOND, "'webhook relay far away'"),
      ]);
      c.close();

      const warnings: string[] = [];
      const store = await openStore({ url, onWarning: (m) => warnings.push(m) });
      const exported = await collect(store.exportRows());
      expect(exported.map((r) => r.id)).toEqual([good.id, 100, 101, 102, 103]);
      expect(exported[1]?.task).toBe("deploy \ufffd\ufffd\ufffd");
      const hits = await store.search("throttle webhook fan-out token bucket", { limit: 10 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => Number.isSafeInteger(h.id))).toBe(true);
      const art = await store.priorArt("throttle the webhook fan-out");
      expect(art.ids.length).toBeGreaterThan(0);
      const loop = await store.history(101);
      expect(loop.chain.map((r) => r.id).sort()).toEqual([101, 102]);
      const self = await store.history(103);
      expect(self.chain.map((r) => r.id)).toEqual([103]);
      expect((await store.history(100)).row.task).toContain("\ufffd");
      store.close();
      const said = warnings.join("\n");
      expect(said).toContain("failure:100 holds invalid UTF-8 in task");
      expect(said).toContain(`${BEYOND} is beyond 2^53`);
      expect(said).toMatch(/loops back/);

      const report = await verifyStore({ url });
      expect(report.ok).toBe(false);
      expect(report.rows.invalid_utf8).toEqual(["100"]);
      expect(report.rows.ids_out_of_range).toEqual([BEYOND]);
      expect(report.rows.bad_references).toEqual(["101", "103"]);
      reportFigure(`forged rows read around (${backend.name})`, { forgedRows: 5 });
    });
  },
);

describe.each(freshBackends())(
  "the database refuses forged references and ids on $name",
  (backend) => {
    it("refuses a supersession cycle in one INSERT, a row superseding itself, and ids past 2^53", async () => {
      const url = await backend.fresh();
      const store = await openStore({ url });
      const first = await store.record({
        session: "s",
        task: "t",
        approach: "a",
        death_reason: "verifier: x",
      });
      const c = backend.raw(url);
      const refused = async (sql: string) => {
        const err = await c.execute(sql).then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        expect(err?.message, sql).toContain(
          "fak: a row may supersede or repeat only an earlier row",
        );
      };
      await refused(
        `INSERT INTO failures (${COLUMNS}) VALUES ${values("50", "'a'", "51")}, ${values("51", "'b'", "50")}`,
      );
      await refused(`INSERT INTO failures (${COLUMNS}) VALUES ${values("52", "'c'", "52")}`);
      await refused(`INSERT INTO failures (${COLUMNS}) VALUES ${values(BEYOND, "'d'")}`);
      await refused(
        `INSERT INTO failures (${COLUMNS}) VALUES (60, 's', 't', 'a2', 'verifier: y', 'verifier', 'none', 'x', 'k', 61, NULL)`,
      );
      const count = await c.execute("SELECT count(*) AS n FROM failures");
      expect(Number(count.rows[0]?.n)).toBe(1);

      // An AUTOINCREMENT counter pushed near 2^63: the next record is refused before it commits.
      await c.execute(
        "UPDATE sqlite_sequence SET seq = 9223372036854775000 WHERE name = 'failures'",
      );
      await expect(
        store.record({ session: "s", task: "t", approach: "b", death_reason: "verifier: y" }),
      ).rejects.toMatchObject({ name: "MemoryStoreError" });
      await expect(
        store.supersede(first.id, {
          session: "s",
          task: "t",
          approach: "b",
          death_reason: "verifier: y",
        }),
      ).rejects.toMatchObject({ name: "MemoryStoreError" });
      const after = await c.execute("SELECT count(*) AS n FROM failures");
      expect(Number(after.rows[0]?.n)).toBe(1);
      expect((await collect(store.exportRows())).map((r) => r.id)).toEqual([first.id]);
      c.close();
      store.close();
    });
  },
);
