import {
  classify,
  type FailureClassification,
  failureSignalsSchema,
  taskFailed,
} from "@fak/taxonomy";
import { classifyHarnessCause } from "../importers/harness-causes.js";
import type { IngestedTrial } from "../importers/ingest-types.js";
import type { Trial } from "./trial.js";

/**
 * A trial as `classifyTrial` reads it: an imported trial (`IngestedTrial`, its cause at
 * `harness_cause`) or a pipeline trial (`Trial`, its cause at `meta.harness_cause`).
 */
export type ClassifiableTrial = Pick<IngestedTrial, "signals" | "harness_cause"> | Trial;

/**
 * Classify one trial as a whole: `classify(signals)`, whose trial-level part (the harness's
 * verdict and cause, setup, verifier, screens) decides in the taxonomy's fixed order. Signals
 * without a trial part (a caller's own) fall back on the harness cause alone when they failed.
 * @example classifyTrial(trial) // { category: "TIMEOUT", reason: "TIMEOUT:AgentTimeoutError", ... }
 */
export function classifyTrial(trial: ClassifiableTrial): FailureClassification {
  const signals = failureSignalsSchema.parse(trial.signals);
  const cause =
    "harness_cause" in trial ? trial.harness_cause : (trial as Trial).meta?.harness_cause;
  if (cause && !signals.trial && taskFailed(signals))
    return classifyHarnessCause(signals.task_id, cause);
  return classify(signals);
}
