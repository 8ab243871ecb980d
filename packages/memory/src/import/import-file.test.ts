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
      line(`${t}b`, `a ${t}`, "verifier: x"), // 6 occurrence of 1 (another session), other batch
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
    const exported = (await collect(store.exportRows())).filter((r) => r.session.startsWith(t));
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
      line(`${t}b`, "a", "verifier: x"),
      line(t, "c", "adversary: hole"),
    ]);
    const first = await collect(store.importJsonl(path, { batchSize: 2 }));
    const again = await collect(store.importJsonl(path, { batchSize: 1 }));
    expect(first.map((r) => r.status)).toEqual(["added", "added", "added"]);
    expect(again).toEqual(first.map((r) => ({ ...r, status: "already_present" })));
    expect((await collect(store.exportRows())).filter((r) => r.session.startsWith(t))).toHaveLength(
      3,
    );
    store.close();
  });

  it("keys a plain line by its death, not its position: the same death at another line or in another file is one row", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const x = line(t, "pin numpy", "verifier: 3 tests fail", "high");
    const y = line(t, "vendor numpy", "budget: out of turns");
    // Another death of x's substance: another session, so it counts as a second death.
    const x2 = line(`${t}b`, "Pin numpy.", "verifier: 3 tests FAIL");
    // x with a secret in its approach: stored scrubbed, so the same death whatever the value.
    const secret = (v: string) => ({ ...x, approach: `pin numpy with TOKEN=ghp_${v}` });
    const a = await collect(
      store.importJsonl(jsonl([x, y, x, secret("A".repeat(36)), secret("B".repeat(36))]), {
        batchSize: 2,
      }),
    );
    expect(a.map((r) => r.status)).toEqual([
      "added",
      "added",
      "already_present",
      "added",
      "already_present",
    ]);
    expect(a[2]!.id).toBe(a[0]!.id);
    expect(a[4]!.id).toBe(a[3]!.id);
    // Another file: the same deaths at other lines, and one new death of x's substance.
    const b = await collect(store.importJsonl(jsonl([x2, secret("C".repeat(36)), y, "", x])));
    expect(b.map((r) => [r.line, r.status])).toEqual([
      [1, "added"],
      [2, "already_present"],
      [3, "already_present"],
      [5, "already_present"],
    ]);
    expect(b.map((r) => r.id)).toEqual([b[0]!.id, a[3]!.id, a[1]!.id, a[0]!.id]);
    expect(b[0]!.occurrence_of).toBe(a[0]!.id);
    const rows = (await collect(store.exportRows())).filter((r) => r.session.startsWith(t));
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain("ghp_");
    // x died twice (x and x2), however many times its line was imported.
    expect((await store.history(a[0]!.id)).occurrences.map((r) => r.id)).toEqual([
      a[0]!.id,
      b[0]!.id,
    ]);
    store.close();
  });

  it("keeps deaths apart that differ in a stored field, or in a date or supersession the line gives", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const x = line(t, "pin numpy", "verifier: 3 tests fail");
    const results = await collect(
      store.importJsonl(
        jsonl([
          x,
          { ...x, conviction: "low" },
          { ...x, task: `other ${t}` },
          { ...x, created_at: "2026-11-01T10:00:00.000Z" },
          { ...x, created_at: "2026-11-02T10:00:00.000Z" },
          { ...x, created_at: "2026-11-02T10:00:00.000Z" },
        ]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      "added",
      "added",
      "added",
      "added",
      "added",
      "already_present",
    ]);
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
