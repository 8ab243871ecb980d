import type { Client, InStatement } from "@libsql/client";
import { toStoreError } from "./driver-error.js";
import { MemoryStoreError } from "./errors.js";
import { lineReader, parseJsonLine } from "./lines.js";
import { retryBusy } from "./retry.js";
import { type PreparedRow, prepareRow, validateRow } from "./row.js";

/** What became of one import line. */
export interface ImportLineResult {
  line: number;
  id: number;
  occurrence_of: number | null;
}

/**
 * Import tuning: rows per write batch (default 10,000; a batch is also cut at 16 MB of line
 * text), and a callback after each committed batch.
 */
export interface ImportOptions {
  batchSize?: number;
  onProgress?: (linesDone: number) => void;
}

// One statement per batch. Ids are given explicitly (the table's next id + index in the batch),
// so a line can name an earlier line of the same batch as its first occurrence; the SELECT is
// evaluated whole before any row goes in (SQLite buffers INSERT ... SELECT on a table with
// triggers), under the write lock. Lines already imported (same import key) are skipped, which
// makes re-running an interrupted or finished import add nothing twice.
const INSERT_BATCH = `INSERT INTO failures
  (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key, occurrence_of, supersedes, import_key)
WITH base AS MATERIALIZED (
  SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'failures'), 0),
             COALESCE((SELECT MAX(id) FROM failures), 0)) AS n
), batch AS (
  SELECT CAST(key AS INTEGER) AS k, value AS v FROM json_each(?1)
)
SELECT base.n + 1 + batch.k,
  json_extract(v, '$[0]'), json_extract(v, '$[1]'), json_extract(v, '$[2]'), json_extract(v, '$[3]'),
  json_extract(v, '$[4]'), json_extract(v, '$[5]'), ?2, json_extract(v, '$[6]'),
  COALESCE(
    (SELECT MIN(f.id) FROM failures AS f WHERE f.substance_key = json_extract(v, '$[6]')),
    CASE WHEN json_extract(v, '$[7]') = batch.k THEN NULL ELSE base.n + 1 + json_extract(v, '$[7]') END),
  NULL, json_extract(v, '$[8]')
FROM batch, base
WHERE NOT EXISTS (SELECT 1 FROM failures AS d WHERE d.import_key = json_extract(v, '$[8]'))
ORDER BY batch.k`;

// Each commit rewrites every index page the batch touched, and substance keys are hashes, so
// they land all over their index: larger batches touch each page once for more rows (at 100k
// rows, 10,000 per batch cost 17 µs of CPU a row in the database against 20 µs at 2,000).
// The text cap keeps a batch of huge lines (10 MB logs) from holding hundreds of MB.
const defaultBatchSize = 10_000;
const maxBatchChars = 16 * 1024 * 1024;

const READ_BATCH = `SELECT f.id, f.occurrence_of FROM json_each(?1) AS j
JOIN failures AS f ON f.import_key = j.value ORDER BY CAST(j.key AS INTEGER)`;

/**
 * Import failure rows from a JSONL file. The whole file is validated first (streaming), so a bad
 * line names file, line and field and nothing is written; then rows are scrubbed, layered and
 * written in batches of one INSERT ... SELECT FROM json_each each. Yields one result per line.
 */
export async function* importFile(
  client: Client,
  url: string,
  path: string,
  opts: ImportOptions = {},
  vectors?: BatchVectors,
): AsyncGenerator<ImportLineResult> {
  const batchSize = Math.max(1, opts.batchSize ?? defaultBatchSize);
  const check = lineReader(path);
  for await (const l of check.lines())
    validateRow(parseJsonLine(l, path), { file: path, line: l.line });
  const importId = check.digest().slice(0, 16);

  let batch: { line: number; row: PreparedRow }[] = [];
  let batchChars = 0;
  let done = 0;
  const flush = async function* () {
    const results = await writeBatch(client, url, importId, batch, done, vectors);
    done += batch.length;
    batch = [];
    batchChars = 0;
    yield* results;
    opts.onProgress?.(done);
    // The driver frees a finished statement's native memory only when the event loop turns.
    await new Promise(setImmediate);
  };
  for await (const l of lineReader(path).lines()) {
    batch.push({
      line: l.line,
      row: prepareRow(parseJsonLine(l, path), { file: path, line: l.line }),
    });
    batchChars += l.text.length;
    if (batch.length >= batchSize || batchChars >= maxBatchChars) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

/** The statement storing a batch's vectors by import key (embed/semantic.ts), if there are any. */
export type BatchVectors = (
  rows: PreparedRow[],
  importKeys: string[],
) => Promise<InStatement | undefined>;

async function writeBatch(
  client: Client,
  url: string,
  importId: string,
  batch: { line: number; row: PreparedRow }[],
  committed: number,
  vectors?: BatchVectors,
): Promise<ImportLineResult[]> {
  const firstIndex = new Map<string, number>();
  const payload = batch.map(({ line, row }, i) => {
    if (!firstIndex.has(row.substance_key)) firstIndex.set(row.substance_key, i);
    return [
      row.session,
      row.task,
      row.approach,
      row.death_reason,
      row.layer,
      row.conviction,
      row.substance_key,
      firstIndex.get(row.substance_key),
      `${importId}:${line}`,
    ];
  });
  const importKeys = payload.map((p) => p[8] as string);
  const keys = JSON.stringify(importKeys);
  // Embedded before the write transaction, so the write lock is never held across the network.
  const vector = await vectors?.(
    batch.map((b) => b.row),
    importKeys,
  );
  try {
    const done = await retryBusy(() =>
      client.batch(
        [
          { sql: INSERT_BATCH, args: [JSON.stringify(payload), new Date().toISOString()] },
          ...(vector ? [vector] : []),
          { sql: READ_BATCH, args: [keys] },
        ],
        "write",
      ),
    );
    const read = done.at(-1);
    if (read?.rows.length !== batch.length) {
      throw new MemoryStoreError(
        "FAILED",
        `import into ${url}: ${read?.rows.length} of ${batch.length} lines read back`,
      );
    }
    return read.rows.map((r, i) => ({
      line: batch[i]!.line,
      id: Number(r.id),
      occurrence_of: r.occurrence_of === null ? null : Number(r.occurrence_of),
    }));
  } catch (err) {
    const e = toStoreError(err, url, "import into");
    e.message += ` (${committed} lines were committed before this batch; re-running the import adds only what is missing)`;
    throw e;
  }
}
