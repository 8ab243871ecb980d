export { DEFAULT_URL } from "./connect.js";
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
export { type ImportLine, importLineSchema } from "./import-line.js";
export type { ImportLineResult, ImportOptions } from "./jsonl.js";
export { LAYERS, type Layer, parseLayer } from "./layers.js";
export * from "./prior-art.js";
export {
  PROVENANCES,
  type Provenance,
  type Source,
  type SourceInput,
  sourceSchema,
} from "./provenance.js";
export type { RecordResult } from "./record.js";
export { BUSY_DEADLINE_MS } from "./retry.js";
export { CONVICTIONS, type Conviction, type FailureRowInput, failureRowSchema } from "./row.js";
export type { ExportedRow } from "./rows.js";
export { redactCredentials } from "./scrub/redact-credentials.js";
export * from "./scrub/scrub.js";
export * from "./search.js";
export { type FailureStore, type OpenStoreOptions, openStore } from "./store.js";
export { normaliseSubstance, substanceKey } from "./substance.js";
export { type VerifyReport, verifyStore } from "./verify.js";
export type { RowFindings } from "./verify-rows.js";
