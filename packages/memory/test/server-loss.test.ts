import { join } from "node:path";
import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStoreError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { collect, tempDir } from "./support/backends.js";
import { type SqldServer, startSqld } from "./support/sqld.js";
import { writeSyntheticJsonl } from "./support/synthetic.js";

const LINES = 4000;
const BATCH = 250;
const dir = tempDir();
let server: SqldServer;
beforeAll(async () => {
  server = await startSqld();
});
afterAll(async () => {
  await server.remove();
});

async function countRows(url: string): Promise<number> {
  const store = await openStore({ url });
  let n = 0;
  for await (const _ of store.exportRows()) n++;
  store.close();
  return n;
}

describe("the server going away in the middle of an import", () => {
  it("says so, keeps what was committed, and a re-run finishes the job", async () => {
    const path = join(dir, "rows.jsonl");
    await writeSyntheticJsonl(path, LINES);
    const store = await openStore({ url: server.url });
    let committed = 0;
    let stopping: Promise<void> | undefined;
    const err = await collect(
      store.importJsonl(path, {
        batchSize: BATCH,
        onProgress: (n) => {
          committed = n;
          if (n >= 4 * BATCH && !stopping) stopping = server.stop();
        },
      }),
    ).catch((e: unknown) => e);
    await stopping;
    store.close();
    expect(err).toBeInstanceOf(MemoryStoreError);
    expect((err as MemoryStoreError).code).toBe("UNREACHABLE");
    expect((err as Error).message).toMatch(/\d+ lines were committed before this batch/);

    await server.restart();
    const kept = await countRows(server.url);
    // Whole batches only: what was acknowledged, plus at most the batch in flight when it died.
    expect(kept % BATCH).toBe(0);
    expect(kept).toBeGreaterThanOrEqual(committed);
    expect(kept).toBeLessThanOrEqual(committed + BATCH);

    const again = await openStore({ url: server.url });
    const results = await collect(again.importJsonl(path, { batchSize: BATCH }));
    again.close();
    expect(results).toHaveLength(LINES);
    expect(await countRows(server.url)).toBe(LINES);
    reportFigure("server-loss", {
      linesAcknowledgedBeforeLoss: committed,
      rowsKeptAfterLoss: kept,
      rowsAfterReRun: LINES,
    });
  });
});
