// Import: a JSONL file of failure rows into the store. The file is read in bounded lines
// (read-lines.ts), every line validated whole before anything is written (import-line.ts), then
// written one `INSERT … SELECT … FROM json_each(?)` per batch (write-batch.ts), keyed by content so
// that a re-run or a killed import adds nothing twice (import-file.ts).
export {
  type BatchVectors,
  type ImportLineResult,
  type ImportOptions,
  importFile,
} from "./import-file.js";
export { type ImportLine, importLineSchema } from "./import-line.js";
export { MAX_LINE_BYTES } from "./read-lines.js";
