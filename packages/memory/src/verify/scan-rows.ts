import type { Client } from "@libsql/client";
import { MemoryInputError } from "../errors.js";
import {
  CONVICTIONS,
  decodeStored,
  MAX_SAFE_ID,
  PROVENANCES,
  parseLayer,
  rowDigest,
  substanceKey,
} from "../row/index.js";

/** What a scan of every row found (ids as exact decimal text: some may be beyond 2^53). */
export interface RowFindings {
  rows: number;
  /** Rows whose text is not valid UTF-8 (read with U+FFFD). */
  invalid_utf8: string[];
  /** Rows whose id is below 1 or beyond 2^53 (only a raw write stores one). */
  ids_out_of_range: string[];
  /** Rows that supersede or repeat themselves, a later row, or a row that does not exist. */
  bad_references: string[];
  /** Rows whose substance key or layer does not follow from their text: rewritten in place. */
  rewritten: string[];
  /**
   * Rows with a value fak never writes: a conviction or provenance outside the vocabulary, a
   * `created_at` that is not an ISO time, a source without a trial or on a row that names none.
   */
  bad_values: string[];
  /** Rows whose stored digest does not match their columns: a byte changed after writing. */
  changed: string[];
  /** Rows written before the store kept digests (their bytes cannot be checked). */
  undigested: number;
}

const CAP = 1000;
const PAGE = 1000;
const TEXT = [
  "session",
  "task",
  "approach",
  "death_reason",
  "layer",
  "conviction",
  "created_at",
  "provenance",
  "source_harness",
  "source_job",
  "source_trial",
  "substance_key",
  "row_digest",
] as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Read every row once (paged, in id order, text as bytes) and report what fak would never have
 * written: invalid UTF-8, ids out of range, references that are not to an earlier row, and
 * rows whose derived columns (substance key, layer) no longer match their text. At most 1000
 * ids per finding.
 */
export async function scanRows(client: Client): Promise<RowFindings> {
  const found: RowFindings = {
    rows: 0,
    invalid_utf8: [],
    ids_out_of_range: [],
    bad_references: [],
    rewritten: [],
    bad_values: [],
    changed: [],
    undigested: 0,
  };
  const add = (list: string[], id: string) => {
    if (list.length < CAP) list.push(id);
  };
  const count = await client.execute("SELECT count(*) AS n FROM failures");
  found.rows = Number(count.rows[0]?.n ?? 0);
  const range = await client.execute(
    `SELECT CAST(id AS TEXT) AS id FROM failures WHERE id < 1 OR id > ${MAX_SAFE_ID} ORDER BY id LIMIT ${CAP}`,
  );
  for (const r of range.rows) add(found.ids_out_of_range, String(r.id));
  const refs = await client.execute(`SELECT CAST(id AS TEXT) AS id FROM failures f
    WHERE f.supersedes >= f.id OR f.occurrence_of >= f.id
      OR (f.supersedes IS NOT NULL AND NOT EXISTS (SELECT 1 FROM failures s WHERE s.id = f.supersedes))
      OR (f.occurrence_of IS NOT NULL AND NOT EXISTS (SELECT 1 FROM failures o WHERE o.id = f.occurrence_of))
    ORDER BY id LIMIT ${CAP}`);
  for (const r of refs.rows) add(found.bad_references, String(r.id));
  // A store an older @fak/memory wrote has no digests (nor, before provenance, a source).
  const info = await client.execute("SELECT name FROM pragma_table_info('failures')");
  const have = new Set(info.rows.map((r) => String(r.name)));
  const texts = TEXT.map((c) => (have.has(c) ? `CAST(${c} AS BLOB) AS ${c}` : `NULL AS ${c}`)).join(
    ", ",
  );
  const numbers = have.has("source_attempt")
    ? "source_attempt, typeof(source_attempt) AS attempt_type"
    : "NULL AS source_attempt, 'null' AS attempt_type";
  let last = -MAX_SAFE_ID;
  for (;;) {
    const page = await client.execute({
      sql: `SELECT id, ${texts}, ${numbers} FROM failures
            WHERE id > ? AND id <= ${MAX_SAFE_ID} ORDER BY id LIMIT ${PAGE}`,
      args: [last],
    });
    for (const r of page.rows) {
      const id = String(r.id);
      const text: Record<string, string | null> = { provenance: "unknown" };
      let valid = true;
      for (const c of TEXT) {
        const v = r[c];
        if (v === null && c === "provenance") continue;
        const decoded =
          v instanceof ArrayBuffer
            ? decodeStored(v)
            : { text: v === null || v === undefined ? null : String(v), valid: true };
        text[c] = decoded.text;
        valid &&= decoded.valid;
      }
      const attempt = r.attempt_type === "integer" ? Number(r.source_attempt) : null;
      if (!valid) add(found.invalid_utf8, id);
      if (!derivedMatch(text)) add(found.rewritten, id);
      if (!valuesValid(text, r.attempt_type)) add(found.bad_values, id);
      if (text.row_digest === null) found.undigested++;
      else if (text.row_digest !== digestOf(text, attempt)) add(found.changed, id);
    }
    if (page.rows.length < PAGE) break;
    last = Number(page.rows.at(-1)?.id);
  }
  return found;
}

function valuesValid(t: Record<string, string | null>, attemptType: unknown): boolean {
  const sourced = t.source_trial !== null;
  const complete = t.source_harness !== null && t.source_job !== null && attemptType === "integer";
  const none = t.source_harness === null && t.source_job === null && attemptType === "null";
  return (
    CONVICTIONS.includes(t.conviction as (typeof CONVICTIONS)[number]) &&
    PROVENANCES.includes(t.provenance as (typeof PROVENANCES)[number]) &&
    ISO_TIME.test(t.created_at ?? "") &&
    !Number.isNaN(Date.parse(t.created_at ?? "")) &&
    (sourced ? complete && (t.provenance === "real" || t.provenance === "simulated") : none)
  );
}

function digestOf(t: Record<string, string | null>, attempt: number | null): string {
  const s = (k: string) => t[k] ?? "";
  return rowDigest({
    session: s("session"),
    task: s("task"),
    approach: s("approach"),
    death_reason: s("death_reason"),
    layer: s("layer"),
    conviction: s("conviction"),
    created_at: s("created_at"),
    provenance: s("provenance"),
    source:
      t.source_trial === null
        ? null
        : {
            harness: s("source_harness"),
            job: s("source_job"),
            trial: s("source_trial"),
            attempt: attempt ?? 0,
          },
  });
}

function derivedMatch(t: Record<string, string | null>): boolean {
  const approach = t.approach ?? "";
  const death = t.death_reason ?? "";
  if (substanceKey(approach, death) !== t.substance_key) return false;
  try {
    return parseLayer(death) === t.layer;
  } catch (err) {
    if (err instanceof MemoryInputError) return false;
    throw err;
  }
}
