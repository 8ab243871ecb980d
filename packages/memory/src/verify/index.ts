// Verify: `fak memory verify`. A store's schema checked against the reference its migrations
// build, every row scanned (layers, substance keys, references, UTF-8) and FTS5's own integrity
// check run; a full-text index that merely lacks rows is rebuilt, anything else is reported.

export type { RowFindings } from "./scan-rows.js";
export { type VerifyReport, verifyStore } from "./verify-store.js";
