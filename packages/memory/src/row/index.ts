// One failure row: what a row to record may hold (the zod schema, strict UTF-8, a known layer
// prefix, its provenance and source), how it is prepared for writing (scrubbed, layered,
// keyed by substance), and how a stored row is read back (its exported form, read so that no
// stored value can abort the driver). Everything that writes or reads rows goes through here.

export { type DigestedColumns, rowDigest } from "./digest.js";
export {
  CONVICTIONS,
  type Conviction,
  type FailureRowInput,
  failureRowSchema,
  type PreparedRow,
  prepareRow,
  prepareValid,
  validateRow,
} from "./input.js";
export { LAYERS, type Layer, parseLayer } from "./layers.js";
export {
  PROVENANCES,
  type Provenance,
  provenanceLabel,
  type Source,
  type SourceInput,
  sourceColumns,
  sourceFrom,
  sourceSchema,
} from "./provenance.js";
export {
  decodeRow,
  MAX_CHAIN,
  MAX_SAFE_ID,
  onceEach,
  safeColumns,
  type Warn,
} from "./safe-read.js";
export {
  candidateColumns,
  type ExportedRow,
  occurrenceMessage,
  ROW_COLUMNS,
  type Row,
  toExportedRow,
  toRow,
  toRows,
} from "./stored.js";
export { normaliseSubstance, substanceKey } from "./substance.js";
export { decodeStored, unstorableText } from "./utf8.js";
