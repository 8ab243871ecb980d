import type { Client } from "@libsql/client";
import { connect, retryBusy, toStoreError } from "../db/index.js";
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
  const { client, url } = await connect(opts);
  try {
    const state = await readSchemaState(client);
    checkOwnership(state, url);
    if (state.core === null) return emptyReport(url);
    return await verifyClient(client, url);
  } catch (err) {
    throw toStoreError(err, url, "verify");
  } finally {
    client.close();
  }
}

async function verifyClient(client: Client, url: string): Promise<VerifyReport> {
  const schema = await schemaDifferences(client);
  const rows = await scanRows(client);
  const problems = [
    ...schema.map((s) => `schema: ${s}`),
    ...listed(rows.invalid_utf8, "hold text that is not valid UTF-8 (read with U+FFFD)"),
    ...listed(rows.ids_out_of_range, "have an id below 1 or beyond 2^53 (reads skip them)"),
    ...listed(rows.bad_references, "supersede or repeat themselves, a later row or no row"),
    ...listed(rows.rewritten, "no longer match their substance key or layer: rewritten in place"),
  ];
  const report: VerifyReport = {
    url,
    ok: false,
    schema,
    rows,
    fts: "absent",
    fts_coverage: null,
    problems,
  };
  const state = await readSchemaState(client);
  if (state.names.has("failures_fts")) {
    if (!(await probeFts5(client))) report.fts = "unchecked";
    else if (await indexMatchesRows(client)) report.fts = "ok";
    else {
      report.fts_coverage = await indexCoverage(client);
      const { unindexed, orphaned } = report.fts_coverage;
      const what = `the full-text index disagrees with the rows (${unindexed} rows unindexed, ${orphaned} entries without a row)`;
      // Only an index that merely lacks rows is rebuilt. Entries for rows that are gone, or an
      // index whose rows all have entries but other words, mean rows were deleted or rewritten:
      // the index is the evidence, so it is left as found.
      const why =
        rows.rewritten.length > 0 || schema.length > 0
          ? "rows or the schema were changed too"
          : orphaned > 0
            ? "rows it indexed are gone (deleted?)"
            : unindexed === 0
              ? "rows hold other words than were indexed (rewritten?)"
              : null;
      if (why) {
        report.fts = "mismatch";
        problems.push(`${what}; left as found, since ${why}`);
      } else {
        await retryBusy(() => rebuildIndex(client));
        report.fts = (await indexMatchesRows(client)) ? "rebuilt" : "mismatch";
        if (report.fts === "mismatch") problems.push(`${what}, and a rebuild did not fix it`);
      }
    }
  }
  report.ok = problems.length === 0;
  return report;
}

// A database fak never migrated (checkOwnership found no other tables): an empty memory.
function emptyReport(url: string): VerifyReport {
  const rows = {
    rows: 0,
    invalid_utf8: [],
    ids_out_of_range: [],
    bad_references: [],
    rewritten: [],
  };
  return { url, ok: true, schema: [], rows, fts: "absent", fts_coverage: null, problems: [] };
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
