import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Client, createClient, type InValue } from "@libsql/client";
import { MemoryStoreError } from "../errors.js";

/**
 * A libSQL URL for the file at `path` opened through an SQLite URI with `params`: `mode=ro`
 * (read-only: SQLite reads the -wal but never writes the file, so never checkpoints), or
 * `immutable=1` (the file alone, its -wal ignored). The client passes a percent-decoded path to
 * SQLite, which opens URIs, hence the inner URI encoded once more.
 */
export function sqliteUriUrl(path: string, params: string): string {
  return `file:${encodeURIComponent(`${pathToFileURL(path).href}?${params}`)}`;
}

const WAL_MAGIC = new Set([0x377f0682, 0x377f0683]);
const PAGE = 500;

function readHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** The page size a database file's header states (bytes 16-17, 1 meaning 65536), or null. */
function dbPageSize(head: Buffer): number | null {
  if (head.length < 100 || head.toString("latin1", 0, 16) !== "SQLite format 3\0") return null;
  const v = head.readUInt16BE(16);
  return v === 1 ? 65536 : v;
}

function foreign(wal: string, why: string): MemoryStoreError {
  return new MemoryStoreError(
    "FOREIGN_WAL",
    `${wal} does not belong to the database beside it (${why}); fak left both files as they were. Move the -wal (and -shm) aside if the database file alone is the store you want`,
  );
}

/**
 * Refuse a `-wal` beside the store file at `path` that is not that store's own: a backup
 * restored over a folder that still holds an old -wal, or another database's -wal copied in.
 * SQLite cannot tell (a WAL names no database), and opening the store would apply and, on
 * close, checkpoint it, overwriting the store. Checked without writing anything:
 * 1. the WAL header's page size must be the database's;
 * 2. the store with the WAL must continue the store without it: a failure memory is
 *    append-only, so every table and every row of the file alone is still there, the same,
 *    once the WAL is read. Both views are read from a private copy of the two files
 *    (`immutable=1` and `mode=ro`), never through a -shm beside them, which may be stale.
 * A WAL with no valid header holds nothing SQLite would read, and passes. Run before every open
 * of a store file, read-only or not (`connect`); a refusal counts only over files that did not
 * change while they were read (a live writer's copy may be torn).
 * @example await checkWal("/work/.fak/memory.db") // throws MemoryStoreError FOREIGN_WAL
 */
export async function checkWal(path: string): Promise<void> {
  const wal = `${path}-wal`;
  if (!existsSync(path) || !existsSync(wal) || statSync(wal).size < 32) return;
  const header = readHead(wal, 32);
  if (!WAL_MAGIC.has(header.readUInt32BE(0))) return;
  const walPage = header.readUInt32BE(8);
  const dbPage = dbPageSize(readHead(path, 100));
  if (dbPage === null) return;
  if (walPage !== dbPage)
    throw foreign(wal, `its pages are ${walPage} bytes, the database's ${dbPage}`);
  // A live writer may append or checkpoint while the two files are copied, and a torn copy can
  // look foreign: refuse only on a verdict over files that did not change while they were read.
  // Files that keep changing are in use by a live writer, whose -wal it is.
  for (let look = 0; look < maxLooks; look++) {
    const before = stamp(path);
    if (before === null) return;
    const why = await continuation(path);
    if (why === null) return;
    if (stamp(path) === before) throw foreign(wal, why);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const maxLooks = 5;

/** What changes when either file is written: sizes, times and the WAL header; null: no -wal. */
function stamp(path: string): string | null {
  const wal = statSync(`${path}-wal`, { throwIfNoEntry: false });
  const db = statSync(path, { throwIfNoEntry: false });
  if (wal === undefined || db === undefined) return null;
  let head = "";
  try {
    head = readHead(`${path}-wal`, 32).toString("hex");
  } catch {
    return null;
  }
  return `${db.size}:${db.mtimeMs}:${wal.size}:${wal.mtimeMs}:${head}`;
}

/** null when the store read with its WAL keeps everything the file alone holds; else why not. */
async function continuation(original: string): Promise<string | null> {
  const dir = mkdtempSync(join(tmpdir(), "fak-wal-check-"));
  const path = join(dir, "memory.db");
  let alone: Client | undefined;
  let withWal: Client | undefined;
  try {
    copyFileSync(original, path);
    copyFileSync(`${original}-wal`, `${path}-wal`);
    alone = createClient({ url: sqliteUriUrl(path, "immutable=1"), intMode: "bigint" });
    withWal = createClient({ url: sqliteUriUrl(path, "mode=ro"), intMode: "bigint" });
    // Tables only: a trigger edited through the store's own -wal is tampering, which verify's
    // schema check names; a table that is gone means another database's pages.
    const tablesSql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name";
    const before = (await alone.execute(tablesSql)).rows.map((r) => String(r.name));
    const after = new Set((await withWal.execute(tablesSql)).rows.map((r) => String(r.name)));
    const lost = before.filter((t) => !after.has(t));
    if (lost.length > 0)
      return `read with it, the store's tables ${lost.slice(0, 3).join(", ")} are gone`;
    if (!before.includes("failures")) return null;
    // Every column as bytes: text that is not UTF-8 must not reach the driver as text.
    const info = await alone.execute("SELECT name FROM pragma_table_info('failures')");
    const columns = info.rows
      .map((r) => `CAST("${String(r.name).replaceAll('"', '""')}" AS BLOB)`)
      .join(", ");
    let last: InValue = -(2n ** 63n);
    for (;;) {
      const sql = {
        sql: `SELECT id, ${columns} FROM failures WHERE id > ? ORDER BY id LIMIT ?`,
        args: [last, PAGE],
      };
      const a = (await alone.execute(sql)).rows;
      if (a.length === 0) return null;
      const b = (await withWal.execute(sql)).rows;
      for (let i = 0; i < a.length; i++) {
        const row = a[i];
        const other = b[i];
        if (row === undefined || other === undefined || key(row) !== key(other))
          return `read with it, the store's row ${String(row?.id)} is gone or changed, and a failure memory only ever adds rows`;
      }
      last = a[a.length - 1]?.id as InValue;
    }
  } catch (err) {
    return `the store cannot be read with it: ${(err as Error).message}`;
  } finally {
    alone?.close();
    withWal?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A row's values as text (blobs as hex) to compare rows between the two views. */
function key(row: ArrayLike<unknown>): string {
  return JSON.stringify(
    Array.from(row, (v) =>
      v instanceof ArrayBuffer
        ? Buffer.from(v).toString("hex")
        : typeof v === "bigint"
          ? `${v}n`
          : v,
    ),
  );
}
