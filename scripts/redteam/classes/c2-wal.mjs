// Class 2: a foreign WAL destroys the store. A `-wal` file of another database beside a store
// (a backup restored over a folder that still holds an old -wal) must not be checkpointed into
// it by a read command: the store file stays byte-identical and its rows stay there.

import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { brief } from "../lib/fak.mjs";
import {
  dbUrl,
  exportRows,
  importRows,
  leaveWal,
  randomRows,
  rowKey,
  sha256,
  sizeOf,
} from "../lib/store.mjs";

/** The store to protect, and the two kinds of foreign WAL, built once per run. */
async function fixtures({ fak, rng, dir, root }) {
  const store = join(dir, "store", "memory.db");
  mkdirSync(join(dir, "store"));
  const tag = rng.name(8);
  const rows = randomRows(rng, 4, tag);
  await importRows(fak, dir, store, rows);
  const before = await exportRows(fak, store);
  if (!before.rows) throw new Error(`export of the fresh store failed: ${brief(before.run)}`);
  // Another fak store, rewritten whole into its WAL by a writer that was then killed.
  const other = join(dir, "other", "memory.db");
  mkdirSync(join(dir, "other"));
  const otherTag = rng.name(8);
  await importRows(fak, dir, other, randomRows(rng, 3, otherTag), "other.jsonl");
  const fakWal = await leaveWal(root, "vacuum", other);
  // A database that is not a memory at all.
  const notes = join(dir, "notes", "notes.db");
  mkdirSync(join(dir, "notes"));
  const notesTag = rng.name(8);
  const notesWal = await leaveWal(root, "notes", notes, notesTag);
  return {
    store,
    digest: sha256(store),
    size: sizeOf(store),
    keys: new Set(before.rows.map(rowKey)),
    wals: [
      { what: "another fak store's -wal", file: fakWal, marker: otherTag },
      { what: "an unrelated database's -wal", file: notesWal, marker: notesTag },
    ],
    tag,
  };
}

let shared;

function check(command) {
  return {
    name: `memory ${command} beside a foreign -wal: store byte-identical, rows still there`,
    run: async (ctx) => {
      shared ??= fixtures(ctx);
      const f = await shared;
      let found = 0;
      const samples = [];
      for (const [i, wal] of f.wals.entries()) {
        const d = join(ctx.dir, `try-${i}`);
        mkdirSync(d);
        const db = join(d, "memory.db");
        copyFileSync(f.store, db);
        copyFileSync(wal.file, `${db}-wal`);
        const args =
          command === "search"
            ? ["memory", "search", f.tag, "--db", dbUrl(db), "--json"]
            : command === "verify"
              ? ["memory", "verify", "--db", dbUrl(db), "--json"]
              : ["memory", "export", "--db", dbUrl(db)];
        const r = await ctx.fak(args, { timeoutMs: 60_000 });
        const same = sha256(db) === f.digest;
        // The rows, read from the store file alone (the foreign -wal put aside, as an operator
        // would once fak refused it).
        const aside = join(d, "aside");
        mkdirSync(aside);
        copyFileSync(db, join(aside, "memory.db"));
        const after = await exportRows(ctx.fak, join(aside, "memory.db"));
        const kept = after.rows ? after.rows.filter((x) => f.keys.has(rowKey(x))).length : 0;
        const foreignShown = r.code === 0 && r.stdout.includes(wal.marker);
        const bad = !same || kept < f.keys.size || foreignShown || r.timedOut;
        if (!bad) continue;
        found++;
        const what = [];
        if (!same) what.push(`store file changed (${f.size} -> ${sizeOf(db)} bytes)`);
        if (kept < f.keys.size) what.push(`${kept} of ${f.keys.size} rows left`);
        if (foreignShown) what.push("the foreign rows printed as the store's");
        samples.push(`${wal.what}: ${what.join(", ")}; fak ${brief(r)}`);
      }
      return { tries: f.wals.length, found, sample: samples[0] ?? "" };
    },
  };
}

export default {
  id: 2,
  key: "wal",
  title: "a foreign WAL destroys the store",
  checks: [check("verify"), check("export"), check("search")],
};
