import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "@libsql/client";
import { expect } from "vitest";
import { openStore } from "../../src/store.js";
import { collect } from "./backends.js";
import { spawnWorker } from "./children.js";
import { writeSyntheticJsonl } from "./synthetic.js";

const LINES = 3000;
const BATCH = 200;

/** The death each line of a synthetic file holds (its fields, which hold no secret): its line. */
function linesByDeath(path: string): Map<string, number> {
  const lines = readFileSync(path, "utf8").split("\n").filter(Boolean);
  return new Map(
    lines.map((text, i) => [death(JSON.parse(text) as Record<string, unknown>), i + 1]),
  );
}
const death = (r: Record<string, unknown>) =>
  JSON.stringify([r.session, r.task, r.approach, r.death_reason, r.conviction]);

/** Import lines present (imported rows, mapped to the line that holds their death), sorted. */
async function importedLines(url: string, path: string): Promise<number[]> {
  const c = createClient({ url });
  const lineOf = linesByDeath(path);
  try {
    const r = await c.execute(
      "SELECT session, task, approach, death_reason, conviction FROM failures WHERE import_key IS NOT NULL",
    );
    return r.rows.map((row) => lineOf.get(death(row)) ?? 0).sort((a, b) => a - b);
  } catch {
    return []; // not migrated yet
  } finally {
    c.close();
  }
}

/**
 * SIGKILL an importing process `rounds` times at random points (while it opens, migrates,
 * validates or writes), checking after each kill that the store opens, the FTS index passes
 * its integrity check and only whole batches are there; then finish the import and re-run it.
 * Returns what it checked, for the reliability report.
 * @example await checkKilledImports("file:/tmp/m.db", "/tmp/rows.jsonl", 3)
 */
export async function checkKilledImports(
  url: string,
  dir: string,
  rounds: number,
): Promise<{ kills: number; rowsVerified: number; integrityChecks: number }> {
  const path = join(dir, `kill-${rounds}-${Date.now()}.jsonl`);
  await writeSyntheticJsonl(path, LINES);
  expect(linesByDeath(path).size).toBe(LINES); // every line a distinct death
  const baseline = (await importedLines(url, path)).length; // a shared server database may hold rows
  for (let round = 0; round < rounds; round++) {
    const worker = spawnWorker(["import", url, path, String(BATCH)]);
    if (round % 2 === 0) {
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

    (await openStore({ url })).close();
    const c = createClient({ url });
    await c.execute("INSERT INTO failures_fts(failures_fts) VALUES('integrity-check')");
    c.close();
    const lines = (await importedLines(url, path)).slice(baseline);
    expect(
      lines.length % BATCH === 0 || lines.length === LINES,
      `round ${round}: ${lines.length} lines`,
    ).toBe(true);
    expect(lines).toEqual(Array.from({ length: lines.length }, (_, i) => i + 1));
  }
  const store = await openStore({ url });
  const results = await collect(store.importJsonl(path, { batchSize: BATCH }));
  expect(results).toHaveLength(LINES);
  expect(new Set(results.map((r) => r.id)).size).toBe(LINES);
  expect(await collect(store.importJsonl(path, { batchSize: 7 }))).toEqual(
    results.map((r) => ({ ...r, status: "already_present" })),
  );
  store.close();
  expect((await importedLines(url, path)).length - baseline).toBe(LINES);
  return { kills: rounds, rowsVerified: LINES, integrityChecks: rounds };
}
