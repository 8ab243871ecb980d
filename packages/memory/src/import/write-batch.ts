import type { Client, InStatement, Transaction } from "@libsql/client";
import { type PreparedRow, rowDigest } from "../row/index.js";

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
// same line of the same file), or, in a store holding plain lines keyed by their position, such a
// row with the same stored fields (the same death imported by an earlier version from another
// file or line). With each, what it repeats: the stored row's own link, and the table's first
// row of the line's substance (what a new row links to). Asked under the write lock, so the
// INSERT sees the same table. Each line is [key, substance key, legacy key, position key,
// session, task, approach, death reason, conviction, date], its trailing nulls left out (JSON
// reads a missing element as null). The answer is one row: how many lines were probed, and
// [line index, id, its link, first] for each line with something there (most lines have
// nothing), as one JSON text (the driver's cost is per row and column it hands back). An
// imported row has no source (import-file.ts), so no line is probed by its source trial.
const PRESENT = `WITH q AS MATERIALIZED (SELECT CAST(j.key AS INTEGER) AS k, COALESCE(
  (SELECT f.id FROM failures AS f WHERE f.import_key = j.value ->> 0),
  (SELECT f.id FROM failures AS f WHERE f.import_key = j.value ->> 2),
  (SELECT f.id FROM failures AS f WHERE f.import_key = j.value ->> 3),
  (SELECT MIN(f.id) FROM failures AS f WHERE j.value ->> 4 IS NOT NULL
     AND f.substance_key = j.value ->> 1
     AND f.import_key >= 'c:' AND f.import_key < 'c;'
     AND f.session = j.value ->> 4 AND f.task = j.value ->> 5
     AND f.approach = j.value ->> 6 AND f.death_reason = j.value ->> 7
     AND f.conviction = j.value ->> 8
     AND f.created_at = COALESCE(j.value ->> 9, f.created_at))
) AS id,
  (SELECT MIN(f.id) FROM failures AS f WHERE f.substance_key = j.value ->> 1) AS first
FROM json_each(?1) AS j)
SELECT COUNT(*) AS n, json_group_array(json_array(q.k, q.id,
    (SELECT f.occurrence_of FROM failures AS f WHERE f.id = q.id), q.first))
  FILTER (WHERE q.id IS NOT NULL OR q.first IS NOT NULL) AS hits FROM q`;

const BASE = `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'failures'), 0),
  COALESCE((SELECT MAX(id) FROM failures), 0)) AS n`;

// One statement per batch, every column given (ids, and occurrence links from PRESENT and the
// batch), in id order: json_each yields the array in order, and the SELECT reads no table. An
// imported row's provenance is always `imported` with no source (import-file.ts), and most lines
// give no date, so those are not repeated in every row's JSON: a row's null date is the batch's.
const INSERT = `INSERT INTO failures
  (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key,
   occurrence_of, supersedes, import_key, provenance, row_digest)
SELECT v ->> 0, v ->> 1, v ->> 2, v ->> 3, v ->> 4, v ->> 5, v ->> 6, COALESCE(v ->> 7, ?2), v ->> 8,
  v ->> 9, v ->> 10, v ->> 11, 'imported', v ->> 12
FROM (SELECT value AS v FROM json_each(?1))`;

// A file import's connection keeps up to 32 MiB of pages (SQLite's default is 2 MiB): the
// substance and import keys are hashes, so each batch touches index pages all over the file, and
// with the small cache it reads many of them again for every batch.
const IMPORT_CACHE = "PRAGMA cache_size = -32768";

/**
 * Write one batch in one write transaction: find the lines already there (and each line's first
 * row of its substance), give the others the next ids, and insert them with one INSERT ...
 * SELECT FROM json_each whose row count is checked.
 * `newIdOf` maps the exporting store's ids to this store's (earlier batches and this one);
 * `remember` is called for each line's id once the batch is committed; `local` says the store is
 * a file (its connection gets a larger page cache).
 */
