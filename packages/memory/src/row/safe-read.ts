import type { Row } from "@libsql/client";
import { decodeStored } from "./utf8.js";

/** The largest id a JavaScript number holds exactly; the database refuses larger ones. */
export const MAX_SAFE_ID = Number.MAX_SAFE_INTEGER;

/**
 * The longest supersession chain walked in each direction. The database refuses a row that
 * supersedes itself or a later row, so chains end; a store forged before that refusal may hold a
 * cycle, which the walk stops at (it never visits a row twice) with a warning.
 */
export const MAX_CHAIN = 10_000;

/** Something a read had to work around in a stored row (an older version's or a forged one). */
export type Warn = (message: string) => void;

/**
 * A SELECT list that reads `columns` (a `ROW_COLUMNS`-style list) so that no stored value can
 * abort the driver: text as its bytes (decoded in JS, invalid UTF-8 replaced), integers beyond
 * 2^53 as their exact decimal text.
 * @example `SELECT ${safeColumns(ROW_COLUMNS, "f")} FROM failures f`
 */
export function safeColumns(columns: string, alias?: string): string {
  return columns
    .split(",")
    .map((c) => c.trim())
    .map((c) => {
      const col = alias ? `${alias}.${c}` : c;
      return `CASE typeof(${col}) WHEN 'text' THEN CAST(${col} AS BLOB) WHEN 'integer' THEN iif(${col} BETWEEN -${MAX_SAFE_ID} AND ${MAX_SAFE_ID}, ${col}, CAST(${col} AS TEXT)) ELSE ${col} END AS ${c}`;
    })
    .join(", ");
}

/**
 * Decode one row read with `safeColumns`: text columns become strings (invalid UTF-8 as
 * U+FFFD, with a warning), and a row holding an integer beyond 2^53 is skipped (null), with a
 * warning naming its exact id.
 * @example const row = decodeRow(res.rows[0], warn); if (row) toExportedRow(row)
 */
export function decodeRow(r: Row, warn: Warn): Row | null {
  const out: Record<string, unknown> = {};
  const id = typeof r.id === "number" ? `failure:${r.id}` : `the row with id ${String(r.id)}`;
  for (const [key, value] of Object.entries(r)) {
    if (value instanceof ArrayBuffer) {
      const { text, valid } = decodeStored(value);
      if (!valid) warn(`${id} holds invalid UTF-8 in ${key}; it is shown with U+FFFD`);
      out[key] = text;
    } else if (typeof value === "string") {
      warn(
        `${id} has ${key} ${value}, beyond 2^53 (only a raw write can store it); the row is skipped`,
      );
      return null;
    } else out[key] = value;
  }
  return out as Row;
}

/** A warning function that says each thing once (a bad row is read by every search). */
export function onceEach(warn: Warn): Warn {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message) || said.size > 10_000) return;
    said.add(message);
    warn(message);
  };
}
