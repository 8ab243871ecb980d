import type { Client } from "@libsql/client";
import { BUSY_DEADLINE_MS, connect, enableWal, retryBusy, toStoreError } from "./db/index.js";
import {
  type Embedder,
  noticeUnusedVectors,
  type Semantic,
  type SemanticOptions,
  semanticFor,
} from "./embed/index.js";
import { MemoryInputError, MemoryStoreError } from "./errors.js";
import { type FailureHistory, readAll, readHistory } from "./history.js";
import { type ImportLineResult, type ImportOptions, importFile } from "./import/index.js";
import { type PriorArt, priorArt } from "./prior-art/index.js";
import { insertRow, insertSuccessor, type RecordResult } from "./record.js";
import { insertRecoveries, type RecoveryInput, type RecoveryResult } from "./recovery/index.js";
import {
  type ExportedRow,
  type FailureRowInput,
  onceEach,
  prepareRow,
  type Warn,
} from "./row/index.js";
import {
  applyMigrations,
  checkOwnership,
  checkSchema,
  indexEndsWithRows,
  latestMigration,
  probeFts5,
  readSchemaState,
} from "./schema/index.js";
import { type SearchHit, searchFailures } from "./search/index.js";

/** Where the memory is, and whether to use FTS5 (false forces the LIKE fallback). */
export interface OpenStoreOptions {
  /** Default: FAK_DB_URL, else `file:.fak/memory.db` (folder created). */
  url?: string;
  /** Default: FAK_DB_AUTH_TOKEN. */
  authToken?: string;
  /** Default true where the libSQL build has FTS5. */
  fts?: boolean;
  /**
   * How long a write waits, in total, while other processes hold the database (ms); then
   * `MemoryStoreError` `LOCKED`. Default `BUSY_DEADLINE_MS` (120,000).
   */
  busyTimeoutMs?: number;
  /** Vectors for rows and queries (e.g. `httpEmbedder`), fused with lexical search. Default none. */
  embedder?: Embedder | undefined;
  /** How vector hits are admitted (see `cosineThreshold`). */
  semantic?: SemanticOptions;
  /** Where one-line notices go (an embedder that stopped answering). Default: stderr. */
  onNotice?: (line: string) => void;
  /**
   * Told about stored rows a read had to work around (invalid UTF-8 shown as U+FFFD, a row with
   * an id beyond 2^53 skipped, a looping supersession chain cut), once each. Default:
   * `process.emitWarning`.
   */
  onWarning?: (message: string) => void;
  /**
   * Open for reading only (`fak memory search`, `export`, `prior-art`, `history`): a file is
   * opened with SQLite's `mode=ro`, so a read never writes or checkpoints anything; a missing or
   * empty file is refused. A store an older @fak/memory made is migrated first, as a write would.
   * Read-only or not, a file is opened only once a -wal beside it is known to be its own
   * (`MemoryStoreError` `FOREIGN_WAL` otherwise, nothing written).
   */
  readOnly?: boolean;
}

