import { MemoryStoreError, type MemoryStoreErrorCode } from "../errors.js";

/** The driver's own error under drizzle's wrapping: LibsqlError's code and message. */
export interface DriverError {
  code: string;
  message: string;
  /** The innermost error that says it (the LibsqlError, or the network error). */
  error: unknown;
}

/** Walk `cause` (drizzle 0.45 wraps the LibsqlError in a DrizzleQueryError) down to the driver. */
export function driverError(err: unknown): DriverError {
  let e: unknown = err;
  let network = "";
  let networkError: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === "string" && (o.code.startsWith("SQLITE") || o.code === "SERVER_ERROR")) {
      return { code: o.code, message: String(o.message ?? ""), error: e };
    }
    if (typeof o.code === "string" && /^E(ACCES|PERM|ROFS)$/.test(o.code)) {
      return { code: "SQLITE_READONLY_FS", message: String(o.message ?? ""), error: e };
    }
    if (typeof o.code === "string" && /^(E[A-Z]+|UND_ERR\w*)$/.test(o.code)) {
      network = o.code;
      networkError = e;
    }
    if (o.message === "fetch failed" && !network) network = "FETCH_FAILED";
    e = o.cause;
  }
  const first = err as { code?: unknown; message?: unknown };
  if (network)
    return { code: `NET_${network}`, message: String(first.message ?? err), error: networkError };
  return {
    code: typeof first.code === "string" ? first.code : "UNKNOWN",
    message: String(first.message ?? err),
    error: err,
  };
}

const BUSY = /^SQLITE_(BUSY|LOCKED)/;

/** SQLITE_BUSY / SQLITE_LOCKED: nothing was written, the caller may try again. */
export function isBusy(err: unknown): boolean {
  return BUSY.test(driverError(err).code);
}

/**
 * Turn a driver failure into a MemoryStoreError that says what happened to the memory at `url`.
 * @example throw toStoreError(err, "file:.fak/memory.db", "record")
 */
export function toStoreError(err: unknown, url: string, doing: string): MemoryStoreError {
  if (err instanceof MemoryStoreError) return err;
  const d = driverError(err);
  const [code, why] = classify(d);
  return new MemoryStoreError(code, `cannot ${doing} the failure memory at ${url}: ${why}`, {
    cause: err,
  });
}

function classify(d: DriverError): [MemoryStoreErrorCode, string] {
  const msg = d.message;
  if (
    d.code.startsWith("NET_") ||
    /ECONNREFUSED|ECONNRESET|fetch failed|socket hang up/i.test(msg)
  ) {
    return ["UNREACHABLE", `the libSQL server did not answer (${msg})`];
  }
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(msg))
    return ["AUTH", `the server refused the auth token (${msg})`];
  if (d.code.startsWith("SQLITE_FULL") || /database or disk is full|ENOSPC/i.test(msg))
    return ["FULL", "the disk is full; the write was rolled back and nothing of it was kept"];
  if (d.code.startsWith("SQLITE_NOTADB"))
    return ["NOT_A_DATABASE", "the file is not a SQLite/libSQL database"];
  if (d.code.startsWith("SQLITE_CORRUPT") || /malformed/i.test(msg)) {
    return ["CORRUPT", `the database file is damaged (${msg}); nothing was written`];
  }
  if (d.code.startsWith("SQLITE_READONLY") || /read-?only/i.test(msg)) {
    return ["READ_ONLY", `the database refuses writes (${msg}); nothing was written`];
  }
  if (BUSY.test(d.code))
    return [
      "LOCKED",
      `another process held the database lock too long (${msg}); nothing was written`,
    ];
  if (d.code.startsWith("SQLITE_CANTOPEN"))
    return ["READ_ONLY", `the database file cannot be opened for writing (${msg})`];
  return ["FAILED", `${d.code}: ${msg}`];
}
