import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeJson } from "../../test-support/harness-folders.js";
import { readVerdictFiles, VERDICT_LIMITS } from "./read.js";

let trial: string;
beforeEach(async () => {
  trial = await tempDir("fak-verdict-");
  await mkdir(join(trial, "verifier"), { recursive: true });
});
afterEach(async () => {
  await rm(trial, { recursive: true, force: true });
});

describe("reading every file a verifier left", () => {
  it("an empty test-stdout.txt does not hide the verdict in a JSON beside it", async () => {
    await writeFile(join(trial, "verifier", "test-stdout.txt"), "");
    await writeJson(join(trial, "verifier", "reward.json"), { reward: 0, build: 1 });
    await writeJson(join(trial, "verifier", "results.json"), {
      criteria: [
        { id: "compiles", passed: true },
        {
          id: "hidden-tests",
          passed: false,
          output: "FAILED test_api.py::test_get - assert 404 == 200\n",
        },
      ],
    });
    const notes: string[] = [];
    const v = await readVerdictFiles(trial, "verifier", notes);
    expect(v.failure[0]).toMatchObject({
      file: "verifier/results.json",
      text: "FAILED test_api.py::test_get - assert 404 == 200",
    });
    expect(v.failure[0]?.line).toBeGreaterThan(1);
    expect(v.tests.map((t) => t.passed)).toEqual([true, false]);
    expect(notes).toEqual([]);
  });

  it("reads files in sub-folders and by content, not by name", async () => {
    await mkdir(join(trial, "verifier", "logs"));
    await writeFile(
      join(trial, "verifier", "logs", "run.log"),
      "ok  \tkv/api\t0.01s\n--- FAIL: TestDelete (0.00s)\n    store_test.go:40: still present\n",
    );
    const v = await readVerdictFiles(trial, "verifier", []);
    expect(v.failure[0]).toEqual({
      file: "verifier/logs/run.log",
      line: 2,
      text: "--- FAIL: TestDelete (0.00s)",
    });
    // No structured report: the outcomes the runner printed are the tests.
    expect(v.tests).toEqual([
      { name: "TestDelete", passed: false, source: "verifier/logs/run.log" },
    ]);
  });

  it("never follows a symlink, skips binary files, and says what could not run", async () => {
    const outside = join(trial, "outside.txt");
    await writeFile(outside, "--- FAIL: TestSecret (0.00s)\n");
    await symlink(outside, join(trial, "verifier", "linked.txt"));
    await writeFile(join(trial, "verifier", "core"), Buffer.from([0, 1, 2, 0x2d, 0x2d]));
    await writeFile(
      join(trial, "verifier", "test-stdout.txt"),
      "go: go.mod requires go >= 1.23 (running go 1.22.1; GOTOOLCHAIN=local)\n",
    );
    const v = await readVerdictFiles(trial, "verifier", []);
    expect(v.files).toEqual(["verifier/test-stdout.txt"]);
    expect(v.failure.some((l) => l.text.includes("TestSecret"))).toBe(false);
    expect(v.notRun).toMatchObject({ kind: "toolchain_too_old", line: { line: 1 } });
  });

  it("caps the files it reads and says so", async () => {
    for (let i = 0; i <= VERDICT_LIMITS.files; i++)
      await writeFile(join(trial, "verifier", `f${String(i).padStart(3, "0")}.txt`), "ok\n");
    const notes: string[] = [];
    const v = await readVerdictFiles(trial, "verifier", notes);
    expect(v.files).toHaveLength(VERDICT_LIMITS.files);
    expect(notes).toEqual([expect.stringMatching(/more than 200 files; the rest unread/)]);
  });

  it("in structured-only mode (artifacts/) takes only failing test outcomes from JSON", async () => {
    await mkdir(join(trial, "artifacts"));
    await writeFile(join(trial, "artifacts", "notes.txt"), "FAILED a::b - assert 1\n");
    await writeJson(join(trial, "artifacts", "summary.json"), { log: "error: boom\nerror: again" });
    await writeJson(join(trial, "artifacts", "verdict.json"), {
      tests: [{ name: "t1", status: "failed", message: "E   assert 'x' == 'y'" }],
    });
    const v = await readVerdictFiles(trial, "artifacts", [], { structuredOnly: true });
    expect(v.failure.map((l) => [l.file, l.text])).toEqual([
      ["artifacts/verdict.json", "assert 'x' == 'y'"],
    ]);
  });
});
