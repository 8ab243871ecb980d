import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { openStore } from "../../src/store.js";
import { collect, tag } from "./backends.js";
import { spawnWorker } from "./children.js";

/**
 * Run `importers` processes at once, each importing its own JSONL file of `rowsEach` lines in
 * batches of `batchSize` (a third of the lines share a few substances across all files, so
 * occurrence detection is contended; each line is a death of its own, in a session of its own); then check every process exited 0 (no busy error reached
 * it), every line is stored exactly once, each substance has one first row that every repeat
 * points at, and importing a file again adds nothing. Returns the rows verified.
 * @example expect(await checkImporters(url, dir, 8, 600, 50)).toBe(4800)
 */
export async function checkImporters(
  url: string,
  dir: string,
  importers: number,
  rowsEach: number,
  batchSize: number,
): Promise<number> {
  const t = tag();
  const files = Array.from({ length: importers }, (_, w) => {
    const file = join(dir, `${t}-${w}.jsonl`);
    const lines = Array.from({ length: rowsEach }, (_, i) => {
      const what = i % 3 === 0 ? `shared ${t} ${i % 7}` : `own ${t} ${w} ${i}`;
      return JSON.stringify({
        session: `${t}:i${w}:l${i}`,
        task: `task ${what}`,
        approach: `approach ${what}`,
        death_reason: "verifier: tests fail",
      });
    });
    writeFileSync(file, `${lines.join("\n")}\n`);
    return file;
  });
  const run = (file: string) => spawnWorker(["import", url, file, String(batchSize)]);
  const workers = files.map(run);
  for (const w of workers) {
    const { lines } = await w.next<{ lines: number }>((m) => "lines" in m);
    expect(lines).toBe(rowsEach);
    expect(await w.exited).toBe(0);
  }
  const again = run(files[0]!);
  await again.next<{ lines: number }>((m) => "lines" in m);
  expect(await again.exited).toBe(0);

  const store = await openStore({ url });
  const stored = (await collect(store.exportRows())).filter((r) => r.session.startsWith(`${t}:`));
  store.close();
  expect(stored.length).toBe(importers * rowsEach);
  const firsts = new Map<string, number>();
  for (const r of stored) {
    const key = r.approach;
    const first = firsts.get(key);
    if (first === undefined) {
      expect(r.occurrence_of, key).toBeNull();
      firsts.set(key, r.id);
    } else expect(r.occurrence_of, key).toBe(first);
  }
  return stored.length;
}
