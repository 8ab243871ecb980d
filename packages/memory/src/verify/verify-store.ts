import type { Client } from "@libsql/client";
import { connect, retryBusy, toStoreError } from "../db/index.js";
import { MemoryStoreError } from "../errors.js";
import {
  checkOwnership,
  indexCoverage,
  indexMatchesRows,
  probeFts5,
  readSchemaState,
  rebuildIndex,
  schemaDifferences,
} from "../schema/index.js";
import type { OpenStoreOptions } from "../store.js";
import { type RowFindings, scanRows } from "./scan-rows.js";

/**
 * What `verifyStore` found. `ok` is true when nothing is wrong, or when only the full-text
 * index was and it was rebuilt from the rows (`fts: "rebuilt"`).
 */
export interface VerifyReport {
  url: string;
  ok: boolean;
  /** How the schema differs from what the applied migrations create (empty: it does not). */
  schema: string[];
  rows: RowFindings;
  /**
   * The FTS5 index against the rows: `ok`; `rebuilt` (it only lacked rows, so it was rebuilt
   * from them); `mismatch` (wrong, and left as found: rows look deleted or rewritten, or the
   * rebuild did not fix it); `absent` (this memory has no FTS5 index); `unchecked` (this
   * libSQL build has no FTS5).
   */
  fts: "ok" | "rebuilt" | "mismatch" | "absent" | "unchecked";
  /** Rows the index lacked and index entries without a row, before any rebuild. */
  fts_coverage: { unindexed: number; orphaned: number } | null;
  /** What SQLite's `PRAGMA integrity_check` said (["ok"] when the file is sound), at most 100 lines. */
  integrity: string[];
  /** One sentence per problem found, for people. */
  problems: string[];
}

/**
 * Check a failure memory as it is, without migrating it or refusing it for tampering: its
 * schema against the migrations it has applied, every row, and its FTS5 index against the
 * rows; rebuild the index (FTS5 `'rebuild'`, rows untouched) when only the index is wrong.
 * @example const report = await verifyStore({ url: "file:.fak/memory.db" }); if (!report.ok) console.error(report.problems)
 */
export async function verifyStore(opts: OpenStoreOptions = {}): Promise<VerifyReport> {
  // Read only: a missing or empty file, or a -wal that is not the store's own, is refused before
  // SQLite sees it, and nothing is written or checkpointed (but an index rebuild, below).
  const { client, url } = await connect({ ...opts, readOnly: true });
  try {
    const state = await readSchemaState(client);
    checkOwnership(state, url);
    if (state.core === null) {
      throw new MemoryStoreError(
        "NOT_FOUND",
        `${url} is not a fak failure memory: it holds no fak migrations`,
      );
    }
    return await verifyClient(client, url, opts);
  } catch (err) {
    throw toStoreError(err, url, "verify");
  } finally {
    client.close();
  }
}

async function verifyClient(
  client: Client,
  url: string,
  opts: OpenStoreOptions,
): Promise<VerifyReport> {
  const integrity = await integrityCheck(client);
  const schema = await schemaDifferences(client);
  let rows: RowFindings;
  const unreadable: string[] = [];
  try {
    rows = await scanRows(client);
  } catch (err) {
    rows = emptyFindings();
    unreadable.push(`rows cannot be read: ${toStoreError(err, url, "read").message}`);
  }
  const problems = [
    ...(integrity.length === 1 && integrity[0] === "ok"
      ? []
      : [
          `SQLite's integrity check: ${integrity.slice(0, 5).join("; ")}${integrity.length > 5 ? ` (and ${integrity.length - 5} more)` : ""}`,
        ]),
    ...unreadable,
    ...schema.map((s) => `schema: ${s}`),
    ...listed(rows.invalid_utf8, "hold text that is not valid UTF-8 (read with U+FFFD)"),
    ...listed(rows.ids_out_of_range, "have an id below 1 or beyond 2^53 (reads skip them)"),
    ...listed(rows.bad_references, "supersede or repeat themselves, a later row or no row"),
    ...listed(rows.rewritten, "no longer match their substance key or layer: rewritten in place"),
    ...listed(
      rows.bad_values,
      "hold a value fak never writes (conviction, provenance, time or source)",
    ),
    ...listed(rows.changed, "no longer match their digest: a byte changed after they were written"),
  ];
  const report: VerifyReport = {
    url,
    ok: false,
    schema,
    rows,
    fts: "absent",
    fts_coverage: null,
    integrity,
    problems,
  };
  const state = await readSchemaState(client);
  if (state.names.has("failures_fts")) {
    if (!(await probeFts5(client))) report.fts = "unchecked";
    else {
      // FTS5's own check is an INSERT statement (it writes nothing), and the rebuild writes: both
      // go through a connection of their own, opened only now that the -wal was checked.
      const rw = await connect({ ...opts, readOnly: false });
      try {
        await checkIndex(rw.client, report, rows, schema);
      } finally {
        rw.client.close();
      }
    }
  }
  report.ok = problems.length === 0;
  return report;
}

async function checkIndex(
  client: Client,
  report: VerifyReport,
  rows: RowFindings,
  schema: string[],
): Promise<void> {
  if (await indexMatchesRows(client)) {
    report.fts = "ok";
    return;
  }
  report.fts_coverage = await indexCoverage(client);
  const { unindexed, orphaned } = report.fts_coverage;
  const what = `the full-text index disagrees with the rows (${unindexed} rows unindexed, ${orphaned} entries without a row)`;
  // Only an index that merely lacks rows is rebuilt. Entries for rows that are gone, or an
  // index whose rows all have entries but other words, mean rows were deleted or rewritten:
  // the index is the evidence, so it is left as found.
  const why =
    rows.rewritten.length > 0 || rows.changed.length > 0 || schema.length > 0
      ? "rows or the schema were changed too"
      : orphaned > 0
        ? "rows it indexed are gone (deleted?)"
        : unindexed === 0
          ? "rows hold other words than were indexed (rewritten?)"
          : null;
  if (why) {
    report.fts = "mismatch";
    report.problems.push(`${what}; left as found, since ${why}`);
    return;
  }
  await retryBusy(() => rebuildIndex(client));
  report.fts = (await indexMatchesRows(client)) ? "rebuilt" : "mismatch";
  if (report.fts === "mismatch") report.problems.push(`${what}, and a rebuild did not fix it`);
}

function emptyFindings(): RowFindings {
  return {
    rows: 0,
    invalid_utf8: [],
    ids_out_of_range: [],
    bad_references: [],
    rewritten: [],
    bad_values: [],
    changed: [],
    undigested: 0,
  };
}

/** SQLite's full integrity check (b-trees, every index against its table, NOT NULL): its lines. */
async function integrityCheck(client: Client): Promise<string[]> {
  try {
    const r = await client.execute("PRAGMA integrity_check(100)");
    return r.rows.map((row) => String(row[0]));
  } catch (err) {
    return [String((err as Error).message)];
  }
}

function listed(ids: string[], what: string): string[] {
  if (ids.length === 0) return [];
  const shown = ids
    .slice(0, 10)
    .map((id) => `failure:${id}`)
    .join(", ");
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : "";
  return [`rows ${shown}${more} ${what}`];
}
