import { createHash } from "node:crypto";
import { z } from "zod";
import { MemoryInputError } from "../errors.js";
import { failureRowSchema, LAYERS, parseLayer } from "../row/index.js";

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * An import line: a failure row (the five contract fields, optionally its provenance and
 * source), or an exported row with its `id`, `layer`, `occurrence_of`, `supersedes` and
 * `created_at`. Ids are the exporting store's: the import maps them to new ones, so
 * `occurrence_of` and `supersedes` must name a line earlier in the same file.
 * @example importLineSchema.parse({ id: 2, session: "s", task: "t", approach: "a", death_reason: "budget: out", supersedes: 1 })
 */
export const importLineSchema = failureRowSchema.extend({
  id: id.optional(),
  layer: z.enum([...LAYERS, "none"]).optional(),
  occurrence_of: id.nullable().optional(),
  supersedes: id.nullable().optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
});
export type ImportLine = z.output<typeof importLineSchema>;

/**
 * What the first pass learns about the file's ids: each `id` once, every reference to an earlier
 * line, each row superseded at most once. Keeps the ids the file defines and the ones referred to
 * (bounded by the file's rows, never by its text).
 */
export class ReferenceCheck {
  private readonly lineOf = new Map<number, number>();
  private readonly superseded = new Map<number, number>();
  /** Old ids that a later line refers to: the second pass keeps only these ids' new ids. */
  readonly referenced = new Set<number>();

  constructor(private readonly file: string) {}

  /** Check one validated line (throws MemoryInputError naming file, line and field). */
  check(row: ImportLine, line: number): void {
    const at = (field: string, message: string) =>
      new MemoryInputError({ file: this.file, line, field }, message);
    const layer = parseLayer(row.death_reason);
    if (row.layer !== undefined && row.layer !== layer)
      throw at("layer", `"${row.layer}" does not match the death reason's layer "${layer}"`);
    for (const field of ["occurrence_of", "supersedes"] as const) {
      const ref = row[field];
      if (ref === null || ref === undefined) continue;
      if (!this.lineOf.has(ref))
        throw at(field, `failure:${ref} is not the id of an earlier line of this file`);
      this.referenced.add(ref);
    }
    if (row.supersedes !== null && row.supersedes !== undefined) {
      const before = this.superseded.get(row.supersedes);
      if (before !== undefined)
        throw at("supersedes", `failure:${row.supersedes} is already superseded on line ${before}`);
      this.superseded.set(row.supersedes, line);
    }
    if (row.id !== undefined) {
      const first = this.lineOf.get(row.id);
      if (first !== undefined) throw at("id", `failure:${row.id} is also the id on line ${first}`);
      this.lineOf.set(row.id, line);
    }
  }
}

/**
 * The import key of a line, from its content (its text, surrounding white space aside): an
 * exported line is keyed by its `id` in the exporting store and its content, so importing a later
 * export of the same store adds only its new rows; a plain row by its line number and content, so
 * two equal lines are two deaths. Appending to a file never changes the keys of its earlier
 * lines: re-running an import never doubles a row. The number leads, zero-padded, so a file's
 * keys go into their unique index in order (random keys would touch a page per row).
 * @example contentKey('{"id":3,"session":"s",...}', 3, 7) // "e:0000000000000003:5f1c…"
 */
export function contentKey(text: string, id: number | undefined, line: number): string {
  const hash = createHash("sha256").update(text.trim()).digest("hex").slice(0, 16);
  return id === undefined
    ? `c:${String(line).padStart(12, "0")}:${hash}`
    : `e:${String(id).padStart(16, "0")}:${hash}`;
}
