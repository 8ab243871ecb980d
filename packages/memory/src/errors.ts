import { redactCredentials } from "./scrub/index.js";

/** Where bad input was found: the field, and for an import the file and 1-based line. */
export interface MemoryInputLocation {
  field: string;
  file?: string;
  line?: number;
}

/**
 * Bad input to the memory (a row, an id, an import line): names the field, and the file and line
 * for an import. Nothing is written when it is thrown. The CLI maps it to exit status 2.
 * @example
 *   try { await store.record({ ...row, approach: "" }) }
 *   catch (e) { if (e instanceof MemoryInputError) console.error(e.field) } // "approach"
 */
export class MemoryInputError extends Error {
  readonly code = "FAK_BAD_INPUT";
  readonly field: string;
  readonly file: string | undefined;
  readonly line: number | undefined;
  constructor(where: MemoryInputLocation, problem: string) {
    const at = where.file
      ? `${where.file}${where.line === undefined ? "" : `:${where.line}`}: `
      : "";
    super(redactCredentials(`${at}${where.field}: ${problem}`));
    this.name = "MemoryInputError";
    this.field = where.field;
    this.file = where.file;
    this.line = where.line;
  }
}

/** Why the store could not do its work (the input was fine). */
export type MemoryStoreErrorCode =
  | "UNREACHABLE" // the libSQL server did not answer, or went away
  | "AUTH" // the server refused the auth token
  | "NOT_A_DATABASE" // the file is not a SQLite database at all (or is empty)
  | "NOT_FOUND" // a read found no memory file at the URL
  | "FOREIGN_WAL" // a -wal beside the file is not the store's own: refused, both left as they were
  | "NOT_OURS" // a database with other tables and no fak migrations
  | "NEWER_SCHEMA" // migrated by a newer @fak/memory than this one
  | "TAMPERED" // the schema is not what the migrations created (a trigger dropped or changed)
  | "FTS_MISSING" // the memory has an FTS5 index but this libSQL has no FTS5
  | "CORRUPT" // SQLite reports the file damaged
  | "READ_ONLY" // the file or server refuses writes
  | "LOCKED" // another process held the write lock past the busy timeout
  | "FULL" // the disk (or the server's) is full: the write was rolled back
  | "MIGRATION_FAILED"
  | "FAILED"; // anything else the driver reported

/**
 * The store cannot open or write the memory: a clear reason and a code, never a bare driver trace.
 * The driver's error is kept in `cause`. Every credential in the message (a URL's password or
 * `?authToken=`, a token quoted from the driver) is redacted here, whatever code built it.
 * @example
 *   try { await openStore({ url: "http://127.0.0.1:1" }) }
 *   catch (e) { if (e instanceof MemoryStoreError) console.error(e.code) } // "UNREACHABLE"
 */
export class MemoryStoreError extends Error {
  readonly code: MemoryStoreErrorCode;
  constructor(code: MemoryStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(redactCredentials(message), options);
    this.name = "MemoryStoreError";
    this.code = code;
  }
}
