// What the layout of `failures` costs the import's INSERT, apart from everything else: the same
// synthetic rows, keys computed beforehand (outside the timing), written in batches of 10,000
// by one INSERT ... SELECT FROM json_each each (and a second one for a narrow key table), into a
// fresh store per variant, each variant in its own process. CPU of the statements and commits only.
//   raw              the import bench's raw insert: 8 columns, constant keys
//   now              the import's INSERT into the current table (text keys, both indexed)
//   narrow keys      import keys in their own table (16-byte blob primary key, WITHOUT ROWID),
//                    the substance index replaced by a table of first rows by 16-byte key (the
//                    migration the previous round proposed; no guard triggers on the new tables,
//                    so this is the most such a migration could save)
//   no import index  the import key kept in the row, its unique index and the replace guard's
//                    clause on it gone (lookups would go through the substance key)
//   no key indexes   neither key indexed (the floor any layout of the keys could reach)
// Usage: pnpm exec tsx bench/import-layout.ts --rows 100000 [--repeat 2]
import { fork } from "node:child_process";
import * as crypto from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { substanceKey } from "../src/row/index.js";
import { openStore } from "../src/store.js";
import { syntheticLine } from "../test/support/synthetic.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const VARIANTS = ["raw", "now", "narrow keys", "no import index", "no key indexes"];
const BATCH = 10_000;

const INSERT = `INSERT INTO failures
  (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key,
   occurrence_of, supersedes, import_key, provenance, row_digest)
SELECT v ->> 0, v ->> 1, v ->> 2, v ->> 3, v ->> 4, v ->> 5, v ->> 6, COALESCE(v ->> 7, ?2), v ->> 8,
  v ->> 9, v ->> 10, v ->> 11, 'imported', v ->> 12
FROM (SELECT value AS v FROM json_each(?1))`;
const RAW = `INSERT INTO failures (session, task, approach, death_reason, layer, conviction, created_at, substance_key)
SELECT v ->> 1, v ->> 2, v ->> 3, v ->> 4, 'none', v ->> 6, ?2, '' FROM (SELECT value AS v FROM json_each(?1))`;

async function child(variant: string, db: string, rows: number) {
  const url = `file:${db}`;
  (await openStore({ url })).close();
  const c = createClient({ url });
  const narrow = variant === "narrow keys";
  if (narrow) {
    await c.execute(
      "CREATE TABLE import_keys (key BLOB PRIMARY KEY NOT NULL, id INTEGER NOT NULL) WITHOUT ROWID",
    );
    await c.execute(
      "CREATE TABLE substances (key BLOB PRIMARY KEY NOT NULL, first INTEGER NOT NULL) WITHOUT ROWID",
    );
    await c.execute("DROP INDEX failures_substance_key_idx");
  }
  if (variant === "no import index" || variant === "no key indexes") {
    // The replace guard probes the import key: without its index it would scan the table.
    await c.execute("DROP TRIGGER failures_no_replace");
    await c.execute("DROP INDEX failures_import_key_idx");
  }
  if (variant === "no key indexes") await c.execute("DROP INDEX failures_substance_key_idx");
  const hex = (s: string) => crypto.hash("sha256", s, "hex");
  const now = new Date().toISOString();
  const firsts = new Map<string, number>();
  let cpu = 0;
  for (let b = 0; b < rows; b += BATCH) {
    const payload: unknown[][] = [];
    const keys: unknown[][] = [];
    const subs: unknown[][] = [];
    for (let i = b; i < Math.min(rows, b + BATCH); i++) {
      const r = syntheticLine(i);
      const id = i + 1;
      const sk = substanceKey(r.approach, r.death_reason);
      const ik = hex(JSON.stringify(r)).slice(0, 32);
      const first = firsts.get(sk) ?? null;
      if (first === null) {
        firsts.set(sk, id);
        subs.push([sk, id]);
      }
      const digest = hex(`${JSON.stringify(r)}${now}`).slice(0, 32);
      const row = [id, r.session, r.task, r.approach, r.death_reason, "verifier", r.conviction];
      payload.push([...row, null, sk, first, null, narrow ? null : `p:${ik}`, digest]);
      if (narrow) keys.push([ik, id]);
    }
    const stmts = [{ sql: variant === "raw" ? RAW : INSERT, args: [JSON.stringify(payload), now] }];
    if (narrow) {
      stmts.push({
        sql: "INSERT INTO import_keys SELECT unhex(value ->> 0), value ->> 1 FROM json_each(?1)",
        args: [JSON.stringify(keys), now],
      });
      stmts.push({
        sql: "INSERT INTO substances SELECT unhex(value ->> 0), value ->> 1 FROM json_each(?1)",
        args: [JSON.stringify(subs), now],
      });
    }
    const start = process.cpuUsage();
    const tx = await c.transaction("write");
    await tx.execute("PRAGMA cache_size = -32768"); // as the import's connection
    await tx.batch(stmts);
    await tx.commit();
    tx.close();
    await new Promise(setImmediate);
    const d = process.cpuUsage(start);
    cpu += (d.user + d.system) / 1e6;
  }
  c.close();
  process.send?.({ cpu, rss: process.resourceUsage().maxRSS / 1024 });
}

async function main() {
  if (args.includes("--child"))
    return child(arg("child", ""), arg("db", ""), Number(arg("rows", "0")));
  const rows = Number(arg("rows", "100000"));
  const repeat = Number(arg("repeat", "2"));
  const dir = mkdtempSync(join(tmpdir(), "fak-layout-"));
  const cpu = new Map<string, number[]>();
  try {
    for (let r = 0; r < repeat; r++) {
      for (const [i, v] of VARIANTS.entries()) {
        const p = fork(new URL(import.meta.url), [
          "--child",
          v,
          "--db",
          join(dir, `${r}-${i}.db`),
          "--rows",
          String(rows),
        ]);
        const [m] = (await once(p, "message")) as [{ cpu: number }];
        await once(p, "exit");
        cpu.set(v, [...(cpu.get(v) ?? []), m.cpu]);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ${rows} rows, batches of ${BATCH}, runs alternated`,
  );
  console.log("| layout | INSERT + commit CPU s (each run) | vs now (best run) |\n|---|---:|---:|");
  const best = (v: string) => Math.min(...cpu.get(v)!);
  for (const v of VARIANTS)
    console.log(
      `| ${v} | ${cpu
        .get(v)!
        .map((x) => x.toFixed(2))
        .join(", ")} | ${((100 * best(v)) / best("now")).toFixed(0)}% |`,
    );
}

await main();
