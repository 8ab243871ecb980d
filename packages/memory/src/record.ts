import type { Client, InStatement, ResultSet } from "@libsql/client";
import { MemoryInputError } from "./errors.js";
import {
  type ExportedRow,
  occurrenceMessage,
  type PreparedRow,
  provenanceLabel,
  ROW_COLUMNS,
  rowDigest,
  sourceColumns,
  toExportedRow,
} from "./row/index.js";

/** A recorded row, whether it is a new failure or another death of an earlier one. */
export interface RecordResult extends ExportedRow {
  /** 1 for a new failure, 2 for its second death, ... */
  deaths: number;
  /** "new failure:13", "second death, see failure:12", or "already recorded as failure:12 (...)". */
  message: string;
  /** `already_present` when a row from the same source trial was recorded before (nothing added). */
  status: "added" | "already_present";
}

// One statement: the lookup of the first row of the same substance, the check that the source
// trial is not recorded yet, and the insert run under the same write lock, so concurrent writers
// cannot both believe they are first (the unique source index backs the check).
const INSERT_ROW = `INSERT INTO failures
  (session, task, approach, death_reason, layer, conviction, created_at, substance_key, occurrence_of, supersedes,
   provenance, source_harness, source_job, source_trial, source_attempt, row_digest)
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, (SELECT MIN(id) FROM failures WHERE substance_key = ?8), NULL,
  ?9, ?10, ?11, ?12, ?13, ?15
WHERE ?12 IS NULL OR NOT EXISTS (SELECT 1 FROM failures
  WHERE source_harness = ?10 AND source_job = ?11 AND source_trial = ?12 AND source_attempt = ?13)
RETURNING ${ROW_COLUMNS}`;

const BY_SOURCE = `SELECT ${ROW_COLUMNS} FROM failures
WHERE source_harness = ? AND source_job = ? AND source_trial = ? AND source_attempt = ?`;

// Supersede: the row named must exist, must not be superseded yet, and must differ in substance.
const INSERT_SUCCESSOR = `INSERT INTO failures
  (session, task, approach, death_reason, layer, conviction, created_at, substance_key, occurrence_of, supersedes,
   provenance, source_harness, source_job, source_trial, source_attempt, row_digest)
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, (SELECT MIN(id) FROM failures WHERE substance_key = ?8), old.id,
  ?9, ?10, ?11, ?12, ?13, ?15
FROM failures AS old
WHERE old.id = ?14 AND old.substance_key <> ?8
  AND NOT EXISTS (SELECT 1 FROM failures AS s WHERE s.supersedes = old.id)
RETURNING ${ROW_COLUMNS}`;

/** The digest of the row as INSERT writes it (?15 in both statements). */
function digestOf(row: PreparedRow, now: string): string {
  return rowDigest({ ...row, created_at: now });
}

function rowArgs(row: PreparedRow, now: string) {
  return [
    row.session,
    row.task,
    row.approach,
    row.death_reason,
    row.layer,
    row.conviction,
    now,
    row.substance_key,
    row.provenance,
    ...sourceColumns(row.source),
  ];
}

/**
 * Run the row's INSERT, and its vector's (embed/vectors.ts) in the same write transaction when
 * there is one: the row and its vector are stored together or not at all.
 */
async function insertWith(
  client: Client,
  insert: InStatement,
  vector?: InStatement,
): Promise<ResultSet> {
  if (!vector) return client.execute(insert);
  const [r] = await client.batch([insert, vector], "write");
  return r!;
}

/**
 * Insert one prepared row, as an occurrence of the first row of the same substance if any. A row
 * whose source trial is already recorded adds nothing: the earlier row comes back, `already_present`.
 * `vector` (the row's embedding) is written in the same transaction, only if the row was.
 */
export async function insertRow(
  client: Client,
  row: PreparedRow,
  vector?: InStatement,
): Promise<RecordResult> {
  const now = new Date().toISOString();
  const insert = { sql: INSERT_ROW, args: [...rowArgs(row, now), null, digestOf(row, now)] };
  const r = await insertWith(client, insert, vector);
  if (r.rows[0]) return withDeaths(client, toExportedRow(r.rows[0]), "added");
  const earlier = await client.execute({ sql: BY_SOURCE, args: sourceColumns(row.source) });
  const found = toExportedRow(earlier.rows[0]!);
  const result = await withDeaths(client, found, "already_present");
  const from = provenanceLabel(found.provenance, found.source);
  return { ...result, message: `already recorded as failure:${found.id} (${from})` };
}

/** Insert a row that supersedes `id`; refuses an unknown id, a superseded id, the same substance. */
export async function insertSuccessor(
  client: Client,
  id: number,
  row: PreparedRow,
  vector?: InStatement,
): Promise<RecordResult> {
  let inserted: ExportedRow | undefined;
  try {
    const now = new Date().toISOString();
    const args = [...rowArgs(row, now), id, digestOf(row, now)];
    const r = await insertWith(client, { sql: INSERT_SUCCESSOR, args }, vector);
    inserted = r.rows[0] ? toExportedRow(r.rows[0]) : undefined;
  } catch (err) {
    // A concurrent supersede of the same row won the race: the trigger refused this one.
    if (!String((err as { message?: unknown }).message).includes("append-only")) throw err;
  }
  if (inserted) return withDeaths(client, inserted, "added");
  throw await whyNotSuperseded(client, id, row);
}

async function whyNotSuperseded(
  client: Client,
  id: number,
  row: PreparedRow,
): Promise<MemoryInputError> {
  const old = await client.execute({
    sql: "SELECT substance_key, (SELECT id FROM failures WHERE supersedes = ?) AS successor FROM failures WHERE id = ?",
    args: [id, id],
  });
  const o = old.rows[0];
  if (!o) return new MemoryInputError({ field: "id" }, `failure:${id} does not exist`);
  if (o.successor !== null) {
    return new MemoryInputError(
      { field: "id" },
      `failure:${id} is already superseded by failure:${o.successor}; supersede failure:${o.successor} instead`,
    );
  }
  if (o.substance_key === row.substance_key) {
    return new MemoryInputError(
      { field: "approach" },
      `the new row has the same approach and death reason as failure:${id}; a successor must be sharper`,
    );
  }
  return new MemoryInputError({ field: "id" }, `failure:${id} cannot be superseded`);
}

async function withDeaths(
  client: Client,
  row: ExportedRow,
  status: RecordResult["status"],
): Promise<RecordResult> {
  let deaths = 1;
  if (row.occurrence_of !== null) {
    const r = await client.execute({
      sql: "SELECT COUNT(*) FROM failures WHERE occurrence_of = ? AND id <= ?",
      args: [row.occurrence_of, row.id],
    });
    deaths = 1 + Number(r.rows[0]?.[0] ?? 0);
  }
  return { ...row, deaths, message: occurrenceMessage(row.id, row.occurrence_of, deaths), status };
}
