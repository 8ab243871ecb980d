// Class 6: `fak memory verify` says ok on a damaged file. A store is recorded from a Harbor job
// (`fak ingest --record`), then copies of it get one bit flipped in a chosen place: a failures
// row's record header (the damage SQLite reports as corrupt), a key in the unique source index
// (the one that stops a trial being recorded twice), the text of `session` or `created_at`.
// verify must not exit 0 on any damage another command shows; nor on a zero-length file.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brief, jsonOf } from "../lib/fak.mjs";
import { assertionTests, pipFailure, writeHarborJob } from "../lib/jobs.mjs";
import { SqliteFile } from "../lib/sqlite-file.mjs";
import { dbUrl, exportRows } from "../lib/store.mjs";

let shared;

async function fixtures({ fak, rng, dir }) {
  const job = join(dir, "job");
  const trials = Array.from({ length: 6 }, (_, i) => {
    const task = `${rng.name(5)}-${rng.name(6)}`;
    return i % 2
      ? { name: `${task}__${rng.name(5)}`, task, reward: 0, commands: [pipFailure(rng)] }
      : {
          name: `${task}__${rng.name(5)}`,
          task,
          reward: 0,
          tests: assertionTests(rng),
          commands: [{ command: "python3 solve.py", output: "done\n" }],
        };
  });
  writeHarborJob(job, { jobName: `job-${rng.name(6)}`, trials });
  mkdirSync(join(dir, "store"));
  const store = join(dir, "store", "memory.db");
  const rec = await fak(["ingest", "harbor", job, "--record", "--db", dbUrl(store), "--json"], {
    timeoutMs: 120_000,
  });
  if (rec.code !== 0) throw new Error(`fak ingest --record failed: ${brief(rec)}`);
  if (existsSync(`${store}-wal`)) throw new Error("the store kept a -wal after fak exited");
  const base = await exportRows(fak, store);
  if (!base.rows?.length) throw new Error(`no rows recorded: ${brief(base.run)}`);
  const file = new SqliteFile(readFileSync(store));
  const schema = file.schema();
  const root = (name) => schema.find((s) => s.name === name)?.rootpage;
  if (!root("failures") || !root("failures_source_idx"))
    throw new Error("store has no failures table or failures_source_idx");
  return { job, store, base, baseText: base.run.stdout, root, trials };
}

let copies = 0;
/** A copy of the store with `damage(file)` applied; its path. */
function damaged(dir, f, damage) {
  const d = join(dir, `copy-${++copies}`);
  mkdirSync(d);
  const db = join(d, "memory.db");
  const file = new SqliteFile(readFileSync(f.store));
  const what = damage(file);
  writeFileSync(db, file.buf);
  return { db, what };
}

/** Run verify, export and record on separate copies of one damage. */
async function observe(ctx, f, damage) {
  const v = damaged(ctx.dir, f, damage);
  const e = damaged(ctx.dir, f, damage);
  const verify = await ctx.fak(["memory", "verify", "--db", dbUrl(v.db), "--json"], {
    timeoutMs: 60_000,
  });
  const exp = await exportRows(ctx.fak, e.db);
  const changed = exp.rows === null || exp.run.stdout !== f.baseText;
  const report = jsonOf(verify);
  const verifyOk = verify.code === 0 || report?.ok === true;
  return { what: v.what, verify, verifyOk, exp, changed };
}

function failuresRows(file, f) {
  return file.rows(f.root("failures")).filter((r) => r.record.columns.length > 8);
}

/** The column of a failures record holding `text` (found by value, not by position). */
const columnWith = (record, text) => record.columns.find((c) => c.text === text);

