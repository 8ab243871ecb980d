import type { Client, InStatement, Transaction } from "@libsql/client";
import { type PreparedRow, rowDigest, sourceColumns } from "../row/index.js";

/** One line of a batch, ready to write. */
export interface BatchLine {
  line: number;
  row: PreparedRow;
  /**
   * The content key (import-line.ts), the key @fak/memory 0.1.0 gave the line, and the key by
   * its position that later versions gave a plain line (probed only when the store holds some).
   */
  key: string;
  legacyKey?: string;
  positionKey?: string;
  /** The exporting store's id, and the old ids it refers to (already checked by the first pass). */
  oldId?: number;
  oldSupersedes?: number;
  createdAt?: string;
}

/** What became of one import line: `already_present` when an earlier import or the same source trial wrote it. */
export interface ImportLineResult {
  line: number;
  id: number;
  occurrence_of: number | null;
  status: "added" | "already_present";
}

// Which lines are there already: the same content key (or the key an earlier version gave the
// same line of the same file), a row from the same source trial, or, in a store holding plain
// lines keyed by their position, such a row with the same stored fields (the same death
// imported by an earlier version from another file or line).
const PRESENT = `SELECT CAST(j.key AS INTEGER) AS k, COALESCE(
  (SELECT f.id FROM failures AS f WHERE f.import_key = json_extract(j.value, '$[0]')),
  (SELECT f.id FROM failures AS f WHERE f.import_key = json_extract(j.value, '$[5]')),
  (SELECT f.id FROM failures AS f WHERE f.import_key = json_extract(j.value, '$[6]')),
  (SELECT MIN(f.id) FROM failures AS f WHERE f.substance_key = json_extract(j.value, '$[7]')
     AND f.import_key >= 'c:' AND f.import_key < 'c;'
     AND f.session = json_extract(j.value, '$[8]') AND f.task = json_extract(j.value, '$[9]')
     AND f.approach = json_extract(j.value, '$[10]') AND f.death_reason = json_extract(j.value, '$[11]')
     AND f.conviction = json_extract(j.value, '$[12]')
     AND f.created_at = COALESCE(json_extract(j.value, '$[13]'), f.created_at)),
  (SELECT f.id FROM failures AS f WHERE json_extract(j.value, '$[3]') IS NOT NULL
     AND f.source_harness = json_extract(j.value, '$[1]') AND f.source_job = json_extract(j.value, '$[2]')
     AND f.source_trial = json_extract(j.value, '$[3]') AND f.source_attempt = json_extract(j.value, '$[4]'))
) AS id FROM json_each(?1) AS j`;

const BASE = `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'failures'), 0),
  COALESCE((SELECT MAX(id) FROM failures), 0)) AS n`;

// One statement per batch, ids given explicitly. A row's first occurrence is the table's first row
// of the same substance, else the batch's (computed here); the SELECT is evaluated whole before
// any row goes in (SQLite buffers INSERT ... SELECT on a table with triggers).
const INSERT = `INSERT INTO failures
  (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key,
   occurrence_of, supersedes, import_key, provenance, source_harness, source_job, source_trial, source_attempt,
   row_digest)
SELECT json_extract(v, '$[0]'), json_extract(v, '$[1]'), json_extract(v, '$[2]'), json_extract(v, '$[3]'),
  json_extract(v, '$[4]'), json_extract(v, '$[5]'), json_extract(v, '$[6]'),
  COALESCE(json_extract(v, '$[7]'), ?2), json_extract(v, '$[8]'),
  COALESCE((SELECT MIN(f.id) FROM failures AS f WHERE f.substance_key = json_extract(v, '$[8]')),
    json_extract(v, '$[9]')),
  json_extract(v, '$[10]'), json_extract(v, '$[11]'), json_extract(v, '$[12]'),
  json_extract(v, '$[13]'), json_extract(v, '$[14]'), json_extract(v, '$[15]'), json_extract(v, '$[16]'),
  json_extract(v, '$[17]')
FROM (SELECT CAST(key AS INTEGER) AS k, value AS v FROM json_each(?1)) ORDER BY k`;

const READ = `SELECT f.id, f.occurrence_of FROM json_each(?1) AS j
JOIN failures AS f ON f.id = j.value ORDER BY CAST(j.key AS INTEGER)`;

/**
 * Write one batch in one write transaction: find the lines already there, give the others the
 * next ids, insert them with one INSERT ... SELECT FROM json_each, and read every line's row back.
 * `newIdOf` maps the exporting store's ids to this store's (earlier batches and this one);
 * `remember` is called for each line's id once the batch is committed.
 */
