import { closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { MemoryStoreError } from "../errors.js";
import { BUSY_DEADLINE_MS } from "./busy.js";
import { toStoreError } from "./driver-error.js";
import { checkWal, sqliteUriUrl } from "./wal-guard.js";

/** Where the memory lives when nobody says: FAK_DB_URL, else an embedded file in the project. */
export const DEFAULT_URL = "file:.fak/memory.db";

/** How a store connects: the URL and token, and how long a file waits for another writer. */
export interface ConnectOptions {
  url?: string | undefined;
  authToken?: string | undefined;
  busyTimeoutMs?: number | undefined;
  /**
   * Read only (the read commands): a file is opened with SQLite's `mode=ro`, so neither the file
   * nor its -wal is ever written or checkpointed. A missing or empty file is refused, not
   * created. Either way a file is opened only once a -wal beside it was checked to be its own
   * (`checkWal`).
   */
  readOnly?: boolean | undefined;
}

/** An open libSQL client and what kind of database it talks to. */
export interface Connection {
  client: Client;
  url: string;
  local: boolean;
}

/**
 * Connect to the memory: a libSQL file (its folder created, a busy timeout) or a
 * libSQL server / Turso through the same client. Failures come back as MemoryStoreError.
 * @example const { client } = await connect({ url: "file:/tmp/memory.db" })
 */
export async function connect(opts: ConnectOptions = {}): Promise<Connection> {
  const url = opts.url ?? (process.env.FAK_DB_URL || DEFAULT_URL);
  const authToken = opts.authToken ?? (process.env.FAK_DB_AUTH_TOKEN || undefined);
  const local = url.startsWith("file:");
  const busyTimeoutMs = opts.busyTimeoutMs ?? BUSY_DEADLINE_MS;
  let client: Client;
  // Before SQLite sees a file (reading or writing): a -wal beside it that is not its own would
  // be applied and checkpointed into it.
  if (local && opts.readOnly) await checkReadable(url);
  else if (local) await checkWal(filePath(url));
  try {
    if (local && !opts.readOnly) createPrivately(filePath(url));
    client = createClient({
      url: local && opts.readOnly ? sqliteUriUrl(filePath(url), "mode=ro") : url,
      authToken,
      intMode: "number",
      ...(local ? { timeout: busyTimeoutMs } : {}),
    });
  } catch (err) {
    throw toStoreError(err, url, "open");
  }
  try {
    // Reading the schema first makes "unreachable", "not a database" and "corrupt" fail here.
    await client.execute("SELECT count(*) FROM sqlite_master");
  } catch (err) {
    client.close();
    throw toStoreError(err, url, "open");
  }
  return { client, url, local };
}

/**
 * A new store is readable by its owner only: the folder fak makes 0700, the file 0600 (SQLite
 * gives its -wal and -shm the file's mode). An existing file keeps the mode it has.
 */
function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
}

/** Refuse, before SQLite sees it, a store file that is missing, empty, or beside a foreign -wal. */
async function checkReadable(url: string): Promise<void> {
  const path = filePath(url);
  if (!existsSync(path))
    throw new MemoryStoreError("NOT_FOUND", `no failure memory at ${url}: ${path} does not exist`);
  if (statSync(path).size === 0)
    throw new MemoryStoreError(
      "NOT_A_DATABASE",
      `${url} is not a fak failure memory: ${path} is an empty file (0 bytes)`,
    );
  await checkWal(path);
}

/**
 * WAL mode for a file memory (readers never wait for a writer), set only once the file is known
 * to be ours: the journal mode is stored in the file's header.
 */
export async function enableWal(client: Client): Promise<void> {
  const mode = await client.execute("PRAGMA journal_mode");
  if (String(mode.rows[0]?.[0]).toLowerCase() === "wal") return;
  try {
    await client.execute("PRAGMA journal_mode = WAL");
  } catch {
    // A read-only file keeps its journal mode; reads still work and writes say READ_ONLY.
  }
}

/** The file path of a `file:` URL (relative paths resolve against the working directory). */
export function filePath(url: string): string {
  const bare = url.replace(/[?#].*$/, "");
  if (bare.startsWith("file://")) return fileURLToPath(bare);
  return resolve(bare.slice("file:".length));
}