export default {
  id: 6,
  key: "verify",
  title: "memory verify says ok on a damaged file",
  checks: [
    {
      name: "one bit flipped in a failures row's record header (a column verify does not read): verify exits 0 while export cannot read the row",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const fields = ["conviction", "created_at", "provenance", "source_job"];
        const plans = fields.map((field) => ({
          field,
          pick: ctx.rng.int(0, 1_000_000),
          bit: ctx.rng.int(1, 5),
        }));
        const damage = (p) => (file) => {
          const rows = failuresRows(file, f);
          const row = rows[p.pick % rows.length];
          const exported = f.base.rows.find((x) => x.id === row.record.rowid);
          const value = p.field === "source_job" ? exported?.source?.job : exported?.[p.field];
          const col = columnWith(row.record, value);
          if (!col) throw new Error(`no ${p.field} column found in row ${row.record.rowid}`);
          // The serial type says the column's type and length: one bit of it, still text.
          file.flip(col.typeAt, p.bit);
          return `bit ${p.bit} of ${p.field}'s serial type in failures row ${row.record.rowid} (page ${row.page})`;
        };
        const results = await Promise.all(
          plans.map(async (p) => {
            const o = await observe(ctx, f, damage(p));
            if (!o.changed || !o.verifyOk) return o;
            const r = damaged(ctx.dir, f, damage(p));
            o.record = await ctx.fak(
              [
                "memory",
                "record",
                "--db",
                dbUrl(r.db),
                "--session",
                "s",
                "--task",
                `t-${p.pick}`,
                "--approach",
                `approach ${p.pick}`,
                "--death-reason",
                "verifier: x",
              ],
              { timeoutMs: 60_000 },
            );
            return o;
          }),
        );
        const seen = results.filter((o) => o.changed);
        if (seen.length === 0) throw new Error("no flip damaged anything export shows");
        const bad = seen.filter((o) => o.verifyOk);
        const o = bad[0];
        return {
          tries: seen.length,
          found: bad.length,
          sample: o
            ? `${o.what}: verify exit ${o.verify.code} (ok), export ${o.exp.rows === null ? brief(o.exp.run) : "printed changed rows"}${o.record?.code === 0 ? "; record still wrote" : ""}`
            : "",
        };
      },
    },
    {
      name: "a flipped key drops a row from the unique source index: verify exits 0, the trial records twice",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const tries = 2;
        const picks = Array.from({ length: tries }, () => ctx.rng.int(0, 1_000_000));
        const results = await Promise.all(
          picks.map(async (pick) => {
            const damage = (file) => {
              const entries = file
                .rows(f.root("failures_source_idx"))
                .filter((r) => r.record.columns.some((c) => c.text && /__/.test(c.text)));
              const e = entries[pick % entries.length];
              const trial = e.record.columns.find((c) => c.text && /__/.test(c.text));
              // A letter of the trial's name in the index, its case flipped (bit 5).
              const i = [...trial.text].findIndex((ch, k) => k > 0 && /[a-z]/.test(ch));
              file.flip(trial.valueAt + i, 5);
              return `trial ${trial.text} in failures_source_idx`;
            };
            const o = await observe(ctx, f, damage);
            const r = damaged(ctx.dir, f, damage);
            const again = await ctx.fak(
              ["ingest", "harbor", f.job, "--record", "--db", dbUrl(r.db), "--json"],
              { timeoutMs: 120_000 },
            );
            const after = await exportRows(ctx.fak, r.db);
            o.doubled = after.rows ? after.rows.length - f.base.rows.length : 0;
            o.again = again;
            return o;
          }),
        );
        const bad = results.filter((o) => o.verifyOk);
        const o = bad[0];
        const found = bad.length;
        const sample = o
          ? `${o.what} flipped: verify exit ${o.verify.code} (ok); ingest --record again (exit ${o.again.code}) added ${o.doubled} duplicate row(s)`
          : "";
        return { tries, found, sample };
      },
    },
    {
      name: "one bit flipped in a row's session or created_at text: verify exits 0 while export prints the changed row",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const plans = Array.from({ length: 4 }, (_, t) => ({
          field: t % 2 === 0 ? "session" : "created_at",
          pick: ctx.rng.int(0, 1_000_000),
        }));
        const results = await Promise.all(
          plans.map(({ field, pick }) =>
            observe(ctx, f, (file) => {
              const rows = failuresRows(file, f);
              const row = rows[pick % rows.length];
              const exported = f.base.rows.find((x) => x.id === row.record.rowid);
              const col = columnWith(row.record, exported?.[field]);
              if (!col) throw new Error(`no ${field} column found in row ${row.record.rowid}`);
              // A letter or digit, bit 0: still printable ASCII, still valid UTF-8.
              const from = pick % col.text.length;
              const at = [...col.text].findIndex((ch, k) => k >= from && /[0-9A-Za-z]/.test(ch));
              file.flip(col.valueAt + Math.max(0, at), 0);
              return `bit 0 of ${field} in failures row ${row.record.rowid}`;
            }),
          ),
        );
        const seen = results.filter((o) => o.changed);
        const bad = seen.filter((o) => o.verifyOk);
        const o = bad[0];
        const tries = seen.length;
        const found = bad.length;
        const sample = o
          ? `${o.what}: verify exit ${o.verify.code} (ok), export exit ${o.exp.run.code} with the row changed`
          : "";
        return { tries, found, sample };
      },
    },
    {
      name: "a zero-length store file: verify does not call it a healthy store",
      run: async (ctx) => {
        const db = join(ctx.dir, "memory.db");
        writeFileSync(db, "");
        const r = await ctx.fak(["memory", "verify", "--db", dbUrl(db), "--json"], {
          timeoutMs: 60_000,
        });
        const report = jsonOf(r);
        const ok = r.code === 0 || report?.ok === true;
        return {
          tries: 1,
          found: ok ? 1 : 0,
          sample: ok
            ? `verify exit ${r.code}, ok=${report?.ok}, ${report?.rows?.rows ?? "?"} rows`
            : "",
        };
      },
    },
  ],
};
