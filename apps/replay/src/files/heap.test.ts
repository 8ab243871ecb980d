import { describe, expect, it } from "vitest";
import { COLLECT_AFTER_BYTES, collectAfterLargeReads, noteBytesRead } from "./heap.js";

// A trial boundary after large reads gives the trial's garbage back at once.

function garbage(): number {
  // Large-object space: freed only by a full collection, never by a scavenge.
  let big: number[][] | undefined = Array.from({ length: 40 }, () => new Array(250_000).fill(1.5));
  const n = big.length;
  big = undefined;
  return n;
}

describe("collectAfterLargeReads", () => {
  it("collects at a trial boundary once the reads since the last one pass the threshold", () => {
    garbage();
    const before = process.memoryUsage().heapUsed;
    noteBytesRead(COLLECT_AFTER_BYTES);
    collectAfterLargeReads();
    const after = process.memoryUsage().heapUsed;
    // About 80 MB of arrays were dropped before the call.
    expect(before - after).toBeGreaterThan(40 * 1024 * 1024);
  });

  it("does nothing below the threshold", () => {
    collectAfterLargeReads(); // the counter starts from zero after a collection
    garbage();
    const before = process.memoryUsage().heapUsed;
    noteBytesRead(1024);
    collectAfterLargeReads();
    expect(process.memoryUsage().heapUsed).toBeGreaterThan(before - 8 * 1024 * 1024);
  });
});