export async function writeBatch(
  client: Client,
  batch: readonly BatchLine[],
  newIdOf: (oldId: number) => number | undefined,
  remember: (oldId: number, id: number) => void,
  vectors?: (rows: PreparedRow[], keys: string[]) => Promise<InStatement | undefined>,
  local = false,
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
    if (local) await tx.execute(IMPORT_CACHE);
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
  for (const l of batch)
    if (l.row.provenance !== "imported" || l.row.source !== null)
      throw new Error("an import writes only imported rows without a source");
  const probe = batch.map((l) => {
    const r = l.row;
    if (l.positionKey !== undefined && l.oldSupersedes === undefined) {
      const content = [r.session, r.task, r.approach, r.death_reason, r.conviction];
      return [
        l.key,
        r.substance_key,
        l.legacyKey ?? null,
        l.positionKey,
        ...content,
        l.createdAt ?? null,
      ];
    }
    if (l.positionKey !== undefined)
      return [l.key, r.substance_key, l.legacyKey ?? null, l.positionKey];
    return l.legacyKey === undefined
      ? [l.key, r.substance_key]
      : [l.key, r.substance_key, l.legacyKey];
  });
  const [present, baseRow] = await tx.batch([
    { sql: PRESENT, args: [JSON.stringify(probe)] },
    { sql: BASE, args: [] },
  ]);
  const base = Number(baseRow?.rows[0]?.n ?? 0);
  if (Number(present?.rows[0]?.n) !== batch.length)
    throw new Error("the batch was not probed whole");
  // Per line: [id already there, its link, first row of its substance], undefined when none.
  const found: (readonly [number | null, number | null, number | null] | undefined)[] = [];
  for (const [k, id, occ, first] of JSON.parse(String(present?.rows[0]?.hits ?? "[]")) as [
    number,
    number | null,
    number | null,
    number | null,
  ][])
    found[k] = [id, occ, first];
  const now = new Date().toISOString();
  const results: ImportLineResult[] = [];
  const inBatch = new Map<number, number>();
  const byKey = new Map<string, number>();
  const firstOfSubstance = new Map<string, number>();
  // The occurrence link of each row this batch adds, by id.
  const linkOf = new Map<number, number | null>();
  const payload: unknown[][] = [];
  const num = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));
  batch.forEach((l, i) => {
    const row = found[i];
    const earlier = num(row?.[0]);
    const known = earlier ?? byKey.get(l.key);
    const id = known ?? base + 1 + payload.length;
    if (l.oldId !== undefined) inBatch.set(l.oldId, id);
    if (known !== undefined) {
      const link = earlier === undefined ? linkOf.get(known) : num(row?.[1]);
      results.push({ line: l.line, id, occurrence_of: link ?? null, status: "already_present" });
      return;
    }
    byKey.set(l.key, id);
    const r = l.row;
    const first = num(row?.[2]) ?? firstOfSubstance.get(r.substance_key) ?? null;
    if (first === null) firstOfSubstance.set(r.substance_key, id);
    linkOf.set(id, first);
    results.push({ line: l.line, id, occurrence_of: first, status: "added" });
    const supersedes =
      l.oldSupersedes === undefined
        ? null
        : (inBatch.get(l.oldSupersedes) ?? newIdOf(l.oldSupersedes) ?? null);
    payload.push([
      id,
      r.session,
      r.task,
      r.approach,
      r.death_reason,
      r.layer,
      r.conviction,
      l.createdAt ?? null,
      r.substance_key,
      first,
      supersedes,
      l.key,
      rowDigest({
        session: r.session,
        task: r.task,
        approach: r.approach,
        death_reason: r.death_reason,
        layer: r.layer,
        conviction: r.conviction,
        created_at: l.createdAt ?? now,
        provenance: r.provenance,
        source: r.source,
      }),
    ]);
  });
  if (payload.length === 0) return results;
  const insert = { sql: INSERT, args: [JSON.stringify(payload), now] };
  const [written] = await tx.batch(vector ? [insert, vector] : [insert]);
  // Every row is there or the statement failed whole (a trigger's ABORT undoes all of it).
  if (written?.rowsAffected !== payload.length)
    throw new Error(`${payload.length} rows to add, ${written?.rowsAffected} added`);
  return results;
}
