import { expect } from "vitest";
import { openStore } from "../../src/store.js";
import { collect, tag } from "./backends.js";
import { spawnWorker } from "./children.js";

type Claimed = { id: number; occurrence_of: number | null; key: string };

/**
 * Run `writers` processes recording `rowsEach` rows (or for `seconds`), half of them the same few
 * substances, optionally searching after each; then check nothing was lost, doubled or misfiled.
 * @example expect(await checkWriters(url, 4, 30)).toBe(120)
 */
export async function checkWriters(
  url: string,
  writers: number,
  rowsEach: number,
  extra: string[] = [],
  seconds = 0,
) {
  const t = tag();
  const workers = Array.from({ length: writers }, (_, w) =>
    spawnWorker([
      "record",
      url,
      `${t}:w${w}`,
      String(rowsEach),
      "5",
      extra[0] ?? "",
      String(seconds),
    ]),
  );
  const claimed: Claimed[] = [];
  for (const w of workers) {
    const { rows } = await w.next<{ rows: Claimed[] }>((m) => "rows" in m);
    claimed.push(...rows);
    expect(await w.exited).toBe(0);
  }
  const store = await openStore({ url });
  const stored = (await collect(store.exportRows())).filter((r) => r.session.startsWith(`${t}:`));
  store.close();
  // Nothing lost, nothing doubled.
  expect(new Set(claimed.map((c) => c.id)).size).toBe(claimed.length);
  expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual(
    claimed.map((c) => c.id).sort((a, b) => a - b),
  );
  // Each substance has exactly one first row, the oldest, and every other row points at it.
  const byKey = new Map<string, Claimed[]>();
  for (const c of claimed) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  for (const [key, rows] of byKey) {
    rows.sort((a, b) => a.id - b.id);
    const [first, ...rest] = rows;
    expect(first!.occurrence_of, key).toBeNull();
    for (const r of rest) expect(r.occurrence_of, key).toBe(first!.id);
  }
  return claimed.length;
}