/** The failure memory: append-only rows, occurrences, supersession, search and prior art. */
export interface FailureStore {
  /** The URL the store is connected to. */
  readonly url: string;
  /** Whether search uses FTS5 (false: the LIKE fallback). */
  readonly fts: boolean;
  /**
   * Validate, scrub and store one row; a row with the substance of an earlier one is stored as
   * its occurrence. @example (await store.record(row)).message // "second death, see failure:12"
   */
  record(row: FailureRowInput): Promise<RecordResult>;
  /**
   * Import a JSONL file of rows: validated whole first, then written in batches; one result per
   * non-blank line, in order. Re-running the same file adds nothing.
   * @example for await (const r of store.importJsonl("rows.jsonl")) console.log(r.line, r.id)
   */
  importJsonl(path: string, opts?: ImportOptions): AsyncIterable<ImportLineResult>;
  /**
   * Store a sharper row that replaces `id` (which must exist and not be superseded yet).
   * @example (await store.supersede(12, sharper)).supersedes // 12
   */
  supersede(id: number, row: FailureRowInput): Promise<RecordResult & { supersedes: number }>;
  /**
   * Store what reruns of failed trials came to (`fak compare --plan --record`), all in one
   * transaction; the same death and rerun job recorded again adds nothing (`already_present`).
   * A fixture replay's death or rerun is refused. Prior art then shows them beside the death.
   * @example (await store.recordRecoveries([recovery]))[0] // { id: 1, status: "added", death_id: 12 }
   */
  recordRecoveries(recoveries: readonly RecoveryInput[]): Promise<RecoveryResult[]>;
  /** The row, its occurrences and its supersession chain. @example (await store.history(12)).chain */
  history(id: number): Promise<FailureHistory>;
  /** Every row in id order, paged. @example for await (const row of store.exportRows()) ... */
  exportRows(): AsyncIterable<ExportedRow>;
  /** Rows ranked by relevance to `text`. @example await store.search("pip timeout", { limit: 5 }) */
  search(text: string, opts?: { limit?: number }): Promise<SearchHit[]>;
  /** Cited, token-capped dead branches for a task. @example (await store.priorArt(task)).ids */
  priorArt(task: string, opts?: { maxTokens?: number }): Promise<PriorArt>;
  /** Close the client. */
  close(): void;
}

/**
 * Open (and migrate) the failure memory: an embedded libSQL file by default, or a libSQL
 * server / Turso through a URL and token with the same code.
 * @example
 *   const store = await openStore({ url: "file:.fak/memory.db" });
 *   const r = await store.record({ session: "s1", task: "fix-git", approach: "rebase onto main",
 *     death_reason: "verifier: 3 tests still fail" });
 *   console.log(r.message); // "new failure:1"
 *   store.close();
 */
export async function openStore(opts: OpenStoreOptions = {}): Promise<FailureStore> {
  const { client, url, local } = await connect(opts);
  try {
    const warn = onceEach(opts.onWarning ?? ((m) => process.emitWarning(m, "FakMemoryWarning")));
    // Every step of it can be repeated, so a busy database (processes opening a fresh memory
    // at once) is waited out like a busy write.
    const fts = await retryBusy(
      () =>
        opts.readOnly
          ? readOnlySchema(client, url, opts.fts !== false, warn)
          : prepareSchema(client, url, local, opts.fts !== false, warn),
      opts.busyTimeoutMs ?? BUSY_DEADLINE_MS,
    );
    if (fts === "migrate") {
      // Migrated as the next write would (its -wal was checked above), then read only.
      client.close();
      const { embedder: _, ...rest } = opts;
      (await openStore({ ...rest, readOnly: false, onNotice: () => {} })).close();
      return openStore({ ...opts, readOnly: true });
    }
    const notice = opts.onNotice ?? ((line: string) => process.stderr.write(`${line}\n`));
    const semantic = opts.embedder && semanticFor(client, opts.embedder, notice, opts.semantic);
    return makeStore(client, url, fts, warn, opts.busyTimeoutMs ?? BUSY_DEADLINE_MS, {
      semantic,
      notice,
    });
  } catch (err) {
    client.close();
    throw toStoreError(err, url, "open");
  }
}

async function prepareSchema(
  client: Client,
  url: string,
  local: boolean,
  wantFts: boolean,
  warn: Warn,
): Promise<boolean> {
  const state = await readSchemaState(client);
  checkOwnership(state, url);
  if (local) await enableWal(client);
  try {
    await applyMigrations(client, "core");
  } catch (err) {
    const e = toStoreError(err, url, "migrate");
    throw e.code === "FAILED"
      ? new MemoryStoreError("MIGRATION_FAILED", e.message, { cause: err })
      : e;
  }
  await checkSchema(client, url);
  const available = await probeFts5(client);
  if (state.names.has("failures_fts") && !available) {
    throw new MemoryStoreError(
      "FTS_MISSING",
      `${url} has an FTS5 index, but this libSQL build has no FTS5, so rows could not be added to it`,
    );
  }
  if (!available || !wantFts) return false;
  await applyMigrations(client, "fts");
  await checkSchema(client, url);
  if (!(await indexEndsWithRows(client))) {
    warn(
      `${url}: the full-text index does not cover the newest rows (emptied or damaged); searching without it until \`fak memory verify\` rebuilds it`,
    );
    return false;
  }
  return true;
}

