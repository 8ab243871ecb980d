import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { positionKey } from "../src/import/import-line.js";
import { prepareRow, rowDigest } from "../src/row/index.js";
import { openStore } from "../src/store.js";
import { collect, tempDir } from "./support/backends.js";

const dir = tempDir();

const deaths = [
  {
    session: "s1",
    task: "fix-git",
    approach: "rebase onto main",
    death_reason: "verifier: 3 tests fail",
  },
  {
    session: "s2",
    task: "fix-git",
    approach: "Rebase onto main.",
    death_reason: "Verifier: 3 tests fail",
  },
  {
    session: "s1",
    task: "pip",
    approach: "pip install with no pin",
    death_reason: "budget: out of turns",
    conviction: "low",
  },
  {
    session: "s1",
    task: "fix-git",
    approach: "rebase onto main",
    death_reason: "verifier: 3 tests fail",
  },
];

/**
 * A store as the versions before content keys left it after importing `lines` from a file: each
 * plain line keyed by its position (`c:<line>:<hash of the line>`), two equal lines two rows.
 */
async function oldStore(url: string, path: string, lines: object[]): Promise<void> {
  (await openStore({ url })).close(); // the schema is the same: only the keys differ
  const c = createClient({ url, intMode: "number" });
  const firstOf = new Map<string, number>();
  for (const [i, value] of lines.entries()) {
    const r = prepareRow(value);
    const id = i + 1;
    const created_at = `2026-11-0${id}T10:00:00.000Z`;
    const first = firstOf.get(r.substance_key) ?? null;
    if (first === null) firstOf.set(r.substance_key, id);
    await c.execute({
      sql: `INSERT INTO failures (id, session, task, approach, death_reason, layer, conviction, created_at,
              substance_key, occurrence_of, import_key, provenance, row_digest)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'imported', ?)`,
      args: [
        id,
        r.session,
        r.task,
        r.approach,
        r.death_reason,
        r.layer,
        r.conviction,
        created_at,
        r.substance_key,
        first,
        positionKey(JSON.stringify(value), id),
        rowDigest({ ...r, provenance: "imported", source: null, created_at }),
      ],
    });
  }
  c.close();
  writeFileSync(path, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
}

describe("a store whose plain import lines were keyed by their position", () => {
  it("adds nothing when the same file is imported again, and matches its deaths from another file", async () => {
    const url = `file:${join(dir, "positions.db")}`;
    const path = join(dir, "old.jsonl");
    await oldStore(url, path, deaths);
    const store = await openStore({ url });
    const before = await collect(store.exportRows());
    expect(before).toHaveLength(4);

    const again = await collect(store.importJsonl(path, { batchSize: 3 }));
    expect(again.map((r) => [r.line, r.id, r.status])).toEqual([
      [1, 1, "already_present"],
      [2, 2, "already_present"],
      [3, 3, "already_present"],
      [4, 4, "already_present"],
    ]);
    // The same deaths in another order, beside a new one: only the new one is added.
    const other = join(dir, "other.jsonl");
    const fresh = { ...deaths[0]!, session: "s3" };
    writeFileSync(
      other,
      [deaths[2], fresh, deaths[0], deaths[1]].map((l) => `${JSON.stringify(l)}\n`).join(""),
    );
    const moved = await collect(store.importJsonl(other));
    expect(moved.map((r) => [r.id, r.status])).toEqual([
      [3, "already_present"],
      [5, "added"],
      [1, "already_present"],
      [2, "already_present"],
    ]);
    expect(moved[1]!.occurrence_of).toBe(1);
    // And both files once more, now that the store holds content keys beside the old ones.
    expect(
      (await collect(store.importJsonl(path))).every((r) => r.status === "already_present"),
    ).toBe(true);
    expect(
      (await collect(store.importJsonl(other))).every((r) => r.status === "already_present"),
    ).toBe(true);
    const after = await collect(store.exportRows());
    expect(after).toHaveLength(5);
    expect(after.slice(0, 4)).toEqual(before);
    store.close();
  });
});
