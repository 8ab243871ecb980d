import { cpuMs } from "@fak/vitest-config/cpu";
import { describe, expect, it } from "vitest";
import { walkJson } from "./walk-json.js";

const walk = (doc: unknown, file = "verifier/grade.json") =>
  walkJson(doc, JSON.stringify(doc, null, 2), file);

describe("walking a verifier's JSON by its structure", () => {
  it("finds failing criteria one string deep and scans their details as runner output", () => {
    const doc = {
      task: "kv-store",
      criteria: [
        { id: "builds", pass: true, details: "ok" },
        {
          id: "unit-tests",
          pass: false,
          details:
            '=== RUN   TestPut\n    store_test.go:31: Get("a") = "", want "1"\n--- FAIL: TestPut (0.00s)\nFAIL\tkv/store\t0.01s',
        },
      ],
    };
    const v = walk(doc);
    expect(v.tests).toEqual([
      { name: "builds", passed: true, source: "verifier/grade.json" },
      { name: "unit-tests", passed: false, source: "verifier/grade.json" },
    ]);
    expect(v.strength).toBe(2);
    // The string sits on one line of the file: every line of it names that line.
    const raw = JSON.stringify(doc, null, 2).split("\n");
    const at = raw.findIndex((l) => l.includes("store_test.go")) + 1;
    expect(v.lines[0]).toEqual({
      file: "verifier/grade.json",
      line: at,
      text: 'store_test.go:31: Get("a") = "", want "1"',
    });
  });

  it("reads CTRF-shaped test outcomes, skipping skipped tests", () => {
    const v = walk({
      results: {
        tool: { name: "pytest" },
        summary: { tests: 3, passed: 1, failed: 1, skipped: 1 },
        tests: [
          { name: "test_a", status: "passed" },
          { name: "test_b", status: "failed", trace: "E       assert 2 == 3" },
          { name: "test_c", status: "skipped" },
        ],
      },
    });
    expect(v.tests.map((t) => [t.name, t.passed])).toEqual([
      ["test_a", true],
      ["test_b", false],
    ]);
    expect(v.lines[0]?.text).toBe("assert 2 == 3");
  });

  it("names a failing criterion whose details are plain words", () => {
    const v = walk({
      checks: [{ name: "readme-updated", status: "FAIL", message: "README lacks usage" }],
    });
    expect(v.lines[0]?.text).toBe("readme-updated: README lacks usage");
  });

  it("scans other strings that hold test or compiler output", () => {
    const v = walk({
      summary: "1 failed",
      log: "building\nsrc/vm.c:9:3: error: expected ';' before '}' token\n",
    });
    expect(v.tests).toEqual([]);
    expect(v.lines[0]?.text).toBe("src/vm.c:9:3: error: expected ';' before '}' token");
  });

  it("stays fast on many strings that read as failures (evidence capped, each line found from the last)", () => {
    const doc = {
      logs: Array.from(
        { length: 100_000 },
        (_, i) => `=== RUN   TestStep${i}\n--- FAIL: TestStep${i} (0.00s)`,
      ),
    };
    const raw = JSON.stringify(doc, null, 1);
    let v!: ReturnType<typeof walkJson>;
    // CPU time, not wall time: the bound is for a blow-up, not the machine's load.
    expect(cpuMs(() => (v = walkJson(doc, raw, "verifier/many.json")))).toBeLessThan(5000);
    expect(v.lines[0]).toMatchObject({ file: "verifier/many.json", line: 3 });
  });

  it("is bounded on deep nesting", () => {
    let doc: unknown = { name: "deep", passed: false, details: "E   assert 0" };
    for (let i = 0; i < 10_000; i++) doc = { next: doc };
    const raw = "{}";
    const v = walkJson(doc, raw, "verifier/deep.json");
    expect(v.tests).toEqual([]);
  });
});
