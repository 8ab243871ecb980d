import { createHash } from "node:crypto";
import type { Client, InStatement } from "@libsql/client";
import { retryBusy, toStoreError } from "../db/index.js";
import { MemoryInputError } from "../errors.js";
import { type PreparedRow, prepareValid, validateRow } from "../row/index.js";
import {
  exportKey,
  type ImportLine,
  importLineSchema,
  plainKey,
  plainLine,
  positionKey,
  ReferenceCheck,
} from "./import-line.js";
import { lineReader, type NumberedLine, parseJsonLine } from "./read-lines.js";
import { type BatchLine, type ImportLineResult, writeBatch } from "./write-batch.js";

export type { ImportLineResult } from "./write-batch.js";

/** The statement storing a batch's vectors by import key (embed/semantic.ts), if there are any. */
export type BatchVectors = (
  rows: PreparedRow[],
  importKeys: string[],
) => Promise<InStatement | undefined>;

/**
 * Import tuning: rows per write batch (default 10,000; a batch is also cut at 16 MB of line
 * text), and a callback after each committed batch.
 */
export interface ImportOptions {
  batchSize?: number;
  onProgress?: (linesDone: number) => void;
}

// Each commit rewrites every index page the batch touched, and substance keys are hashes, so
// they land all over their index: larger batches touch each page once for more rows (at 100k
// rows, 10,000 per batch cost 17 µs of CPU a row in the database against 20 µs at 2,000).
// The text cap keeps a batch of huge lines (10 MB logs) from holding hundreds of MB.
const defaultBatchSize = 10_000;
const maxBatchChars = 16 * 1024 * 1024;

/** Cuts a stream of lines into batches the same way on both passes, hashing each batch's text. */
function batcher(batchSize: number) {
  let hash = createHash("sha256");
  let lines = 0;
  let chars = 0;
  const cut = () => {
    const digest = hash.digest("hex");
    hash = createHash("sha256");
    lines = 0;
    chars = 0;
    return digest;
  };
  return {
    /** Add a line; the batch's digest when the batch ends with it. */
    add(l: NumberedLine): string | undefined {
      hash.update(`${l.line}\n${l.text}\n`);
      lines++;
      chars += l.text.length;
      return lines < batchSize && chars < maxBatchChars ? undefined : cut();
    },
    /** The digest of the last, short batch (undefined when there is none). */
    rest: () => (lines > 0 ? cut() : undefined),
  };
}

/**
 * Import failure rows from a JSONL file. The whole file is validated first (streaming), so a bad
 * line names file, line and field and nothing is written; the second pass reads exactly the bytes
 * the first one checked (a writer appending meanwhile changes nothing; a file rewritten in place is
 * refused before its changed batch is written), then rows are scrubbed, layered and written in
 * batches of one INSERT ... SELECT FROM json_each each. Lines are keyed by content (a plain line by
 * its scrubbed fields, never its position), so re-running an import, importing the same export
 * again, or the same death from another file adds nothing twice. Yields one result per line.
 */