/** prepareSchema's checks without its writes; "migrate" when the store needs a migration first. */
async function readOnlySchema(
  client: Client,
  url: string,
  wantFts: boolean,
  warn: Warn,
): Promise<boolean | "migrate"> {
  const state = await readSchemaState(client);
  checkOwnership(state, url);
  if (state.core === null)
    throw new MemoryStoreError(
      "NOT_FOUND",
      `${url} holds no failure memory yet (no fak migrations)`,
    );
  if (state.core < latestMigration("core")) return "migrate";
  await checkSchema(client, url);
  const available = await probeFts5(client);
  if (state.names.has("failures_fts") && !available) {
    throw new MemoryStoreError(
      "FTS_MISSING",
      `${url} has an FTS5 index, but this libSQL build has no FTS5, so it cannot be searched`,
    );
  }
  if (!available || !wantFts || state.fts === null) return false;
  if (state.fts < latestMigration("fts")) return "migrate";
  if (!(await indexEndsWithRows(client))) {
    warn(
      `${url}: the full-text index does not cover the newest rows (emptied or damaged); searching without it until \`fak memory verify\` rebuilds it`,
    );
    return false;
  }
  return true;
}

async function* guarded<T>(
  rows: AsyncIterable<T>,
  wrap: (err: unknown) => Error,
): AsyncIterable<T> {
  try {
    yield* rows;
  } catch (err) {
    throw wrap(err);
  }
}

function makeStore(
  client: Client,
  url: string,
  fts: boolean,
  warn: Warn,
  busyDeadlineMs: number,
  { semantic, notice }: { semantic: Semantic | undefined; notice: (line: string) => void },
): FailureStore {
  const write = async <T>(doing: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await retryBusy(fn, busyDeadlineMs);
    } catch (err) {
      if (err instanceof MemoryInputError) throw err;
      throw toStoreError(err, url, doing);
    }
  };
  const read = async <T>(doing: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof MemoryInputError) throw err;
      throw toStoreError(err, url, doing);
    }
  };
  const ctx = { client, fts, semantic, warn };
  // Without an embedder, a memory that holds vectors says once that search is lexical only.
  let checked = semantic !== undefined;
  const search = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!checked) {
      checked = true;
      await noticeUnusedVectors(client, notice);
    }
    return fn();
  };
  return {
    url,
    fts,
    record: async (row) => {
      const prepared = prepareRow(row);
      const vector = await semantic?.rowVector(prepared);
      return write("record into", () => insertRow(client, prepared, vector));
    },
    importJsonl: (path, options) => importFile(client, url, path, options, semantic?.importVectors),
    supersede: async (id, row) => {
      if (!Number.isSafeInteger(id) || id < 1)
        throw new MemoryInputError({ field: "id" }, `not a failure id: ${id}`);
      const prepared = prepareRow(row);
      const vector = await semantic?.rowVector(prepared);
      const r = await write("supersede in", () => insertSuccessor(client, id, prepared, vector));
      const also = r.occurrence_of === null ? "" : `; ${r.message}`;
      return { ...r, supersedes: id, message: `failure:${r.id} supersedes failure:${id}${also}` };
    },
    recordRecoveries: (recoveries) =>
      write("record recoveries into", () => insertRecoveries(client, recoveries)),
    history: (id) => read("read", () => readHistory(client, id, warn)),
    exportRows: () => guarded(readAll(client, warn), (err) => toStoreError(err, url, "export")),
    search: (text, options) =>
      read("search", () => search(() => searchFailures(ctx, text, options))),
    priorArt: (task, options) => read("search", () => search(() => priorArt(ctx, task, options))),
    close: () => client.close(),
  };
}
