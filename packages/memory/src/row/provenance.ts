import { z } from "zod";

/**
 * Where a row's evidence came from:
 * - `real`: a harness run (Harbor, tb); the row names its harness, job, trial and attempt;
 * - `simulated`: a fixture replay (evidence class SIMULATED_LOCAL_FIXTURE), never a refutation;
 * - `person`: someone said so (`fak memory record`);
 * - `imported`: a line of `fak memory import`, whatever it claims: an import line is not
 *   evidence this store can check, so its claimed provenance and source are not kept (a line
 *   claiming `real` and a trial's source must not pre-empt that trial's own record);
 * - `unknown`: written before the store recorded provenance.
 */
export const PROVENANCES = ["real", "simulated", "person", "imported", "unknown"] as const;
export type Provenance = (typeof PROVENANCES)[number];

const name = (field: string) =>
  z.string().refine((s) => s.trim() !== "", { message: `source.${field} is empty` });

/**
 * The trial a real or simulated row came from. Recording the same source twice adds nothing.
 * @example sourceSchema.parse({ harness: "harbor", job: "2026-11-30__job", trial: "fix-git__a1" }).attempt // 1
 */
export const sourceSchema = z.strictObject({
  harness: name("harness"),
  job: name("job"),
  trial: name("trial"),
  attempt: z.number().int().min(1).max(1_000_000).default(1),
});
export type Source = z.output<typeof sourceSchema>;
export type SourceInput = z.input<typeof sourceSchema>;

/** The provenance fields every row input takes (record, supersede, import). */
export const provenanceFields = {
  provenance: z.enum(PROVENANCES).default("person"),
  source: sourceSchema.nullable().optional(),
};

/** Why a provenance and a source do not go together, or undefined when they do. */
export function sourceProblem(
  provenance: Provenance,
  source: Source | null | undefined,
): { field: string; message: string } | undefined {
  const sourced = provenance === "real" || provenance === "simulated";
  if (provenance === "real" && !source)
    return { field: "source", message: "a real row names its harness, job and trial" };
  if (!sourced && source) return { field: "source", message: `a ${provenance} row names no trial` };
  return undefined;
}

/** The columns of a row's source, null where it has none. */
export function sourceColumns(source: Source | null | undefined) {
  return source
    ? [source.harness, source.job, source.trial, source.attempt]
    : [null, null, null, null];
}

/** A source from its stored columns, or null. */
export function sourceFrom(r: Record<string, unknown>): Source | null {
  if (r.source_trial === null || r.source_trial === undefined) return null;
  return {
    harness: String(r.source_harness),
    job: String(r.source_job),
    trial: String(r.source_trial),
    attempt: Number(r.source_attempt ?? 1),
  };
}

/**
 * How a row's origin reads in prior art: "real: harbor job/trial", "simulated fixture", ...
 * @example provenanceLabel("real", { harness: "tb", job: "run-3", trial: "t1", attempt: 1 }) // "real: tb run-3/t1"
 */
export function provenanceLabel(provenance: string, source: Source | null): string {
  const where = source
    ? ` ${source.harness} ${source.job}/${source.trial}${source.attempt > 1 ? ` attempt ${source.attempt}` : ""}`
    : "";
  if (provenance === "real") return `real:${where}`;
  if (provenance === "simulated") return `simulated:${where}`;
  if (provenance === "person") return "recorded by a person";
  if (provenance === "imported") return "imported, unverified";
  return "provenance unknown";
}
