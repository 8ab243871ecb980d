import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { substanceKey } from "../src/row/index.js";
import { migrationsFolder } from "../src/schema/index.js";
import { openStore } from "../src/store.js";
import { collect, tempDir } from "./support/backends.js";

const dir = tempDir();
// The migrations of @fak/memory 0.1.0, the release before provenance: the first two of the set.
const RELEASED = ["0000_failures", "0001_append_only"];

/** A migrations folder holding only the released migrations. */
function releasedMigrations(): string {
  const to = join(dir, "released");
  mkdirSync(join(to, "meta"), { recursive: true });
  const from = migrationsFolder("core");
  const journal = JSON.parse(readFileSync(join(from, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => RELEASED.includes(e.tag));
  expect(journal.entries).toHaveLength(RELEASED.length);
  writeFileSync(join(to, "meta/_journal.json"), JSON.stringify(journal));
  for (const tag of RELEASED) cpSync(join(from, `${tag}.sql`), join(to, `${tag}.sql`));
  return to;
}

// The rows as 0.1.0 wrote them: a recorded row, its occurrence, a successor, an imported line.
const OLD_ROWS = `INSERT INTO failures
  (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key, occurrence_of, supersedes, import_key)
VALUES
  (1, 's1', 'fix-git', 'rebase onto main', 'verifier: 3 tests fail', 'verifier', 'high', '2026-11-01T10:00:00.000Z', ?1, NULL, NULL, NULL),
  (2, 's2', 'fix-git', 'Rebase onto main.', 'Verifier: 3 tests fail', 'verifier', 'none', '2026-11-02T10:00:00.000Z', ?1, 1, NULL, NULL),
  (3, 's1', 'fix-git', 'rebase onto main after fetch', 'verifier: test_push fails', 'verifier', 'medium', '2026-11-03T10:00:00.000Z', 'k3', NULL, 1, NULL),
  (4, 's9', 'pip', 'pip install with no pin', 'budget: out of turns', 'budget', 'none', '2026-11-04T10:00:00.000Z', ?2, NULL, NULL, ?3)`;

const PIP = {
  session: "s9",
  task: "pip",
  approach: "pip install with no pin",
  death_reason: "budget: out of turns",
};

describe("a store written by @fak/memory 0.1.0", () => {
  it("opens with the current code: every row kept, provenance unknown, no source, still append-only", async () => {
    const url = `file:${join(dir, "old.db")}`;
    // The file 0.1.0 imported row 4 from: importing it again must add nothing.
    const imported = join(dir, "old-import.jsonl");
    writeFileSync(imported, `${JSON.stringify(PIP)}\n`);
    const old = createClient({ url, intMode: "number" });
    await migrate(drizzle(old), {
      migrationsFolder: releasedMigrations(),
      migrationsTable: "__fak_migrations",
    });
    await old.execute({
      sql: OLD_ROWS,
      args: [
        substanceKey("rebase onto main", "verifier: 3 tests fail"),
        substanceKey(PIP.approach, PIP.death_reason),
        `${createHash("sha256").update(readFileSync(imported)).digest("hex").slice(0, 16)}:1`,
      ],
    });
    const before = await old.execute("SELECT * FROM failures ORDER BY id");
    old.close();

    const store = await openStore({ url });
    const rows = await collect(store.exportRows());
    expect(rows).toHaveLength(4);
    for (const [i, row] of rows.entries()) {
      const was = before.rows[i]!;
      expect(row).toMatchObject({
        id: Number(was.id),
        session: was.session,
        task: was.task,
        approach: was.approach,
        death_reason: was.death_reason,
        layer: was.layer,
        conviction: was.conviction,
        created_at: was.created_at,
        occurrence_of: was.occurrence_of,
        supersedes: was.supersedes,
        provenance: "unknown",
        source: null,
      });
    }
    expect((await store.history(3)).chain.map((r) => r.id)).toEqual([1, 3]);
    const next = await store.record({
      session: "s3",
      task: "fix-git",
      approach: "rebase onto main",
      death_reason: "verifier: 3 tests fail",
    });
    expect(next).toMatchObject({ id: 5, occurrence_of: 1, deaths: 3, provenance: "person" });
    const again = await collect(store.importJsonl(imported));
    expect(again).toEqual([{ line: 1, id: 4, occurrence_of: null, status: "already_present" }]);
    store.close();

    const raw = createClient({ url, intMode: "number" });
    await expect(
      raw.execute("UPDATE failures SET provenance = 'real' WHERE id = 1"),
    ).rejects.toThrow(/append-only/);
    expect((await raw.execute("SELECT COUNT(*) AS n FROM failures")).rows[0]?.n).toBe(5);
    raw.close();
  });
});
