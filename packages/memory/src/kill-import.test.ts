import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { openStore } from "./store.js";
import { backends, collect, tempDir } from "./test-support/backends.js";
import { spawnWorker } from "./test-support/children.js";
import { writeSyntheticJsonl } from "./test-support/synthetic.js";

const SLOW = process.env.FAK_SLOW === "1";
const ROUNDS = SLOW ? 30 : 3;
const LINES = 3000;
const BATCH = 200;
const dir = tempDir();

/** Import lines present for `file` (by import key), sorted. */
async function importedLines(url: string): Promise<number[]> {
  const c = createClient({ url });
  const r = await c.execute("SELECT import_key FROM failures WHERE import_key IS NOT NULL");
  c.close();
  return r.rows.map((row) => Number(String(row.import_key).split(":")[1])).sort((a, b) => a - b);
}

describe.each(backends())("an import killed with SIGKILL on $name", (backend) => {
  it(`leaves whole batches and a sound index, and resumes without doubling (${ROUNDS} kills)`, async () => {
    const url = backend.url();
    const path = join(dir, `${backend.name}.jsonl`);
    await writeSyntheticJsonl(path, LINES);
    // The server database is shared by the test file: start from what is there.
    const baseline = (await importedLines(url).catch(() => [])).length;
    for (let round = 0; round < ROUNDS; round++) {
      const worker = spawnWorker(["import", url, path, String(BATCH)]);
      if (round % 2 === 0) {
        // Anywhere: while opening, migrating, validating or writing.
        await Promise.race([worker.next((m) => "started" in m), worker.exited]).catch(() => {});
        await sleep(Math.random() * 400);
      } else {
        const target = Math.floor(Math.random() * LINES);
        await Promise.race([worker.next((m) => Number(m.progress) >= target), worker.exited]).catch(
          () => {},
        );
        await sleep(Math.random() * 30);
      }
      worker.child.kill("SIGKILL");
      await worker.exited;

      const store = await openStore({ url });
      store.close();
      const c = createClient({ url });
      await c.execute("INSERT INTO failures_fts(failures_fts) VALUES('integrity-check')");
      c.close();
      const lines = await importedLines(url);
      const count = lines.length - baseline;
      expect(count % BATCH === 0 || count === LINES, `round ${round}: ${count} lines`).toBe(true);
      expect(lines.slice(baseline)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
    const store = await openStore({ url });
    const results = await collect(store.importJsonl(path, { batchSize: BATCH }));
    expect(results).toHaveLength(LINES);
    expect(new Set(results.map((r) => r.id)).size).toBe(LINES);
    const again = await collect(store.importJsonl(path, { batchSize: 7 }));
    expect(again).toEqual(results);
    store.close();
    expect((await importedLines(url)).length - baseline).toBe(LINES);
  });
});
