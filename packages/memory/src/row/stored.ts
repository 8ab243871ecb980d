import type { Row as DriverRow } from "@libsql/client";
import type { Conviction } from "./input.js";
import type { Layer } from "./layers.js";
import { type Provenance, type Source, sourceFrom } from "./provenance.js";
import { decodeRow, safeColumns, type Warn } from "./safe-read.js";

/** A stored row as exported (JSONL) and returned: the import fields plus what the store adds. */
export interface ExportedRow {
  id: number;
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  conviction: Conviction;
  layer: Layer;
  occurrence_of: number | null;
  supersedes: number | null;
  created_at: string;
  /** Where the evidence came from, and the trial of a real or simulated row (else null). */
  provenance: Provenance;
  source: Source | null;
}

/** The columns of an ExportedRow, in export order, for SELECT and RETURNING lists. */
export const ROW_COLUMNS =
  "id, session, task, approach, death_reason, conviction, layer, occurrence_of, supersedes, created_at, provenance, source_harness, source_job, source_trial, source_attempt";

/** An ExportedRow from a libSQL result row selected with ROW_COLUMNS. */
export function toExportedRow(r: DriverRow): ExportedRow {
  return {
    id: Number(r.id),
    session: String(r.session),
    task: String(r.task),
    approach: String(r.approach),
    death_reason: String(r.death_reason),
    conviction: String(r.conviction) as Conviction,
    layer: String(r.layer) as Layer,
    occurrence_of: r.occurrence_of === null ? null : Number(r.occurrence_of),
    supersedes: r.supersedes === null ? null : Number(r.supersedes),
    created_at: String(r.created_at),
    provenance: String(r.provenance) as Provenance,
    source: sourceFrom(r),
  };
}

/** A failures row as search reads it. */
export interface Row {
  id: number;
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  layer: string;
  conviction: string;
  created_at: string;
  occurrence_of: number | null;
  supersedes: number | null;
  provenance: string;
  source: Source | null;
}

export function toRow(r: Record<string, unknown>): Row {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    session: String(r.session ?? ""),
    task: String(r.task ?? ""),
    approach: String(r.approach ?? ""),
    death_reason: String(r.death_reason ?? ""),
    layer: String(r.layer ?? "none"),
    conviction: String(r.conviction ?? "none"),
    created_at: String(r.created_at ?? ""),
    occurrence_of: num(r.occurrence_of),
    supersedes: num(r.supersedes),
    provenance: String(r.provenance ?? "unknown"),
    source: sourceFrom(r),
  };
}

/** The SELECT list of a candidate row, read so that no stored value aborts the driver. */
export function candidateColumns(alias?: string): string {
  return safeColumns(ROW_COLUMNS, alias);
}

/** Candidate rows from rows selected with `candidateColumns` (unreadable ones skipped). */
export function toRows(rows: DriverRow[], warn: Warn): Row[] {
  return rows.flatMap((r) => {
    const decoded = decodeRow(r, warn);
    return decoded ? [toRow(decoded)] : [];
  });
}

const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

/**
 * "second death, see failure:12" for an occurrence, "new failure:13" for a new substance.
 * @example occurrenceMessage(13, 12, 2) // "second death, see failure:12"
 */
export function occurrenceMessage(id: number, first: number | null, deaths: number): string {
  if (first === null) return `new failure:${id}`;
  return `${ordinal(deaths)} death, see failure:${first}`;
}

function ordinal(n: number): string {
  const word = ORDINALS[n - 1];
  if (word) return word;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
  return `${n}${suffix}`;
}
