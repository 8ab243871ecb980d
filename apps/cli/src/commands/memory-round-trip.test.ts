import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";

const root = fileURLToPath(new URL("../../../..", import.meta.url));
let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-round-trip-"));
});
const db = (name: string) => `file:${join(dir, `${name}.db`)}`;

async function fak(args: string[]): Promise<string> {
  const r = await runFak(args, { cwd: root });
  expect(r.stderr, args.join(" ")).not.toMatch(/error/i);
  expect(r.status, `${args.join(" ")}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

describe("fak memory export | import", () => {
  it("moves every row, occurrence and supersession to an empty store; a second import adds nothing", async () => {
    const from = db("from");
    const row = (approach: string, reason: string) => [
      "--session",
      "s1",
      "--task",
      "throttle the webhook fan-out",
      "--approach",
      approach,
      "--death-reason",
      reason,
      "--db",
      from,
    ];
    await fak([
      "memory",
      "record",
      ...row("one queue per tenant", "verifier: test_fairness failed"),
    ]);
    await fak([
      "memory",
      "record",
      ...row("One queue per tenant.", "verifier: test_fairness failed"),
    ]);
    await fak(["memory", "record", ...row("a global token bucket", "budget: out of turns")]);
    await fak(["memory", "supersede", "3", ...row("a global bucket, 10/s", "adversary: burst")]);
    const exported = await fak(["memory", "export", "--db", from]);
    const file = join(dir, "e.jsonl");
    await writeFile(file, exported);

    const to = db("to");
    const first = await fak(["memory", "import", file, "--db", to]);
    expect(first).toContain("imported 4 rows");
    expect(first).toContain("4 added (1 of them occurrences of earlier failures), 0 already there");
    const again = await fak(["memory", "import", file, "--db", to, "--json"]);
    expect(jsonl(again)).toEqual(
      [1, 2, 3, 4].map((n) => expect.objectContaining({ line: n, status: "already_present" })),
    );
    expect(await fak(["memory", "import", file, "--db", to])).toContain("0 added, 4 already there");
    // An empty store gives the rows their old ids again, and keeps the timestamps: the same rows,
    // each marked imported (a claimed provenance is not evidence this store can check).
    const asImported = jsonl(exported).map(
      (r) => `${JSON.stringify({ ...(r as object), provenance: "imported" })}\n`,
    );
    expect(await fak(["memory", "export", "--db", to])).toBe(asImported.join(""));
    const rows = jsonl(exported) as { occurrence_of: number | null; supersedes: number | null }[];
    expect(rows.map((r) => [r.occurrence_of, r.supersedes])).toEqual([
      [null, null],
      [1, null],
      [null, null],
      [null, 3],
    ]);
  }, 120_000); // nine CLI processes one after another: on a loaded 2-core CI machine 30 s is not enough

  it("refuses a reference to an id the file does not hold (exit 2, line and field named)", async () => {
    const file = join(dir, "bad.jsonl");
    const line = {
      session: "s",
      task: "t",
      approach: "a",
      death_reason: "budget: out of turns",
    };
    await writeFile(
      file,
      `${JSON.stringify({ ...line, id: 7 })}\n${JSON.stringify({ ...line, approach: "b", id: 8, supersedes: 6 })}\n`,
    );
    const r = await runFak(["memory", "import", file, "--db", db("bad")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("bad.jsonl:2: supersedes");
    expect(r.stderr).toContain("failure:6 is not the id of an earlier line of this file");
    expect(await fak(["memory", "export", "--db", db("bad")])).toBe("");
  });
});

describe("pnpm demo", () => {
  it("run twice leaves the store as once", async () => {
    const scripts = JSON.parse(await readFile(join(root, "package.json"), "utf8")).scripts;
    const parts = (scripts.demo as string).split("&&").map((c) => c.trim());
    // It builds first (a fresh install builds nothing), then runs the CLI twice.
    expect(parts[0]).toMatch(/turbo run build/);
    const commands = parts
      .filter((c) => c.startsWith("node apps/cli/dist/main.js "))
      .map((c) => c.split(/\s+/).slice(2));
    expect(commands.map((c) => c[0])).toEqual(["replay", "ingest"]);
    const store = db("demo");
    const run = async () => {
      for (const args of commands) await fak([...args, "--db", store]);
      return fak(["memory", "export", "--db", store]);
    };
    const once = await run();
    const rows = jsonl(once) as { provenance: string; source: { harness: string } | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.provenance))).toEqual(new Set(["simulated", "real"]));
    for (const r of rows) expect(r.source).not.toBeNull();
    const second = await runFak([...commands[0]!, "--db", store], { cwd: root });
    expect(second.stdout).toContain("already recorded as failure:");
    expect(await run()).toBe(once);
    const history = await fak(["memory", "history", "1", "--db", store]);
    expect(history).toMatch(/simulated: fixture \S+\/fixture:/);
  });
});
