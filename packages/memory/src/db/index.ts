// The libSQL connection: `connect` opens a file or a server through one client (WAL for a file),
// `toStoreError` says what a driver failure means for the memory (a `MemoryStoreError` with a
// code), and `retryBusy` waits out a busy database with backoff. (`retryBusy` is this package's
// own wait for the write lock; it has nothing to do with @fak/retry's directives.)
export { BUSY_DEADLINE_MS, retryBusy } from "./busy.js";
export { connect, DEFAULT_URL, enableWal } from "./connect.js";
export { driverError, toStoreError } from "./driver-error.js";
