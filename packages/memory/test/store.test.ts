import { describe, expect, it } from "vitest";
import { MemoryInputError } from "../src/errors.js";
import { scrub } from "../src/scrub/index.js";
import { openStore } from "../src/store.js";
import { backends, collect, tag } from "./support/backends.js";

describe.each(backends())("store on $name", (backend) => {
  const row = (t: string, approach: string, death_reason: string) => ({
    session: t,
    task: `task ${t}`,
    approach,
    death_reason,
  });

  it("migrates on open: tables, triggers, FTS5 index and vocabulary", async () => {
    const url = backend.url();
    const store = await openStore({ url });
    expect(store.fts).toBe(true);
    const raw = backend.rawClient(url);
    const names = (await raw.execute("SELECT name FROM sqlite_master")).rows.map((r) =>
      String(r.name),
    );
    raw.close();
    for (const name of [
      "failures",
      "__fak_migrations",
      "__fak_fts_migrations",
      "failures_fts",
      "failures_fts_vocab",
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toEqual(
      expect.arrayContaining(["failures_no_update", "failures_no_delete", "failures_no_replace"]),
    );
    store.close();
    const again = await openStore({ url });
    again.close();
  });

  it("records a new failure, then occurrences of the first row with the same substance", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const first = await store.record(
      row(t, `rebase onto main ${t}`, "verifier: 3 tests still fail"),
    );
    expect(first).toMatchObject({
      occurrence_of: null,
      layer: "verifier",
      conviction: "none",
      deaths: 1,
    });
    expect(first.message).toBe(`new failure:${first.id}`);
    const second = await store.record(
      row(t, `Rebase  onto MAIN, ${t}`, "verifier 3 tests still fail!"),
    );
    expect(second.occurrence_of).toBe(first.id);
    expect(second.message).toBe(`second death, see failure:${first.id}`);
    const third = await store.record({
      ...row(t, `rebase onto main ${t}`, "verifier: 3 tests still fail"),
      conviction: "high",
    });
    expect(third).toMatchObject({ occurrence_of: first.id, conviction: "high", deaths: 3 });
    expect(third.message).toBe(`third death, see failure:${first.id}`);
    const other = await store.record(
      row(t, `rebase onto main ${t}`, "verifier: 4 tests still fail"),
    );
    expect(other.occurrence_of).toBeNull();
    expect(other.message).toBe(`new failure:${other.id}`);
    store.close();
  });

  it("parses each layer prefix and refuses bad rows with the field named, writing nothing", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    for (const layer of ["verifier", "adversary", "divergence", "budget", "reconcile"]) {
      expect((await store.record(row(t, `a ${layer}`, `${layer}: x`))).layer).toBe(layer);
    }
    expect((await store.record(row(t, "a none", "tests fail: 3"))).layer).toBe("none");
    const bad: [Record<string, unknown>, string][] = [
      [{ ...row(t, "", "verifier: x") }, "approach"],
      [{ ...row(t, "a", "   ") }, "death_reason"],
      [{ ...row(t, "a", "verifer: x") }, "death_reason"],
      [{ ...row(t, "a", "verifier: x"), conviction: "certain" }, "conviction"],
      [{ ...row(t, "a", "verifier: x"), extra: 1 }, "extra"],
    ];
    for (const [input, field] of bad) {
      const err = await store.record(input as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MemoryInputError);
      expect((err as MemoryInputError).field).toBe(field);
    }
    const mine = (await collect(store.exportRows())).filter((r) => r.session === t);
    expect(mine).toHaveLength(6);
    store.close();
  });

  it("scrubs every text field before it is written", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const secret = `ghp_${"a1B2c3D4e5".repeat(3)}abcdef`;
    const input = {
      session: `s ${secret}`,
      task: `task ${t} token=${secret}`,
      approach: `push with ${secret}`,
      death_reason: `verifier: auth failed for ${secret}`,
    };
    const r = await store.record(input);
    for (const field of ["session", "task", "approach", "death_reason"] as const) {
      expect(r[field]).toBe(scrub(input[field]));
      expect(r[field]).not.toContain(secret);
    }
    const exported = (await collect(store.exportRows())).find((x) => x.id === r.id);
    expect(JSON.stringify(exported)).not.toContain(secret);
    store.close();
  });

  it("supersedes a row with a sharper one and shows the whole chain from any member", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const a = await store.record(row(t, `pin numpy ${t}`, "verifier: import fails"));
    const occ = await store.record(row(t, `pin numpy ${t}`, "verifier: import fails"));
    const b = await store.supersede(
      a.id,
      row(t, `pin numpy ${t}`, "verifier: import fails on py3.12 only"),
    );
    expect(b.supersedes).toBe(a.id);
    expect(b.message).toBe(`failure:${b.id} supersedes failure:${a.id}`);
    const c = await store.supersede(
      b.id,
      row(t, `pin numpy ${t}`, "verifier: wheel missing for py3.12"),
    );
    for (const id of [a.id, b.id, c.id]) {
      const h = await store.history(id);
      expect(h.chain.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    }
    const ha = await store.history(a.id);
    expect(ha.occurrences.map((x) => x.id)).toEqual([a.id, occ.id]);
    expect(ha.superseded_by).toBe(b.id);
    expect((await store.history(c.id)).superseded_by).toBeNull();
    const again = await store.supersede(a.id, row(t, "x", "verifier: y")).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(MemoryInputError);
    expect(String(again)).toContain(`already superseded by failure:${b.id}`);
    const same = await store
      .supersede(c.id, row(t, `pin numpy ${t}`, "verifier: wheel missing for py3.12"))
      .catch((e) => e);
    expect(same).toBeInstanceOf(MemoryInputError);
    const missing = await store
      .supersede(999_999_999, row(t, "x", "verifier: y"))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MemoryInputError);
    expect(String(missing)).toContain("does not exist");
    await expect(store.history(999_999_999)).rejects.toBeInstanceOf(MemoryInputError);
    store.close();
  });

  it("exports every row with the export fields, in id order", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const a = await store.record({ ...row(t, "a", "budget: out of turns"), conviction: "low" });
    const rows = (await collect(store.exportRows())).filter((r) => r.session === t);
    expect(rows).toEqual([
      {
        id: a.id,
        session: t,
        task: `task ${t}`,
        approach: "a",
        death_reason: "budget: out of turns",
        conviction: "low",
        layer: "budget",
        occurrence_of: null,
        supersedes: null,
        created_at: a.created_at,
        provenance: "person",
        source: null,
      },
    ]);
    const all = await collect(store.exportRows());
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((x, y) => x - y));
    store.close();
  });
});
