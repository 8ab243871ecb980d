import * as crypto from "node:crypto";
import { z } from "zod";
import { MemoryInputError } from "../errors.js";
import { CONVICTIONS, failureRowSchema, LAYERS, parseLayer, unstorableText } from "../row/index.js";

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

const PLAIN_FIELDS = new Set(["session", "task", "approach", "death_reason", "conviction"]);
const TEXT_FIELDS = ["session", "task", "approach", "death_reason"] as const;

/**
 * `importLineSchema`'s output for the common line, the five contract fields and nothing else,
 * without running zod: undefined for any other line (another field, a value of another type, a
 * blank text, a lone surrogate, an unknown conviction), which then goes through the schema for
 * its verdict and its error message (an unknown layer prefix too). Whatever this accepts the schema accepts, with the same
 * output (`conviction` defaulted to `none`, `provenance` to `person`, no `source`).
 * @example plainLine({ session: "s", task: "t", approach: "a", death_reason: "d" })?.conviction // "none"
 */
export function plainLine(value: unknown): ImportLine | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const o = value as Record<string, unknown>;
  for (const k in o) if (!PLAIN_FIELDS.has(k)) return undefined;
  for (const f of TEXT_FIELDS) {
    const t = o[f];
    if (typeof t !== "string" || t.trim() === "" || unstorableText(t) !== null) return undefined;
  }
  const conviction = o.conviction === undefined ? "none" : o.conviction;
  if (!(CONVICTIONS as readonly unknown[]).includes(conviction)) return undefined;
  try {
    parseLayer(o.death_reason as string);
  } catch {
    return undefined; // an unknown layer prefix: the schema's path names it
  }
  return {
    session: o.session as string,
    task: o.task as string,
    approach: o.approach as string,
    death_reason: o.death_reason as string,
    conviction: conviction as ImportLine["conviction"],
    provenance: "person",
  };
}

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
    // validateRow parsed the layer already: read again only to compare with a claimed one.
    const layer = row.layer === undefined ? undefined : parseLayer(row.death_reason);
    if (row.layer !== layer)
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
 * The import key of an exported line: its `id` in the exporting store and its content (its text,
 * surrounding white space aside), so importing a later export of the same store adds only its
 * new rows. The id leads, zero-padded, so an export's keys go into their unique index in order.
 * @example exportKey('{"id":3,"session":"s",...}', 3) // "e:0000000000000003:5f1c…"
 */
export function exportKey(text: string, id: number): string {
  return `e:${String(id).padStart(16, "0")}:${sha256(text.trim()).slice(0, 16)}`;
}

/** What makes a plain line's death the same death: its fields as they are stored (scrubbed). */
export interface PlainContent {
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  conviction: string;
  created_at?: string | undefined;
  supersedes?: number | null | undefined;
}

/**
 * The import key of a plain line (one without an exported `id`): 128 bits of SHA-256 over its
 * scrubbed fields, never its position. The same death imported from two files, at another line
 * or twice in one file, is one row; two lines that differ only in a secret's value (both stored
 * as the same `[REDACTED:kind]`) are the same death too. A `created_at` or `supersedes` the
 * line gives is part of it.
 * @example plainKey({ session: "s", task: "t", approach: "a", death_reason: "budget: out", conviction: "none" }) // "p:9c0e…"
 */
export function plainKey(c: PlainContent): string {
  const fields = [c.session, c.task, c.approach, c.death_reason, c.conviction];
  const extra = [c.created_at ?? null, c.supersedes ?? null];
  return `p:${sha256(JSON.stringify(extra[0] === null && extra[1] === null ? fields : [...fields, ...extra])).slice(0, 32)}`;
}

/**
 * The key earlier versions gave a plain line, by its position: `c:<line number>:<sha256 prefix
 * of the line>`. Stores written by them hold it; an import probes it too (only when the store
 * holds such keys), so importing the same file into such a store again still adds nothing.
 */
export function positionKey(text: string, line: number): string {
  return `c:${String(line).padStart(12, "0")}:${sha256(text.trim()).slice(0, 16)}`;
}

function sha256(text: string): string {
  // crypto.hash (Node >= 20.12) is the one-shot fast path; createHash is the same digest.
  return crypto.hash
    ? crypto.hash("sha256", text, "hex")
    : crypto.createHash("sha256").update(text).digest("hex");
}
