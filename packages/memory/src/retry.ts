import { setTimeout as sleep } from "node:timers/promises";
import { isBusy } from "./driver-error.js";

/**
 * Run a write again, with jittered exponential backoff, while the database answers SQLITE_BUSY
 * or SQLITE_LOCKED (nothing was written in that case, so trying again cannot double a row).
 * The file's busy timeout already waits inside SQLite; this covers what it does not (a WAL
 * snapshot gone stale, a server that reports busy).
 * @example await retryBusy(() => client.execute("INSERT ..."))
 */
export async function retryBusy<T>(write: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= attempts || !isBusy(err)) throw err;
      await sleep(Math.min(400, 10 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}
