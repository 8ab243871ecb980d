import { z } from "zod";
import { MemoryInputError, type MemoryInputLocation } from "../errors.js";
import { scrubTogether } from "../scrub/index.js";
import { type Layer, parseLayer } from "./layers.js";
import { type Provenance, provenanceFields, type Source, sourceProblem } from "./provenance.js";
import { substanceKey } from "./substance.js";
import { unstorableText } from "./utf8.js";

/** How sure the killer was: `none` when nobody said. */
export const CONVICTIONS = ["high", "medium", "low", "none"] as const;
export type Conviction = (typeof CONVICTIONS)[number];

// Every text column passes here on every write path (record, supersede, import, ingest), so a
// lone surrogate is refused before it can reach the database as invalid UTF-8.
const text = (field: string) =>
  z
    .string()
    .refine((s) => s.trim() !== "", { message: `${field} is empty` })
    .superRefine((s, ctx) => {
      const why = unstorableText(s);
      if (why) ctx.addIssue({ code: "custom", message: why });
    });

/**
 * One failure row as it is recorded or imported (a JSONL import line): strict, so an unknown
 * field is an error. `conviction` defaults to `none`, `provenance` to `person` (provenance.ts);
 * a `real` row names its `source` trial.
 * @example failureRowSchema.parse({ session: "s1", task: "fix-git", approach: "rebase", death_reason: "verifier: tests fail" })
 */
export const failureRowSchema = z.strictObject({
  session: text("session"),
  task: text("task"),
  approach: text("approach"),
  death_reason: text("death_reason"),
  conviction: z.enum(CONVICTIONS).default("none"),
  ...provenanceFields,
});

type RowOutput = z.output<typeof failureRowSchema>;

/** A row to record: `conviction` may be left out. */
export type FailureRowInput = z.input<typeof failureRowSchema>;

/** A row ready to write: validated, scrubbed, its layer parsed and its substance keyed. */
export interface PreparedRow {
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  layer: Layer;
  conviction: Conviction;
  substance_key: string;
  provenance: Provenance;
  source: Source | null;
}

type Where = Omit<MemoryInputLocation, "field">;

/** Validate without scrubbing (the import's first pass); throws MemoryInputError. */
export function validateRow<S extends z.ZodType<RowOutput> = typeof failureRowSchema>(
  value: unknown,
  where: Where = {},
  schema: S = failureRowSchema as unknown as S,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue?.code === "unrecognized_keys") {
      throw new MemoryInputError({ ...where, field: issue.keys[0] ?? "(row)" }, "unknown field");
    }
    const field = issue?.path.length ? issue.path.map(String).join(".") : "(row)";
    throw new MemoryInputError({ ...where, field }, issue?.message ?? "invalid row");
  }
  const problem = sourceProblem(result.data.provenance, result.data.source);
  if (problem) throw new MemoryInputError({ ...where, field: problem.field }, problem.message);
  try {
    parseLayer(result.data.death_reason);
  } catch (err) {
    if (err instanceof MemoryInputError)
      throw new MemoryInputError({ ...where, field: err.field }, strip(err));
    throw err;
  }
  return result.data;
}

/**
 * Validate, scrub every text field, parse the layer and key the substance: the only way a row
 * reaches the database, so no secret reaches the table or its full-text index.
 * @example prepareRow({ session: "s", task: "t", approach: "a", death_reason: "budget: out of turns" }).layer // "budget"
 */
export function prepareRow(
  value: unknown,
  where: Where = {},
  schema: z.ZodType<RowOutput> = failureRowSchema,
): PreparedRow {
  return prepareValid(validateRow(value, where, schema), where);
}

/** `prepareRow` for a row `validateRow` already accepted. */
export function prepareValid(row: RowOutput, where: Where = {}): PreparedRow {
  // One row's fields are scrubbed together: a secret redacted in one is redacted wherever a
  // copy of it stands in the others (the approach quoting it folded to lower case).
  const [session, task, approach, death_reason, harness, job, trial] = scrubTogether([
    row.session,
    row.task,
    row.approach,
    row.death_reason,
    row.source?.harness ?? "",
    row.source?.job ?? "",
    row.source?.trial ?? "",
  ]);
  const clean = (field: "session" | "task" | "approach" | "death_reason", scrubbed = "") => {
    const why = unstorableText(scrubbed);
    if (why) throw new MemoryInputError({ ...where, field }, `${why} after scrubbing`);
    return scrubbed;
  };
  const cleanApproach = clean("approach", approach);
  const cleanReason = clean("death_reason", death_reason);
  return {
    session: clean("session", session),
    task: clean("task", task),
    approach: cleanApproach,
    death_reason: cleanReason,
    layer: parseLayer(cleanReason),
    conviction: row.conviction,
    substance_key: substanceKey(cleanApproach, cleanReason),
    provenance: row.provenance,
    source: row.source
      ? {
          harness: harness ?? "",
          job: job ?? "",
          trial: trial ?? "",
          attempt: row.source.attempt,
        }
      : null,
  };
}

function strip(err: MemoryInputError): string {
  return err.message.slice(err.message.indexOf(": ") + 2);
}