export async function writeBatch(
  client: Client,
  batch: readonly BatchLine[],
  newIdOf: (oldId: number) => number | undefined,
  remember: (oldId: number, id: number) => void,
  vectors?: (rows: PreparedRow[], keys: string[]) => Promise<InStatement | undefined>,
): Promise<ImportLineResult[]> {
  // Embedded before the write transaction, so the write lock is never held across the network;
  // the vector statement skips rows that have one, so lines already there are left alone.
  // A key twice in a batch (the same death twice in a file) is one row: embedded once.
  const seen = new Set<string>();
  const once = vectors ? batch.filter((l) => !seen.has(l.key) && seen.add(l.key)) : [];
  const vector = await vectors?.(
    once.map((l) => l.row),
    once.map((l) => l.key),
  );
  const tx = await client.transaction("write");
  try {
    const results = await inTransaction(tx, batch, newIdOf, vector);
    await tx.commit();
    batch.forEach((l, i) => {
      if (l.oldId !== undefined) remember(l.oldId, results[i]!.id);
    });
    return results;
  } finally {
    tx.close();
  }
}

async function inTransaction(
  tx: Transaction,
  batch: readonly BatchLine[],
  newIdOf: (oldId: number) => number | undefined,
  vector?: InStatement,
): Promise<ImportLineResult[]> {
  const probe = batch.map((l) => {
    const keys = [
      l.key,
      ...sourceColumns(l.row.source),
      l.legacyKey ?? null,
      l.positionKey ?? null,
    ];
    if (l.positionKey === undefined || l.oldSupersedes !== undefined) return keys;
    const r = l.row;
    return [
      ...keys,
      r.substance_key,
      r.session,
      r.task,
      r.approach,
      r.death_reason,
      r.conviction,
    ].concat(l.createdAt ?? null);
  });
  const [present, baseRow] = await tx.batch([
    { sql: PRESENT, args: [JSON.stringify(probe)] },
    { sql: BASE, args: [] },
  ]);
  const base = Number(baseRow?.rows[0]?.n ?? 0);
  const now = new Date().toISOString();
  const ids: number[] = [];
  const added: boolean[] = [];
  const inBatch = new Map<number, number>();
  const bySource = new Map<string, number>();
  const byKey = new Map<string, number>();
  const firstOfSubstance = new Map<string, number>();
  const payload: unknown[][] = [];
  batch.forEach((l, i) => {
    const source = l.row.source ? JSON.stringify(sourceColumns(l.row.source)) : undefined;
    const existing = present?.rows[i]?.id;
    const earlier = existing === null || existing === undefined ? undefined : Number(existing);
    const known =
      earlier ?? byKey.get(l.key) ?? (source === undefined ? undefined : bySource.get(source));
    const id = known ?? base + 1 + payload.length;
    ids.push(id);
    added.push(known === undefined);
    if (l.oldId !== undefined) inBatch.set(l.oldId, id);
    if (known !== undefined) return;
    byKey.set(l.key, id);
    if (source !== undefined) bySource.set(source, id);
    const first = firstOfSubstance.get(l.row.substance_key);
    if (first === undefined) firstOfSubstance.set(l.row.substance_key, id);
    const supersedes =
      l.oldSupersedes === undefined
        ? null
        : (inBatch.get(l.oldSupersedes) ?? newIdOf(l.oldSupersedes) ?? null);
    const r = l.row;
    const createdAt = l.createdAt ?? now;
    payload.push([
      id,
      r.session,
      r.task,
      r.approach,
      r.death_reason,
      r.layer,
      r.conviction,
      createdAt,
      r.substance_key,
      first ?? null,
      supersedes,
      l.key,
      r.provenance,
      ...sourceColumns(r.source),
      rowDigest({ ...r, created_at: createdAt }),
    ]);
  });
  const readBack = { sql: READ, args: [JSON.stringify(ids)] };
  const insert = { sql: INSERT, args: [JSON.stringify(payload), now] };
  const also = vector ? [vector] : [];
  const written = await tx.batch(payload.length > 0 ? [insert, ...also, readBack] : [readBack]);
  const read = written.at(-1)!;
  return batch.map((l, i) => {
    const r = read.rows[i];
    if (!r || Number(r.id) !== ids[i]) throw new Error(`line ${l.line}: its row was not read back`);
    return {
      line: l.line,
      id: ids[i]!,
      occurrence_of: r.occurrence_of === null ? null : Number(r.occurrence_of),
      status: added[i] ? "added" : "already_present",
    };
  });
}
