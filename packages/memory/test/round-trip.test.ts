import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportedRow } from "../src/row/index.js";
import { type FailureStore, openStore } from "../src/store.js";
import { collect, tempDir } from "./support/backends.js";
import { type SqldServer, startSqld } from "./support/sqld.js";

const dir = tempDir();
let files = 0;
let server: SqldServer | undefined;
beforeAll(async () => {
  server = await startSqld();
});
afterAll(async () => {
  await server?.remove();
});

/** A store with every kind of row: occurrences, a chain of two supersessions, all provenances. */
async function filledStore(): Promise<FailureStore> {
  const store = await openStore({ url: `file:${join(dir, `source-${++files}.db`)}` });
  const person = { session: "s1", task: "fix the flaky webhook retry" };
  const a = await store.record({
    ...person,
    approach: "retry every webhook forever",
    death_reason: "verifier: test_retry_budget failed",
    conviction: "high",
  });
  await store.record({
    ...person,
    session: "s2",
    approach: "Retry every webhook, forever.",
    death_reason: "Verifier: test_retry_budget failed",
  });
  const b = await store.supersede(a.id, {
    ...person,
    approach: "retry with a fixed delay",
    death_reason: "verifier: test_thundering_herd failed",
  });
  await store.supersede(b.id, {
    ...person,
    approach: "retry with jittered exponential backoff, no cap",
    death_reason: "budget: out of turns before the cap was tested",
  });
  const real = (trial: string) => ({
    session: trial,
    task: "migrate the ledger without downtime",
    approach: "copy the table, then swap names",
    death_reason: "adversary: held dangerous command `DROP TABLE ledger`",
    conviction: "high" as const,
    provenance: "real" as const,
    source: { harness: "harbor", job: "2026-11-30__ledger", trial, attempt: 1 },
  });
  await store.record(real("ledger__a1"));
  await store.record(real("ledger__b2"));
  expect((await store.record(real("ledger__a1"))).status).toBe("already_present");
  await store.record({
    session: "fixture:ledger",
    task: "ledger: migrate",
    approach: "fixture-replay/demo: copy then swap",
    death_reason:
      "divergence: policy false positive denied benign `ls`; the approach was not judged",
    provenance: "simulated",
    source: { harness: "fixture", job: "demo", trial: "fixture:ledger", attempt: 1 },
  });
  return store;
}

async function exportText(store: FailureStore, only?: Set<number>): Promise<string> {
  const rows = await collect(store.exportRows());
  return rows
    .filter((r) => !only || only.has(r.id))
    .map((r) => `${JSON.stringify(r)}\n`)
    .join("");
}

/** The export with each id replaced by its row's position, references likewise. */
function withoutIds(text: string): string {
  const rows = text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ExportedRow);
  const at = new Map(rows.map((r, i) => [r.id, i + 1]));
  const ref = (id: number | null) => (id === null ? null : `#${at.get(id) ?? `missing ${id}`}`);
  return rows
    .map((r) =>
      JSON.stringify({
        ...r,
        id: ref(r.id),
        occurrence_of: ref(r.occurrence_of),
        supersedes: ref(r.supersedes),
      }),
    )
    .join("\n");
}

/**
 * An export as an import keeps it: every row `imported`, with no source. A claimed provenance is
 * not evidence this store can check, so it is not carried (issue 18 item 7: an import line
 * claiming `real` must not pre-empt the trial's own record).
 */
function asImported(text: string): string {
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => `${JSON.stringify({ ...JSON.parse(l), provenance: "imported", source: null })}\n`)
    .join("");
}

function file(text: string): string {
  const path = join(dir, `export-${++files}.jsonl`);
  writeFileSync(path, text);
  return path;
}

const targets = [
  { name: "an empty file store", url: () => `file:${join(dir, `target-${++files}.db`)}` },
  { name: "an empty sqld store", url: () => server!.url },
];

describe.each(targets)("export, then import into $name", (target) => {
  it("reproduces every row, occurrence and chain, each marked imported; a second import adds nothing", async () => {
    const source = await filledStore();
    const first = await exportText(source);
    source.close();
    const path = file(first);
    const store = await openStore({ url: target.url() });
    const imported = await collect(store.importJsonl(path, { batchSize: 3 }));
    expect(imported.map((r) => r.status)).toEqual(Array(7).fill("added"));
    const second = await exportText(store);
    expect(withoutIds(second)).toBe(withoutIds(asImported(first)));
    expect(second.split("\n")).toHaveLength(first.split("\n").length);

    const again = await collect(store.importJsonl(path));
    expect(again).toEqual(imported.map((r) => ({ ...r, status: "already_present" })));
    expect(await exportText(store)).toBe(second);
    const chain = (await store.history(imported[3]!.id)).chain;
    expect(chain.map((r) => r.id)).toEqual([imported[0]!.id, imported[2]!.id, imported[3]!.id]);
    store.close();
  });
});

describe("import of an export into a store that has rows", () => {
  it("remaps ids and keeps every reference", async () => {
    const source = await filledStore();
    const first = await exportText(source);
    source.close();
    const store = await openStore({ url: `file:${join(dir, `busy-${++files}.db`)}` });
    for (const n of [1, 2, 3]) {
      await store.record({
        session: "x",
        task: "other",
        approach: `a${n}`,
        death_reason: "budget: b",
      });
    }
    const imported = await collect(store.importJsonl(file(first), { batchSize: 2 }));
    const ids = new Set(imported.map((r) => r.id));
    expect(Math.min(...ids)).toBe(4);
    expect(withoutIds(await exportText(store, ids))).toBe(withoutIds(asImported(first)));
    store.close();
  });
});
