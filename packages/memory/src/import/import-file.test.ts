import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backends, collect, tag, tempDir } from "../../test/support/backends.js";
import { MemoryInputError } from "../errors.js";
import type { FailureRowInput } from "../row/index.js";
import { openStore } from "../store.js";

const dir = tempDir();
let files = 0;
function jsonl(lines: (object | string)[]): string {
  const path = join(dir, `import-${++files}.jsonl`);
  writeFileSync(
    path,
    `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
  );
  return path;
}

describe.each(backends())("JSONL import and export on $name", (backend) => {
  const line = (t: string, approach: string, death_reason: string, conviction?: string) => ({
    session: t,
    task: `task ${t}`,
    approach,
    death_reason,
    ...(conviction ? { conviction } : {}),
  });

  it("imports in batches, finding occurrences inside a batch, across batches and against existing rows", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const existing = await store.record(line(t, `old ${t}`, "verifier: boom") as FailureRowInput);
    const path = jsonl([
      line(t, `a ${t}`, "verifier: x"), // 1 new
      line(t, `A ${t}.`, "Verifier: X"), // 2 occurrence of 1, same batch
      line(t, `old ${t}`, "verifier: boom"), // 3 occurrence of the existing row
      "", // 4 blank
      line(t, `b ${t}`, "budget: out of turns", "low"), // 5 new (second batch)
      line(t, `a ${t}`, "verifier: x"), // 6 occurrence of 1, other batch
      line(t, `b ${t}`, "budget: out of turns"), // 7 occurrence of 5, same batch
    ]);
    const progress: number[] = [];
    const results = await collect(
      store.importJsonl(path, { batchSize: 3, onProgress: (n) => progress.push(n) }),
    );
    expect(results.map((r) => r.line)).toEqual([1, 2, 3, 5, 6, 7]);
    const [r1, r2, r3, r5, r6, r7] = results;
    expect(r1!.occurrence_of).toBeNull();
    expect(r2!.occurrence_of).toBe(r1!.id);
    expect(r3!.occurrence_of).toBe(existing.id);
    expect(r5!.occurrence_of).toBeNull();
    expect(r6!.occurrence_of).toBe(r1!.id);
    expect(r7!.occurrence_of).toBe(r5!.id);
    expect(progress).toEqual([3, 6]);
    const exported = (await collect(store.exportRows())).filter((r) => r.session === t);
    expect(exported).toHaveLength(7);
    expect(exported.find((r) => r.id === r5!.id)).toMatchObject({
      layer: "budget",
      conviction: "low",
    });
    const history = await store.history(r1!.id);
    expect(history.occurrences.map((r) => r.id)).toEqual([r1!.id, r2!.id, r6!.id]);
    store.close();
  });

  it("re-running the same file adds nothing and answers with the same ids", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const path = jsonl([
      line(t, "a", "verifier: x"),
      line(t, "a", "verifier: x"),
      line(t, "c", "adversary: hole"),
    ]);
    const first = await collect(store.importJsonl(path, { batchSize: 2 }));
    const again = await collect(store.importJsonl(path, { batchSize: 1 }));
    expect(first.map((r) => r.status)).toEqual(["added", "added", "added"]);
    expect(again).toEqual(first.map((r) => ({ ...r, status: "already_present" })));
    expect((await collect(store.exportRows())).filter((r) => r.session === t)).toHaveLength(3);
    store.close();
  });

  it("refuses a malformed file naming file, line and field, and writes nothing of it", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const cases: [(object | string)[], number, string][] = [
      [[line(t, "a", "verifier: x"), line(t, "", "verifier: x")], 2, "approach"],
      [[line(t, "a", "verifier: x"), line(t, "b", "verifer: x")], 2, "death_reason"],
      [[line(t, "a", "verifier: x"), line(t, "b", "verifier: x", "sure")], 2, "conviction"],
      [
        [line(t, "a", "verifier: x"), "", { ...line(t, "b", "verifier: y"), colour: 3 }],
        3,
        "colour",
      ],
      [[line(t, "a", "verifier: x"), { ...line(t, "b", "verifier: y"), id: 0 }], 2, "id"],
      [
        [
          { ...line(t, "a", "verifier: x"), id: 4 },
          { ...line(t, "b", "verifier: y"), occurrence_of: 5 },
        ],
        2,
        "occurrence_of",
      ],
      [[{ ...line(t, "b", "verifier: y"), supersedes: 1, id: 1 }], 1, "supersedes"],
      [
        [
          { ...line(t, "a", "verifier: x"), id: 4 },
          { ...line(t, "b", "verifier: y"), id: 4 },
        ],
        2,
        "id",
      ],
      [[{ ...line(t, "a", "verifier: x"), layer: "budget" }], 1, "layer"],
      [[{ ...line(t, "a", "verifier: x"), provenance: "real" }], 1, "source"],
      [[{ ...line(t, "a", "verifier: x"), provenance: "made-up" }], 1, "provenance"],
      [[line(t, "a", "verifier: x"), "{not json"], 2, "(json)"],
      [[line(t, "a", "verifier: x"), { session: t, task: "t", approach: "a" }], 2, "death_reason"],
    ];
    for (const [lines, lineNo, field] of cases) {
      const path = jsonl(lines);
      const err = await collect(store.importJsonl(path, { batchSize: 1 })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MemoryInputError);
      expect(err).toMatchObject({ file: path, line: lineNo, field });
      expect(String((err as Error).message)).toContain(`${path}:${lineNo}: ${field}`);
    }
    const bytes = join(dir, "latin1.jsonl");
    writeFileSync(
      bytes,
      Buffer.concat([
        Buffer.from(`${JSON.stringify(line(t, "a", "x"))}\n{"session":"\xff`),
        Buffer.from([0xff]),
      ]),
    );
    await expect(collect(store.importJsonl(bytes))).rejects.toMatchObject({ line: 2 });
    expect((await collect(store.exportRows())).filter((r) => r.session === t)).toHaveLength(0);
    const missing = join(dir, "missing.jsonl");
    await expect(collect(store.importJsonl(missing))).rejects.toMatchObject({
      file: missing,
      field: "(file)",
    });
    store.close();
  });

  it("round-trips: export then import of the import fields gives the same substance as occurrences", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    await store.record(
      line(t, "first", "reconcile: failed after merge", "medium") as FailureRowInput,
    );
    const exported = (await collect(store.exportRows())).filter((r) => r.session === t);
    const path = jsonl(
      exported.map(({ session, task, approach, death_reason, conviction }) => ({
        session,
        task,
        approach,
        death_reason,
        conviction,
      })),
    );
    const [r] = await collect(store.importJsonl(path));
    expect(r?.occurrence_of).toBe(exported[0]!.id);
    store.close();
  });
});
