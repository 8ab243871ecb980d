// The public API of @fak/taxonomy, as its README documents it. Everything else is internal and
// free to change.

export { ANSI_ESCAPES, stripAnsi } from "./ansi.js";
export { classify, classifyParsed, taskFailed } from "./classify.js";
export {
  FAILURE_CODES,
  type FailureCode,
  HOLD_BYPASSING_ACTIONS,
  OUTCOME_CODES,
  type OutcomeCode,
  RECOVERY_ACTIONS,
  RECOVERY_DESCRIPTIONS,
  RECOVERY_FOR,
  type RecoveryAction,
  VERDICTS,
  type Verdict,
} from "./codes.js";
export { displaySafe, INVISIBLE_CHARS } from "./display.js";
export {
  type CategoryScore,
  evaluateOutcomes,
  type LabelledOutcome,
  labelledOutcomeSchema,
  type OutcomeEvaluation,
  renderEvaluation,
} from "./eval.js";
export {
  decodeText,
  fieldPath,
  InputError,
  type InputLocation,
  parseJsonLines,
  parseJsonOrJsonLines,
  validate,
} from "./input.js";
export { renderTaxonomyMarkdown } from "./markdown.js";
export { type NormalizeLimits, normalizeStderr, STDERR_LIMITS } from "./normalize.js";
export {
  classifyOutcome,
  isFailedOutcome,
  lastFailedOutcome,
  type OutcomeClassification,
} from "./outcome.js";
export { rollup } from "./rollup.js";
export {
  BAD_FILE_EDIT_RULES,
  CMD_ERROR_RULES,
  defineRules,
  ENV_SETUP_MISS_RULES,
  OUTCOME_RULES,
  type OutcomeRule,
  type OutcomeRuleEntry,
  PKG_INSTALL_RULES,
  RULE_PRIORITY,
  TIMEOUT_RULES,
} from "./rules/index.js";
export {
  type ArmResult,
  armResultSchema,
  type CommandEvent,
  type CommandOutcome,
  type CommandOutcomeInput,
  commandEventSchema,
  commandOutcomeSchema,
  type FailureClassification,
  type FailureSignals,
  type FailureSignalsInput,
  type FailureTaxonomy,
  failureClassificationSchema,
  failureCodeSchema,
  failureSignalsSchema,
  failureTaxonomySchema,
  type RetryDirective,
  recoveryActionSchema,
  retryDirectiveSchema,
  TAXONOMY_SCHEMA,
  type TestResult,
  testResultSchema,
  verdictSchema,
  wireSchemas,
} from "./schemas.js";
export {
  ATTRIBUTIONS,
  type Attribution,
  attributionSchema,
  type EvidenceLine,
  evidenceLineSchema,
  type HarnessCause,
  type HarnessCauseSignal,
  mapHarnessCause,
  type ScreenSignal,
  type SourceRef,
  type Step,
  sourceRefSchema,
  stepsOf,
  type TrialSignals,
  type TrialSignalsInput,
  tbModeRecordsFailure,
  trialSignalsSchema,
  unrepaired,
} from "./trial/index.js";
