import { describe, expect, it } from "vitest";
import { retryBusy } from "./busy.js";

const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });

describe("retryBusy", () => {
  it("keeps trying busy answers that come at once until the write goes through", {
    timeout: 30_000,
  }, async () => {
    // Nine immediate busy answers: the old count of eight attempts gave up on them after about 1.4 s
    // of backoff; the deadline keeps waiting (about 7 s of growing pauses here).
    let calls = 0;
    const started = Date.now();
    const result = await retryBusy(async () => {
      if (++calls <= 9) throw busy();
      return "written";
    }, 60_000);
    expect(result).toBe("written");
    expect(calls).toBe(10);
    expect(Date.now() - started).toBeGreaterThan(2_000);
  });

  it("waits, with growing pauses, until the deadline and then gives the busy error", async () => {
    const started = Date.now();
    const at: number[] = [];
    const err = await retryBusy(async () => {
      at.push(Date.now());
      throw busy();
    }, 600).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe("SQLITE_BUSY");
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(600);
    expect(took).toBeLessThan(2_000);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(Math.max(...gaps)).toBeGreaterThan(Math.min(...gaps));
  });

  it("does not retry an error that is not busy, nor a server's other errors", async () => {
    let calls = 0;
    await expect(
      retryBusy(async () => {
        calls++;
        throw Object.assign(new Error("no such table"), { code: "SQLITE_ERROR" });
      }),
    ).rejects.toThrow("no such table");
    expect(calls).toBe(1);
  });

  it("retries a libSQL server's TRANSACTION_TIMEOUT (the batch was rolled back)", async () => {
    let calls = 0;
    const r = await retryBusy(async () => {
      if (++calls === 1)
        throw Object.assign(new Error("Transaction timed out"), { code: "TRANSACTION_TIMEOUT" });
      return calls;
    });
    expect(r).toBe(2);
  });
});
