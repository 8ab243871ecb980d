export { BUSY_DEADLINE_MS, DEFAULT_URL } from "./db/index.js";
export {
  type Embedder,
  EmbeddingError,
  type EmbeddingErrorCode,
  embeddingsEndpoint,
  type HttpEmbedderOptions,
  httpEmbedder,
  type SemanticOptions,
} from "./embed/index.js";
export { MemoryInputError, MemoryStoreError, type MemoryStoreErrorCode } from "./errors.js";
export type { FailureHistory } from "./history.js";
export type { ImportLineResult, ImportOptions } from "./import/index.js";
export { type ImportLine, importLineSchema, MAX_LINE_BYTES } from "./import/index.js";
export {
  estimateTokens,
  formatEntry,
  type PriorArt,
  type PriorArtOptions,
  priorArt,
} from "./prior-art/index.js";
export type { RecordResult } from "./record.js";
export {
  RECOVERY_OUTCOMES,
  type RecoveryInput,
  type RecoveryOutcome,
  type RecoveryResult,
  type RecoverySummary,
  recoveryInputSchema,
} from "./recovery/index.js";
export {
  CONVICTIONS,
  type Conviction,
  type ExportedRow,
  type FailureRowInput,
  failureRowSchema,
  LAYERS,
  type Layer,
  normaliseSubstance,
  PROVENANCES,
  type Provenance,
  parseLayer,
  type Source,
  type SourceInput,
  sourceSchema,
  substanceKey,
} from "./row/index.js";
export { redactCredentials } from "./scrub/redact-credentials.js";
export {
  type ScrubFinding,
  type ScrubReport,
  SECRET_KINDS,
  scrub,
  scrubReport,
  scrubTogether,
} from "./scrub/scrub.js";
export {
  buildMatchQuery,
  type SearchContext,
  type SearchHit,
  type SearchOptions,
  searchFailures,
} from "./search/index.js";
export { type FailureStore, type OpenStoreOptions, openStore } from "./store.js";
export type { RowFindings } from "./verify/index.js";
export { type VerifyReport, verifyStore } from "./verify/index.js";
