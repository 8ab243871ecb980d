export { type HarnessCause, mapHarnessCause, tbModeRecordsFailure } from "./harness-cause.js";
export { judgeTrial } from "./judge.js";
export { isProbe, programOf, repairs, unrepaired } from "./repair.js";
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
export { readVerifierFailure } from "./verifier.js";
