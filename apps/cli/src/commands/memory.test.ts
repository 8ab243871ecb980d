import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";

let dir = "";
let db = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-mem-cli-"));
  db = `file:${join(dir, "m.db")}`;
});

const rateLimit = [
  "--session",
  "s1",
  "--task",
  "implement per-tenant API rate limiting",
  "--approach",
  "fixed-window per-tenant counter",
  "--death-reason",
  "verifier: test_burst_at_boundary — 200 admitted in 200ms against 100/min limit; windows sharing an edge each grant full quota",
  "--conviction",
  "high",
];

describe("fak memory", () => {
  it("records a death, and a second death of the same substance as its occurrence", async () => {
    const first = await runFak(["memory", "record", ...rateLimit, "--db", db, "--json"]);
    expect(first.status).toBe(0);
    const a = JSON.parse(first.stdout);
    expect(a).toMatchObject({ id: 1, occurrence_of: null, layer: "verifier", conviction: "high" });
    const again = rateLimit.map((x) =>
      x === "fixed-window per-tenant counter" ? "Fixed-window, per-tenant counter." : x,
    );
    const second = await runFak(["memory", "record", ...again, "--session", "s2", "--db", db]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("second death, see failure:1");
  });

  it("uses FAK_DB_URL when --db is not given", async () => {
    const r = await runFak(["memory", "record", ...rateLimit, "--json"], {
      env: { FAK_DB_URL: db },
    });
    expect(r.status).toBe(0);
    const exported = await runFak(["memory", "export"], { env: { FAK_DB_URL: db } });
    expect(jsonl(exported.stdout)).toHaveLength(1);
  });

  it("creates the default store file:.fak/memory.db in the working folder", async () => {
    const r = await runFak(["memory", "record", ...rateLimit], { cwd: dir });
    expect(r.status).toBe(0);
    expect(await readdir(join(dir, ".fak"))).toContain("memory.db");
  });

  it("refuses a bad conviction and an empty approach with exit 2, writing nothing", async () => {
    const bad = await runFak([
      "memory",
      "record",
      ...rateLimit,
      "--conviction",
      "certain",
      "--db",
      db,
    ]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("conviction");
    const empty = await runFak(["memory", "record", ...rateLimit, "--approach", "", "--db", db]);
    expect(empty.status).toBe(2);
    const exported = await runFak(["memory", "export", "--db", db]);
    expect(exported.stdout).toBe("");
  });

  it("imports JSONL line by line, and writes nothing of a file with a bad line", async () => {
    const rows = [
      {
        session: "s",
        task: "cache the product page",
        approach: "per-request memo",
        death_reason: "verifier: stale price shown after update",
        conviction: "medium",
      },
      {
        session: "s",
        task: "cache the product page",
        approach: "per-request memo",
        death_reason: "verifier: stale price shown after update",
      },
    ];
    const good = join(dir, "good.jsonl");
    await writeFile(good, rows.map((r) => JSON.stringify(r)).join("\n"));
    const r = await runFak(["memory", "import", good, "--db", db, "--json"]);
    expect(r.status).toBe(0);
    expect(jsonl(r.stdout)).toEqual([
      { line: 1, id: 1, occurrence_of: null, status: "added" },
      { line: 2, id: 2, occurrence_of: 1, status: "added" },
    ]);
    const bad = join(dir, "bad.jsonl");
    await writeFile(
      bad,
      `${JSON.stringify({ ...rows[0], task: "other" })}\n${JSON.stringify({ ...rows[0], conviction: "sure" })}\n`,
    );
    const b = await runFak(["memory", "import", bad, "--db", db, "--json"]);
    expect(b.status).toBe(2);
    expect(b.stderr).toContain("bad.jsonl:2");
    expect(b.stderr).toContain("conviction");
    expect(b.stdout).toBe("");
    const exported = await runFak(["memory", "export", "--db", db]);
    expect(jsonl(exported.stdout)).toHaveLength(2);
  });

  it("searches, gives cited prior art, supersedes and shows history", async () => {
    await runFak(["memory", "record", ...rateLimit, "--db", db]);
    const search = await runFak([
      "memory",
      "search",
      "rate limiting per tenant",
      "--db",
      db,
      "--json",
    ]);
    expect(search.status).toBe(0);
    expect((JSON.parse(search.stdout) as { id: number }[])[0]?.id).toBe(1);
    const art = await runFak([
      "memory",
      "prior-art",
      "throttle webhook fan-out",
      "--db",
      db,
      "--json",
    ]);
    const priorArt = JSON.parse(art.stdout) as { ids: number[]; text: string };
    expect(priorArt.ids).toContain(1);
    expect(priorArt.text).toContain("failure:1");
    const sup = await runFak([
      "memory",
      "supersede",
      "1",
      "--approach",
      "fixed-window counter keyed by tenant",
      "--death-reason",
      "verifier: test_burst_at_boundary — adjacent windows each grant the full quota, so 2x the limit passes at an edge",
      "--db",
      db,
      "--json",
    ]);
    expect(sup.status).toBe(0);
    expect(JSON.parse(sup.stdout)).toMatchObject({ id: 2, supersedes: 1 });
    const history = await runFak(["memory", "history", "1", "--db", db, "--json"]);
    const h = JSON.parse(history.stdout);
    expect(h.superseded_by).toBe(2);
    expect(h.chain.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    expect(h.chain[1].task).toBe("implement per-tenant API rate limiting");
    const human = await runFak(["memory", "history", "1", "--db", db]);
    expect(human.stdout).toContain("superseded by failure:2");
  });

  it("names an unknown id (exit 2) and an unreachable server (exit 1) without a stack trace", async () => {
    await runFak(["memory", "record", ...rateLimit, "--db", db]);
    const missing = await runFak(["memory", "history", "99", "--db", db]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("failure:99 does not exist");
    const down = await runFak(["memory", "search", "x", "--db", "http://127.0.0.1:9"]);
    expect(down.status).toBe(1);
    expect(down.stderr).not.toMatch(/\n\s+at /);
  });

  it("a store that does not exist is bad input for the read commands: exit 2, the file named, nothing created", async () => {
    const file = join(dir, "nested", "none.db");
    for (const args of [
      ["memory", "search", "token bucket"],
      ["memory", "export"],
      ["memory", "prior-art", "rate limiting"],
      ["memory", "verify"],
    ]) {
      const r = await runFak([...args, "--db", `file:${file}`]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout, args.join(" ")).toBe("");
      expect(r.stderr, args.join(" ")).toContain(`${file} does not exist`);
      expect(await readdir(dir), args.join(" ")).toEqual([]);
    }
  });
});
