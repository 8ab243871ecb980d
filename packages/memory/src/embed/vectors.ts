import type { Client, InStatement } from "@libsql/client";
import { type Row, toRow } from "../row/index.js";
import {
  appliedMigration,
  applyMigrations,
  latestMigration,
  spaceOf,
  type VectorSpace,
  vectorSpaceStatements,
} from "../schema/index.js";

/** Can this libSQL build store and compare vectors? */
export async function probeVectors(client: Client): Promise<boolean> {
  try {
    await client.execute("SELECT vector_extract(vector32('[1,2]'))");
    return true;
  } catch {
    return false;
  }
}

/** Apply the vector migrations (the registry of spaces) and return the space for (model, dims). */
export async function ensureSpace(
  client: Client,
  model: string,
  dims: number,
  annIndex = false,
): Promise<VectorSpace> {
  const applied = await appliedMigration(client, "vectors");
  if (applied !== null && applied > latestMigration("vectors"))
    throw new Error("its vectors were migrated by a newer @fak/memory; upgrade @fak/memory");
  await applyMigrations(client, "vectors");
  const [, found] = await client.batch(
    [
      {
        sql: `INSERT INTO failure_vector_spaces (model, dims, created_at)
              SELECT ?1, ?2, ?3 WHERE NOT EXISTS
                (SELECT 1 FROM failure_vector_spaces WHERE model = ?1 AND dims = ?2)`,
        args: [model, dims, new Date().toISOString()],
      },
      {
        sql: "SELECT id FROM failure_vector_spaces WHERE model = ? AND dims = ?",
        args: [model, dims],
      },
    ],
    "write",
  );
  const space = spaceOf(Number(found?.rows[0]?.id), model, dims);
  // Idempotent, so a crash between the two batches is repaired by the next use.
  await client.batch(vectorSpaceStatements(space.id, model, dims, annIndex), "write");
  return { ...space, indexed: await hasIndex(client, space) };
}

async function hasIndex(client: Client, space: VectorSpace): Promise<boolean> {
  const r = await client.execute({
    sql: "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?",
    args: [space.index],
  });
  return r.rows.length > 0;
}

/** The space for (model, dims) when vectors of it were ever stored; reads only. */
export async function findSpace(
  client: Client,
  model: string,
  dims: number,
): Promise<VectorSpace | undefined> {
  const known = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'failure_vector_spaces'",
  );
  if (known.rows.length === 0) return undefined;
  const r = await client.execute({
    sql: "SELECT id FROM failure_vector_spaces WHERE model = ? AND dims = ?",
    args: [model, dims],
  });
  if (r.rows.length === 0) return undefined;
  const space = spaceOf(Number(r.rows[0]!.id), model, dims);
  const table = await client.execute({
    sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
    args: [space.table],
  });
  return table.rows.length === 0 ? undefined : { ...space, indexed: await hasIndex(client, space) };
}

/** The models whose vectors this memory holds (empty when none), for notices. */
export async function storedModels(client: Client): Promise<string[]> {
  const known = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'failure_vector_spaces'",
  );
  if (known.rows.length === 0) return [];
  const r = await client.execute("SELECT DISTINCT model FROM failure_vector_spaces ORDER BY id");
  return r.rows.map((row) => String(row.model));
}

