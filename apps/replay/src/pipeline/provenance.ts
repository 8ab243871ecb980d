import type { Provenance, Source } from "@fak/memory";
import type { TrialMeta } from "./trial.js";

/** Where a death row's evidence came from: `@fak/memory`'s provenance and source. */
export type RowProvenance =
  | { provenance: Extract<Provenance, "real" | "simulated">; source: Source }
  | { provenance: "unknown"; source: null };

/**
 * A trial's provenance: `simulated` for a fixture replay (its report's evidence class is
 * SIMULATED_LOCAL_FIXTURE), `real` for a harness trial that names its job and trial, else
 * `unknown` (a caller's own trials that say neither). The source (harness, job, trial, attempt)
 * is what makes recording the same trial twice add nothing.
 * @example rowProvenance({ harness: "harbor", job: "j", trial_id: "t" }, 1).provenance // "real"
 */
export function rowProvenance(meta: TrialMeta, attempt: number): RowProvenance {
  const trial = meta.trial_id;
  const at = meta.attempt ?? attempt;
  if (meta.evidence === "simulated") {
    if (!trial) return { provenance: "unknown", source: null };
    const source = { harness: meta.harness ?? "fixture", job: meta.job ?? "fixture", trial };
    return { provenance: "simulated", source: { ...source, attempt: at } };
  }
  if (meta.harness && meta.job && trial) {
    return {
      provenance: "real",
      source: { harness: meta.harness, job: meta.job, trial, attempt: at },
    };
  }
  return { provenance: "unknown", source: null };
}
