// The tables of a vector space, made at run time (one per model and dimension count): what the
// store creates when an embedder first gives vectors of that size, and what the schema check
// expects of each space the registry lists.

/**
 * One vector space: the vectors one model gives at one dimension count, stored in their own
 * append-only table `failure_vectors_<id>` (`failure_id` = the row's id, `vec F32_BLOB(dims)`),
 * optionally with a cosine `libsql_vector_idx` index. A table per space because F32_BLOB(n)
 * fixes n per column, and because vectors of different models must never be compared.
 */
export interface VectorSpace {
  id: number;
  model: string;
  dims: number;
  table: string;
  index: string;
  /** Whether the table has its libsql_vector_idx index (search through vector_top_k). */
  indexed: boolean;
}

/** Space `id` of (model, dims), with the names of its table and index. */
export function spaceOf(id: number, model: string, dims: number): VectorSpace {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`no vector space for ${model}/${dims}`);
  const table = `failure_vectors_${id}`;
  return { id, model, dims, table, index: `${table}_idx`, indexed: false };
}

// DiskANN with its defaults cost about 39 ms and 160 KB a row to insert 384-dimensional vectors
// here; neighbours compressed to 1 bit and at most 16 of them about 2 ms and 11 KB on a small
// table, and more as it grows (bench/embed-import.ts). Hits are re-scored with the exact cosine.
const INDEX_OPTIONS =
  "'metric=cosine', 'compress_neighbors=float1bit', 'max_neighbors=16', 'insert_l=32'";

/**
 * The statements that make one vector space's table, index and append-only triggers: what
 * `ensureSpace` runs, and what the schema check expects of a space the registry lists.
 * @example vectorSpaceStatements(1, "m", 64, false)[0] // "CREATE TABLE IF NOT EXISTS failure_vectors_1 (..."
 */
export function vectorSpaceStatements(
  id: number,
  model: string,
  dims: number,
  annIndex: boolean,
): string[] {
  return spaceDdl(spaceOf(id, model, dims), annIndex);
}

function spaceDdl(s: VectorSpace, annIndex: boolean): string[] {
  const refuse = "BEGIN SELECT RAISE(ABORT, 'fak: failures are append-only'); END";
  return [
    `CREATE TABLE IF NOT EXISTS ${s.table} (
       failure_id INTEGER PRIMARY KEY REFERENCES failures(id),
       vec F32_BLOB(${s.dims}) NOT NULL)`,
    ...(annIndex
      ? [
          `CREATE INDEX IF NOT EXISTS ${s.index} ON ${s.table} (libsql_vector_idx(vec, ${INDEX_OPTIONS}))`,
        ]
      : []),
    `CREATE TRIGGER IF NOT EXISTS ${s.table}_no_update BEFORE UPDATE ON ${s.table} ${refuse}`,
    `CREATE TRIGGER IF NOT EXISTS ${s.table}_no_delete BEFORE DELETE ON ${s.table} ${refuse}`,
    `CREATE TRIGGER IF NOT EXISTS ${s.table}_no_replace BEFORE INSERT ON ${s.table}
       WHEN EXISTS (SELECT 1 FROM ${s.table} WHERE failure_id = NEW.failure_id) ${refuse}`,
  ];
}
