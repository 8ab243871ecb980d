import { setTimeout as sleep } from "node:timers/promises";
import { driverError, isBusy } from "./driver-error.js";

/**
 * How long a write keeps trying while the database is busy, in total (ms): two minutes, enough
 * for sixteen processes importing 10,000-row batches into one file to each get their turn. Past
 * it the caller gets `MemoryStoreError` `LOCKED` (nothing of that write is kept). A file store
 * also gives SQLite this as its busy timeout: once a `BEGIN IMMEDIATE` has given up on a busy
 * file, the libSQL driver's connection keeps failing at once, so SQLite itself must wait.
 */
export const BUSY_DEADLINE_MS = 120_000;

// Backoff between attempts: jittered exponential from 25 ms, each wait at most 2 s.
const FIRST_WAIT_MS = 25;
const LONGEST_WAIT_MS = 2_000;

/**
 * Run a write again, with jittered exponential backoff, while the database is busy: SQLITE_BUSY
 * or SQLITE_LOCKED, or a libSQL server timing the transaction out while it waited for the write
 * lock (TRANSACTION_TIMEOUT, rolled back). Nothing was written then, so trying again cannot
 * double a row. It stops at `deadlineMs` after the first attempt, counted in time, not attempts:
 * some busy answers come at once (a stale WAL snapshot, a busy server), and a count of attempts
 * would be spent in milliseconds.
 * @example await retryBusy(() => client.execute("INSERT ..."))
 */
export async function retryBusy<T>(
  write: () => Promise<T>,
  deadlineMs = BUSY_DEADLINE_MS,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const left = deadline - Date.now();
      if (left <= 0 || !retryable(err)) throw err;
      const wait = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 10));
      await sleep(Math.min(left, wait * (0.5 + Math.random())));
    }
  }
}

function retryable(err: unknown): boolean {
  return isBusy(err) || driverError(err).code === "TRANSACTION_TIMEOUT";
}