export async function* importFile(
  client: Client,
  url: string,
  path: string,
  opts: ImportOptions = {},
  vectors?: BatchVectors,
): AsyncGenerator<ImportLineResult> {
  const batchSize = Math.max(1, opts.batchSize ?? defaultBatchSize);
  const refs = new ReferenceCheck(path);
  const checked = lineReader(path);
  const digests: string[] = [];
  const cutFirst = batcher(batchSize);
  let firstLine: number | undefined;
  for await (const l of checked.lines()) {
    firstLine ??= l.line;
    const value = parseJsonLine(l, path);
    const row =
      plainLine(value) ?? validateRow(value, { file: path, line: l.line }, importLineSchema);
    refs.check(row, l.line);
    const digest = cutFirst.add(l);
    if (digest) digests.push(digest);
  }
  const last = cutFirst.rest();
  if (last) digests.push(last);

  const local = url.startsWith("file:");
  const newIds = new Map<number, number>();
  const remember = (oldId: number, id: number) => {
    if (refs.referenced.has(oldId)) newIds.set(oldId, id);
  };
  let batch: BatchLine[] = [];
  let done = 0;
  const flush = async function* () {
    let results: ImportLineResult[];
    try {
      results = await retryBusy(() =>
        writeBatch(client, batch, (o) => newIds.get(o), remember, vectors, local),
      );
    } catch (err) {
      const e = toStoreError(err, url, "import into");
      e.message += ` (${done} lines were committed before this batch; re-running the import adds only what is missing)`;
      throw e;
    }
    done += batch.length;
    batch = [];
    yield* results;
    opts.onProgress?.(done);
    // The driver frees a finished statement's native memory only when the event loop turns.
    await new Promise(setImmediate);
  };
  const cutSecond = batcher(batchSize);
  // 0.1.0 keyed a line by the file's digest and its number: such lines count as already there.
  // It wrote batches in file order, so it imported some of this file only if the first line.
  const legacy = await legacyPrefix(client, url, checked.digest().slice(0, 16), firstLine);
  const positions = await holdsPositionKeys(client, url);
  // A batch's lines are checked against the first pass's digest before any is read: equal bytes
  // are the lines the first pass validated, so they are parsed without validating them again.
  let pending: NumberedLine[] = [];
  const write = async function* (digest: string | undefined) {
    if (digest !== digests.shift()) changed(path, pending[0]?.line ?? 0, done);
    for (const l of pending) {
      const line = validatedLine(l);
      if (legacy !== undefined) line.legacyKey = `${legacy}:${l.line}`;
      if (positions && line.oldId === undefined) line.positionKey = positionKey(l.text, l.line);
      batch.push(line);
    }
    pending = [];
    yield* flush();
  };
  for await (const l of lineReader(path, path, checked.bytes()).lines()) {
    pending.push(l);
    const digest = cutSecond.add(l);
    if (digest) yield* write(digest);
  }
  if (pending.length > 0) yield* write(cutSecond.rest());
}

async function legacyPrefix(
  client: Client,
  url: string,
  prefix: string,
  firstLine: number | undefined,
): Promise<string | undefined> {
  if (firstLine === undefined) return undefined;
  try {
    const r = await client.execute({
      sql: "SELECT 1 FROM failures WHERE import_key = ?",
      args: [`${prefix}:${firstLine}`],
    });
    return r.rows.length > 0 ? prefix : undefined;
  } catch (err) {
    throw toStoreError(err, url, "import into");
  }
}

/** Whether the store holds plain lines keyed by their position (import-line.ts, positionKey). */
async function holdsPositionKeys(client: Client, url: string): Promise<boolean> {
  try {
    const r = await client.execute(
      "SELECT 1 FROM failures WHERE import_key >= 'c:' AND import_key < 'c;' LIMIT 1",
    );
    return r.rows.length > 0;
  } catch (err) {
    throw toStoreError(err, url, "import into");
  }
}

/**
 * A line of a batch whose bytes are those the first pass validated (its digest matched): parsed,
 * given the schema's defaults (it has no other transform), scrubbed, layered and keyed.
 */
function validatedLine(l: NumberedLine): BatchLine {
  const line = JSON.parse(l.text) as ImportLine;
  // Whatever the line claims: nobody here saw its trial (see PROVENANCES).
  // Objects written out field by field: spreading one costs several µs a row in V8.
  const row = prepareValid(
    {
      session: line.session,
      task: line.task,
      approach: line.approach,
      death_reason: line.death_reason,
      conviction: line.conviction ?? "none",
      provenance: "imported",
      source: null,
    },
    { line: l.line },
  );
  const out: BatchLine = {
    line: l.line,
    row,
    key:
      line.id === undefined
        ? plainKey({
            session: row.session,
            task: row.task,
            approach: row.approach,
            death_reason: row.death_reason,
            conviction: row.conviction,
            created_at: line.created_at,
            supersedes: line.supersedes,
          })
        : exportKey(l.text, line.id),
  };
  if (line.id !== undefined) out.oldId = line.id;
  if (line.supersedes !== null && line.supersedes !== undefined)
    out.oldSupersedes = line.supersedes;
  if (line.created_at !== undefined) out.createdAt = line.created_at;
  return out;
}

function changed(path: string, line: number, done: number): never {
  throw new MemoryInputError(
    { file: path, line, field: "(file)" },
    `the file changed while it was being imported (${done} lines were committed before; re-running the import adds only what is missing)`,
  );
}
