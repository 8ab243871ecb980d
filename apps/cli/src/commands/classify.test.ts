import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";

const failedInstall = {
  task_id: "install-deps",
  arm: { task_success: false },
  outcomes: [
    {
      turn: 2,
      command: "pip install nosuchpkg",
      exit_code: 1,
      stderr: "ERROR: No matching distribution found for nosuchpkg",
    },
  ],
};
const passed = { task_id: "ok", arm: { task_success: true } };

describe("fak classify", () => {
  it("reads JSONL from stdin and writes one classification per input", async () => {
    const input = `${JSON.stringify(failedInstall)}\n${JSON.stringify(passed)}\n`;
    const r = await runFak(["classify", "--json"], { input });
    expect(r.status).toBe(0);
    const out = jsonl(r.stdout) as { task_id: string; category: string; recovery: string }[];
    expect(out.map((c) => [c.task_id, c.category, c.recovery])).toEqual([
      ["install-deps", "PKG_INSTALL", "RETRY_PACKAGE_INSTALL"],
      ["ok", "NONE", "NONE"],
    ]);
  });

  it("writes the characters a terminal acts on as JSON escapes, the same values", async () => {
    const sly = { ...passed, task_id: "ok\u202egnp.exe\u0085\u200b" };
    const r = await runFak(["classify", "--json"], { input: `${JSON.stringify(sly)}\n` });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0080-\u009f\u200b\u202e]/);
    expect((jsonl(r.stdout) as { task_id: string }[])[0]?.task_id).toBe(sly.task_id);
  });

  it("reads a single pretty-printed JSON document and a JSON array from a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-cli-"));
    await writeFile(join(dir, "one.json"), JSON.stringify(failedInstall, null, 2));
    await writeFile(join(dir, "many.json"), JSON.stringify([passed, failedInstall]));
    const one = await runFak(["classify", "--json", join(dir, "one.json")]);
    expect(jsonl(one.stdout)).toHaveLength(1);
    const many = await runFak(["classify", "--json", join(dir, "many.json")]);
    expect((jsonl(many.stdout) as { task_id: string }[]).map((c) => c.task_id)).toEqual([
      "ok",
      "install-deps",
    ]);
  });

  it("prints a table for people without --json", async () => {
    const r = await runFak(["classify"], { input: JSON.stringify(failedInstall) });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/install-deps\s+PKG_INSTALL/);
  });

  it("names the line and field of a bad record, exits 2, and writes nothing", async () => {
    const input = `${JSON.stringify(passed)}\n${JSON.stringify({ task_id: "x", arm: { commands: "three" } })}\n`;
    const r = await runFak(["classify", "--json", "-"], { input });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("<stdin>:2: arm.commands:");
  });

  it("refuses an unknown field, broken JSON and an empty input with exit 2", async () => {
    const unknown = await runFak(["classify", "--json"], {
      input: `${JSON.stringify({ ...passed, extra: 1 })}\n`,
    });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/extra|[Uu]nrecognized/);
    const broken = await runFak(["classify", "--json"], {
      input: `${JSON.stringify(passed)}\n{"task_id":\n`,
    });
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain("invalid JSON");
    const empty = await runFak(["classify", "--json"], { input: "" });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("empty input");
  });

  it("accepts a byte-order mark and CRLF line ends, and rejects invalid UTF-8 and NUL bytes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-cli-"));
    const good = join(dir, "bom.jsonl");
    await writeFile(
      good,
      `\ufeff${JSON.stringify(passed)}\r\n${JSON.stringify(failedInstall)}\r\n`,
    );
    const ok = await runFak(["classify", "--json", good]);
    expect(ok.status).toBe(0);
    expect(jsonl(ok.stdout)).toHaveLength(2);
    const bad = join(dir, "bad.jsonl");
    await writeFile(
      bad,
      Buffer.concat([
        Buffer.from(`${JSON.stringify(passed)}\n{"task_id":"`),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}\n'),
      ]),
    );
    const r = await runFak(["classify", "--json", bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("bad.jsonl:2: not valid UTF-8");
    const nul = join(dir, "nul.jsonl");
    await writeFile(nul, `${JSON.stringify(passed)}\n{"task_id":"a\u0000"}\n`);
    const n = await runFak(["classify", "--json", nul]);
    expect(n.status).toBe(2);
    expect(n.stderr).toContain("nul.jsonl:2: contains a NUL byte");
  });

  it("reports a missing file with exit 2", async () => {
    const r = await runFak(["classify", "/nonexistent/signals.jsonl"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("/nonexistent/signals.jsonl: cannot read (ENOENT: no such file)");
  });
});
