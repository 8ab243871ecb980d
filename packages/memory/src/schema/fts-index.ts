import type { Client } from "@libsql/client";
import { driverError } from "../db/index.js";

/**
 * Does the FTS5 index end where the table ends? One statement (one snapshot), two index seeks:
 * cheap enough for every open. A `'delete-all'` (or any loss of the newest entries) shows here;
 * a full comparison is `indexMatchesRows`.
 * @example await indexEndsWithRows(client) // false after INSERT INTO failures_fts(failures_fts) VALUES('delete-all')
 */
export async function indexEndsWithRows(client: Client): Promise<boolean> {
  const r = await client.execute(
    "SELECT (SELECT max(id) FROM failures) IS (SELECT max(id) FROM failures_fts_docsize) AS same",
  );
  return Number(r.rows[0]?.same) === 1;
}

/**
 * FTS5's own check of the index against the rows it indexes (`integrity-check` with rank 1:
 * every row's tokens, not only the index's inner consistency). Reads only.
 */
export async function indexMatchesRows(client: Client): Promise<boolean> {
  try {
    await client.execute(
      "INSERT INTO failures_fts (failures_fts, rank) VALUES ('integrity-check', 1)",
    );
    return true;
  } catch (err) {
    if (driverError(err).code.startsWith("SQLITE_CORRUPT")) return false;
    throw err;
  }
}

/** The index's rows that the table lacks and the table's rows the index lacks (counts). */
export async function indexCoverage(
  client: Client,
): Promise<{ unindexed: number; orphaned: number }> {
  const r = await client.execute(`SELECT
    (SELECT count(*) FROM failures f WHERE NOT EXISTS (SELECT 1 FROM failures_fts_docsize d WHERE d.id = f.id)) AS unindexed,
    (SELECT count(*) FROM failures_fts_docsize d WHERE NOT EXISTS (SELECT 1 FROM failures f WHERE f.id = d.id)) AS orphaned`);
  return {
    unindexed: Number(r.rows[0]?.unindexed ?? 0),
    orphaned: Number(r.rows[0]?.orphaned ?? 0),
  };
}

/** Rebuild the index from the rows through FTS5's own `'rebuild'` command (rows untouched). */
export async function rebuildIndex(client: Client): Promise<void> {
  await client.execute("INSERT INTO failures_fts (failures_fts) VALUES ('rebuild')");
}
