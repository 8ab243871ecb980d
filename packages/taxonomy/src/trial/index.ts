// Real trials judged as a whole (`judge.ts`, reached through `classify`): the harness-cause
// table, a trial's steps, the failures nothing later repaired, the verifier's first failure.

export { type HarnessCause, mapHarnessCause, tbModeRecordsFailure } from "./harness-cause.js";
export { unrepaired } from "./repair.js";
export {
  ATTRIBUTIONS,
  type Attribution,
  attributionSchema,
  type EvidenceLine,
  evidenceLineSchema,
  type HarnessCauseSignal,
  type ScreenSignal,
  type SourceRef,
  sourceRefSchema,
  type TrialSignals,
  type TrialSignalsInput,
  trialSignalsSchema,
} from "./schema.js";
export { type Step, stepsOf } from "./steps.js";
