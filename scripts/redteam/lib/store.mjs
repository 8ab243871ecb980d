// Failure memories made and read through the fak CLI itself, and the file facts the checks
// compare (digests, sizes, modes).

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { jsonLinesOf } from "./fak.mjs";

export const dbUrl = (file) => `file:${file}`;

export function sha256(file) {
  return existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : null;
}

export function sizeOf(file) {
  return existsSync(file) ? statSync(file).size : null;
}

/** Failure rows with random words, the 5-field import shape. */
export function randomRows(rng, n, tag = rng.name(6)) {
  return Array.from({ length: n }, (_, i) => ({
    session: `run-${tag}-${i}`,
    task: `task ${rng.name(7)} ${tag}`,
    approach: `approach ${rng.name(6)} ${rng.name(5)} ${tag}`,
    death_reason: `verifier: ${rng.int(1, 9)} tests fail in ${rng.name(6)} ${tag}`,
  }));
}

export function writeJsonl(file, rows) {
  writeFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
}

/** Import rows into the store at `db` (a path) through `fak memory import`. */
export async function importRows(fak, dir, db, rows, name = "rows.jsonl") {
  const file = join(dir, name);
  writeJsonl(file, rows);
  const r = await fak(["memory", "import", file, "--db", dbUrl(db), "--json"]);
  if (r.code !== 0) throw new Error(`fak memory import failed: ${r.stderr.slice(0, 300)}`);
  return jsonLinesOf(r);
}

/** Every exported row of the store at `db`, or null (with the run) when export failed. */
export async function exportRows(fak, db) {
  const r = await fak(["memory", "export", "--db", dbUrl(db)]);
  return { rows: r.code === 0 ? jsonLinesOf(r) : null, run: r };
}

/** The content of a row that survives a move between stores (ids and times aside). */
export const rowKey = (r) => JSON.stringify([r.session, r.task, r.approach, r.death_reason]);

const here = fileURLToPath(new URL(".", import.meta.url));

/** Where @libsql/client (the memory package's own driver) is installed. */
export function libsqlEntry(root) {
  return createRequire(join(root, "packages/memory/package.json")).resolve("@libsql/client");
}

/** Leave a -wal behind for `db` (see wal-child.mjs): mode "vacuum" or "notes". */
export function leaveWal(root, mode, db, marker) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(here, "wal-child.mjs"), libsqlEntry(root), mode, db, marker ?? "note"],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let err = "";
    child.stderr.on("data", (b) => {
      err += b;
    });
    child.on("close", (code, signal) => {
      if (signal === "SIGKILL" && existsSync(`${db}-wal`)) resolve(`${db}-wal`);
      else reject(new Error(`wal-child ${mode} ended ${code ?? signal}: ${err.slice(0, 300)}`));
    });
  });
}

/** Mode bits of a file as octal text, e.g. "644". */
export const modeOf = (file) => (statSync(file).mode & 0o777).toString(8).padStart(3, "0");
