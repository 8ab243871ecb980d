import type { Client } from "@libsql/client";
import { MemoryInputError } from "../errors.js";
import { decodeStored, MAX_SAFE_ID, parseLayer, substanceKey } from "../row/index.js";

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
}

const CAP = 1000;
const PAGE = 1000;
const TEXT = ["session", "task", "approach", "death_reason", "layer"] as const;

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
  const texts = TEXT.map((c) => `CAST(${c} AS BLOB) AS ${c}`).join(", ");
  let last = -MAX_SAFE_ID;
  for (;;) {
    const page = await client.execute({
      sql: `SELECT id, ${texts}, CAST(substance_key AS BLOB) AS substance_key FROM failures
            WHERE id > ? AND id <= ${MAX_SAFE_ID} ORDER BY id LIMIT ${PAGE}`,
      args: [last],
    });
    for (const r of page.rows) {
      const id = String(r.id);
      const text: Record<string, string> = {};
      let valid = true;
      for (const c of [...TEXT, "substance_key"]) {
        const v = r[c];
        const decoded =
          v instanceof ArrayBuffer ? decodeStored(v) : { text: String(v ?? ""), valid: true };
        text[c] = decoded.text;
        valid &&= decoded.valid;
      }
      if (!valid) add(found.invalid_utf8, id);
      if (!derivedMatch(text)) add(found.rewritten, id);
    }
    if (page.rows.length < PAGE) break;
    last = Number(page.rows.at(-1)?.id);
  }
  return found;
}

function derivedMatch(t: Record<string, string>): boolean {
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