/** A vector as the blob vector32() reads: little-endian float32s. */
export function vectorBlob(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * The statement that stores the vector of the row the statement before it inserted, run in the
 * same write transaction (`client.batch`): nothing is stored when that insert added no row.
 */
export function vectorOfLastInsert(space: VectorSpace, v: Float32Array): InStatement {
  return {
    sql: `INSERT INTO ${space.table} (failure_id, vec) SELECT last_insert_rowid(), vector32(?) WHERE changes() = 1`,
    args: [vectorBlob(v)],
  };
}

/**
 * The statement that stores one vector per import key (in order; all vectors in one blob), for
 * the rows those keys name that have none yet: re-running an import adds nothing twice.
 */
export function vectorsOfImportKeys(
  space: VectorSpace,
  keys: readonly string[],
  vectors: readonly Float32Array[],
): InStatement {
  const bytes = space.dims * 4;
  const all = new Float32Array(vectors.length * space.dims);
  for (const [i, v] of vectors.entries()) all.set(v, i * space.dims);
  return {
    sql: `INSERT INTO ${space.table} (failure_id, vec)
          SELECT f.id, vector32(substr(?2, CAST(j.key AS INTEGER) * ${bytes} + 1, ${bytes}))
          FROM json_each(?1) AS j JOIN failures AS f ON f.import_key = j.value
          WHERE NOT EXISTS (SELECT 1 FROM ${space.table} AS v WHERE v.failure_id = f.id)`,
    args: [JSON.stringify(keys), vectorBlob(all)],
  };
}

/** The positions of the import keys whose rows already have a vector in the space. */
export async function keysWithVectors(
  client: Client,
  space: VectorSpace,
  keys: readonly string[],
): Promise<Set<number>> {
  const r = await client.execute({
    sql: `SELECT CAST(j.key AS INTEGER) AS k FROM json_each(?1) AS j
          JOIN failures AS f ON f.import_key = j.value
          JOIN ${space.table} AS v ON v.failure_id = f.id`,
    args: [JSON.stringify(keys)],
  });
  return new Set(r.rows.map((row) => Number(row.k)));
}

/** A row near the query, with its cosine similarity. */
export interface VectorHit {
  row: Row;
  cosine: number;
}

/**
 * The `k` stored rows nearest to `q` by cosine, nearest first: through the vector index
 * (`vector_top_k`, approximate) when the space has one, else by an exact scan of the space.
 */
export async function nearest(
  client: Client,
  space: VectorSpace,
  q: Float32Array,
  k: number,
): Promise<VectorHit[]> {
  const top = space.indexed
    ? `SELECT v.failure_id, vector_distance_cos(v.vec, vector32(?1)) AS d
       FROM vector_top_k('${space.index}', vector32(?1), ?2) AS t
       JOIN ${space.table} AS v ON v.rowid = t.id`
    : `SELECT failure_id, vector_distance_cos(vec, vector32(?1)) AS d
       FROM ${space.table} ORDER BY d LIMIT ?2`;
  const r = await client.execute({
    sql: `WITH top AS (${top})
          SELECT f.*, 1 - top.d AS cosine FROM top JOIN failures AS f ON f.id = top.failure_id`,
    args: [vectorBlob(q), k],
  });
  return r.rows
    .map((row) => ({ row: toRow(row), cosine: Number(row.cosine) }))
    .sort((a, b) => b.cosine - a.cosine || a.row.id - b.row.id);
}

/**
 * The query's cosine to up to `size` stored vectors spread evenly over the ids (point lookups,
 * so the cost does not grow with the store), and how many vectors the space holds (estimated
 * from the share of sampled ids that have one).
 */
export async function background(
  client: Client,
  space: VectorSpace,
  q: Float32Array,
  size = 256,
): Promise<{ cosines: number[]; count: number }> {
  const max = await client.execute(`SELECT coalesce(max(failure_id), 0) AS n FROM ${space.table}`);
  const maxId = Number(max.rows[0]?.n ?? 0);
  if (maxId === 0) return { cosines: [], count: 0 };
  const ids = [
    ...new Set(
      Array.from({ length: Math.min(size, maxId) }, (_, i) =>
        Math.max(1, Math.round(((i + 0.5) * maxId) / Math.min(size, maxId))),
      ),
    ),
  ];
  const r = await client.execute({
    sql: `SELECT 1 - vector_distance_cos(vec, vector32(?1)) AS cosine FROM ${space.table}
          WHERE failure_id IN (SELECT value FROM json_each(?2))`,
    args: [vectorBlob(q), JSON.stringify(ids)],
  });
  const cosines = r.rows.map((row) => Number(row.cosine));
  return { cosines, count: Math.round((cosines.length / ids.length) * maxId) };
}
