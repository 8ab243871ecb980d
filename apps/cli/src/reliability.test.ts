import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonl, runFak } from "./test-support/run-fak.js";

// Hostile input at the command line: each gets a clear answer in bounded time and memory.

describe("fak under hostile input", () => {
  it("names the field of deeply nested JSON (exit 2)", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const r = await runFak(["classify", "--json"], { input: `{"task_id":"a","arm":${deep}}\n` });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("<stdin>:1: arm:");
  });

  it("classifies a 10 MB stderr tail full of ANSI and control characters", async () => {
    const noise = "\u001b[31mprogress \u0007\r\u001b[0m".repeat(400_000);
    const stderr = `${noise}\nERROR: No matching distribution found for nosuchpkg\n`;
    const signals = {
      task_id: "big",
      arm: { task_success: false },
      outcomes: [{ command: "pip install nosuchpkg", exit_code: 1, stderr }],
    };
    const r = await runFak(["classify", "--json"], { input: JSON.stringify(signals) });
    expect(r.status).toBe(0);
    const [c] = jsonl(r.stdout) as { category: string; evidence: string[] }[];
    expect(c!.category).toBe("PKG_INSTALL");
    expect(JSON.stringify(c!.evidence).length).toBeLessThan(2_000);
  });

  it("streams a large JSONL in bounded memory and writes nothing when its last line is bad", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-big-"));
    const file = join(dir, "many.jsonl");
    const line = JSON.stringify({
      task_id: "t",
      arm: { task_success: false },
      outcomes: [{ exit_code: 127, stderr: "bash: cargo: command not found" }],
    });
    const n = 150_000;
    await writeFile(file, `${`${line}\n`.repeat(n)}{"task_id":7}\n`);
    // 96 MB of heap is far less than the input's classifications would need if they were held.
    // The child spools into its own temporary folder, so other tests' spools cannot race this.
    const spoolDir = await mkdtemp(join(tmpdir(), "fak-spool-home-"));
    const env = { NODE_OPTIONS: "--max-old-space-size=96", TMPDIR: spoolDir };
    const r = await runFak(["classify", "--json", file], { env });
    expect(r.stderr).toContain(`many.jsonl:${n + 1}: task_id:`);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    await writeFile(file, `${line}\n`.repeat(n));
    const ok = await runFak(["classify", "--json", file], { env });
    expect(ok.status).toBe(0);
    expect(ok.stdout.split("\n").filter(Boolean)).toHaveLength(n);
    // It did spool (the output is past the in-memory limit), and the spool is gone.
    expect(ok.stdout.length).toBeGreaterThan(8 << 20);
    expect(await readdir(spoolDir)).toEqual([]);
  }, 120_000);

  it("reads and names files with odd characters in their names", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-odd-"));
    const name = join(dir, "sig nals – ü 'quoted' $x.jsonl");
    await writeFile(name, '{"task_id":"a","arm":{"task_success":true}}\n{"task_id":""}\n');
    const r = await runFak(["classify", "--json", name]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${name}:2: task_id:`);
  });

  it("never shows a secret it was given: record, search and export print it redacted", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-secret-"));
    const db = `file:${join(dir, "m.db")}`;
    const token = `ghp_${"Zq7Xk2Lm9Np4Rs8Tv1Wy5Ab3Cd6Ef0Gh2Jk4"}`;
    const rec = await runFak([
      "memory",
      "record",
      "--session",
      "s",
      "--task",
      "push release tags",
      "--approach",
      `git push with GITHUB_TOKEN=${token}`,
      "--death-reason",
      `verifier: push rejected for ${token}`,
      "--db",
      db,
      "--json",
    ]);
    expect(rec.status).toBe(0);
    expect(rec.stdout).toContain("[REDACTED:");
    const search = await runFak(["memory", "search", "push release tags", "--db", db, "--json"]);
    const exported = await runFak(["memory", "export", "--db", db]);
    for (const out of [rec.stdout, rec.stderr, search.stdout, exported.stdout]) {
      expect(out).not.toContain(token);
      expect(out).not.toContain(token.slice(8, 28));
    }
    expect(exported.stdout).toContain("[REDACTED:");
  });
});
