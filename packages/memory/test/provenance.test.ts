import { describe, expect, it } from "vitest";
import { driverError } from "../src/db/index.js";
import { MemoryInputError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { backends, collect, tag } from "./support/backends.js";

const REFUSED = "fak: failures are append-only";

describe.each(backends())("provenance and idempotent recording on $name", (backend) => {
  const death = (t: string, trial: string, attempt?: number) => ({
    session: trial,
    task: `task ${t}`,
    approach: `rebase onto main ${t}`,
    death_reason: "verifier: test_merge failed",
    provenance: "real" as const,
    source: { harness: "harbor", job: `job-${t}`, trial, ...(attempt ? { attempt } : {}) },
  });

  it("records a real trial once: recording it again adds nothing and names the first row", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const first = await store.record(death(t, "trial-a"));
    expect(first).toMatchObject({
      status: "added",
      provenance: "real",
      source: { harness: "harbor", job: `job-${t}`, trial: "trial-a", attempt: 1 },
    });
    const again = await store.record(death(t, "trial-a", 1));
    expect(again).toMatchObject({ status: "already_present", id: first.id, deaths: 1 });
    expect(again.message).toBe(
      `already recorded as failure:${first.id} (real: harbor job-${t}/trial-a)`,
    );
    // A new trial (or a new attempt of the same one) that dies the same way is another death.
    const other = await store.record(death(t, "trial-b"));
    const retried = await store.record(death(t, "trial-a", 2));
    expect(other).toMatchObject({ status: "added", occurrence_of: first.id, deaths: 2 });
    expect(retried).toMatchObject({ status: "added", occurrence_of: first.id, deaths: 3 });
    const rows = (await collect(store.exportRows())).filter((r) => r.task === `task ${t}`);
    expect(rows.map((r) => r.id)).toEqual([first.id, other.id, retried.id]);
    store.close();
  });

  it("defaults to a person, and refuses a real row without its trial", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const base = { session: t, task: "t", approach: `a ${t}`, death_reason: "budget: out" };
    const person = await store.record(base);
    expect(person).toMatchObject({ provenance: "person", source: null, status: "added" });
    // A person saying the same thing twice is two deaths: only a trial has an identity.
    expect(await store.record(base)).toMatchObject({ occurrence_of: person.id, deaths: 2 });
    const simulated = await store.record({
      ...base,
      approach: `b ${t}`,
      provenance: "simulated",
      source: { harness: "fixture", job: "demo", trial: `fixture:${t}` },
    });
    expect(simulated).toMatchObject({ provenance: "simulated", source: { attempt: 1 } });
    await expect(store.record({ ...base, provenance: "real" })).rejects.toMatchObject({
      field: "source",
    });
    await expect(
      store.record({ ...base, source: { harness: "tb", job: "j", trial: "x" } }),
    ).rejects.toBeInstanceOf(MemoryInputError);
    store.close();
  });

  it("refuses REPLACE, upsert and UPDATE of a sourced row from a second client", async () => {
    const url = backend.url();
    const store = await openStore({ url });
    const t = tag();
    const r = await store.record(death(t, "trial-a"));
    const other = backend.rawClient(url);
    const refused = async (sql: string) => {
      const err = await other.execute({ sql, args: [`job-${t}`] }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, sql).toBeDefined();
      expect(driverError(err).message).toContain(REFUSED);
    };
    const columns =
      "(session, task, approach, death_reason, layer, conviction, created_at, substance_key, provenance, source_harness, source_job, source_trial, source_attempt)";
    const values =
      "VALUES ('s', 't', 'a', 'b', 'none', 'none', 'now', 'k', 'real', 'harbor', ?, 'trial-a', 1)";
    await refused(`INSERT OR REPLACE INTO failures ${columns} ${values}`);
    await refused(`REPLACE INTO failures ${columns} ${values}`);
    await refused(
      `INSERT INTO failures ${columns} ${values} ON CONFLICT DO UPDATE SET task = 'rewritten'`,
    );
    await refused("UPDATE failures SET provenance = 'person' WHERE source_job = ?");
    await refused("DELETE FROM failures WHERE source_job = ?");
    const still = await other.execute({
      sql: "SELECT id, task, provenance FROM failures WHERE source_job = ?",
      args: [`job-${t}`],
    });
    expect(still.rows.map((x) => [Number(x.id), x.task, x.provenance])).toEqual([
      [r.id, `task ${t}`, "real"],
    ]);
    other.close();
    store.close();
  });

  it("labels a simulated death in prior art and ranks it below a real one", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const task = `migrate the ${t} ledger schema without downtime`;
    const row = { session: t, task, death_reason: "verifier: test_online_migration failed" };
    const fake = await store.record({
      ...row,
      approach: `copy the ${t} ledger table then swap names`,
      provenance: "simulated",
      source: { harness: "fixture", job: "demo", trial: `fixture:${t}` },
    });
    const real = await store.record({
      ...row,
      approach: `add a shadow ${t} ledger column and backfill`,
      provenance: "real",
      source: { harness: "tb", job: `run-${t}`, trial: "migrate-1", attempt: 2 },
    });
    const art = await store.priorArt(task, { maxTokens: 1000 });
    expect(art.ids).toEqual([real.id, fake.id]);
    const lines = art.text.split("\n");
    const realLine = lines.find((l) => l.startsWith(`- failure:${real.id} `));
    const fakeLine = lines.find((l) => l.startsWith(`- failure:${fake.id} `));
    expect(lines.indexOf(realLine ?? "")).toBeLessThan(lines.indexOf(fakeLine ?? ""));
    expect(realLine).toContain(
      `failure:${real.id} [refuted by real checks] (real: tb run-${t}/migrate-1 attempt 2)`,
    );
    expect(fakeLine).toContain(`failure:${fake.id} [simulated fixture: not a real refutation]`);
    expect(fakeLine).not.toContain("refuted by real checks");
    store.close();
  });
});
