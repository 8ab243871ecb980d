import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyTrial } from "../../pipeline/classify-trial.js";
import { tempDir, writeHarborJob, writeJson } from "../../test-support/harness-folders.js";
import { ingest } from "../ingest.js";
import { headlineReward } from "./verifier.js";

// Custom verifiers end to end: what a Harbor task outside Terminal-Bench leaves under verifier/,
// read into the trial's signals and judged.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function trialWith(files: Record<string, unknown>, commands: string[] = ["ls"]) {
  const job = await writeHarborJob(join(root, "job"), {
    trials: [
      { name: "t__1", reward: 0, commands: commands.map((command) => ({ command, exit: 0 })) },
    ],
  });
  for (const [name, content] of Object.entries(files)) {
    const file = join(job, "t__1", "verifier", name);
    if (typeof content === "string") await writeFile(file, content);
    else await writeJson(file, content);
  }
  const { trials } = await ingest("harbor", [job]);
  return trials[0]!;
}

describe("a verdict from a custom verifier", () => {
  it("the failing assertion one JSON string deep decides, beside an empty test-stdout.txt", async () => {
    const t = await trialWith({
      "test-stdout.txt": "",
      "grading.json": {
        criteria: [
          { id: "api", pass: true, details: "ok" },
          {
            id: "unit",
            pass: false,
            details:
              '=== RUN   TestSet\n    kv_test.go:22: Set("k") stored ""\n--- FAIL: TestSet (0.00s)\nFAIL',
          },
        ],
      },
    });
    const c = classifyTrial(t);
    expect(c).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      attribution: "agent",
      decided_by: { file: "verifier/grading.json", text: 'kv_test.go:22: Set("k") stored ""' },
    });
    expect(t.signals.trial?.verifier).toMatchObject({ tests_passed: 1, tests_failed: 1 });
    expect(t.meta.failing_test).toBe("unit");
  });

  it("a compiler error in the agent's file, held in a criterion's details, is BAD_FILE_EDIT", async () => {
    const t = await trialWith({
      "result.json": {
        checks: [
          {
            name: "build",
            status: "failed",
            output:
              "go build ./...\n./server.go:41:2: syntax error: unexpected }, expected expression\n",
          },
        ],
      },
    });
    expect(classifyTrial(t)).toMatchObject({ category: "BAD_FILE_EDIT", attribution: "agent" });
  });

  it("a verifier image whose Go is older than go.mod needs is the environment's", async () => {
    const t = await trialWith({
      "test-stdout.txt":
        "+ go test ./...\ngo: go.mod requires go >= 1.24 (running go 1.22.5; GOTOOLCHAIN=local)\n",
    });
    expect(classifyTrial(t)).toMatchObject({
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_toolchain_too_old",
      decided_by: { file: "verifier/test-stdout.txt", line: 2 },
    });
  });

  it("`go test ./` at a root with no package is the harness's: the agent's work was never judged", async () => {
    const t = await trialWith({ "test-stdout.txt": "+ go test ./\nno Go files in /workspace\n" });
    expect(classifyTrial(t)).toMatchObject({ attribution: "harness" });
    expect(t.harness_error).toBe(true);
  });

  it("hidden tests that cannot import the agent's own module are the agent's answer", async () => {
    const t = await trialWith(
      {
        "test-stdout.txt":
          "==================================== ERRORS ====================================\n_____________ ERROR collecting tests/test_solver.py _____________\nImportError while importing test module '/tests/test_solver.py'.\nE   ModuleNotFoundError: No module named 'solver'\n",
      },
      ["cat > /app/solve.py <<'EOF'\nprint(1)\nEOF", "mkdir -p /app/solver"],
    );
    expect(classifyTrial(t)).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      reason: "TEST_MISUNDERSTOOD:verifier_module_of_agent_missing",
      decided_by: { file: "verifier/test-stdout.txt", line: 4 },
    });
  });

  it("hidden tests that cannot import the agent's module because it does not parse: BAD_FILE_EDIT", async () => {
    const t = await trialWith(
      {
        "test-stdout.txt": [
          "_____________ ERROR collecting tests/test_solver.py _____________",
          "ImportError while importing test module '/tests/test_solver.py'.",
          "tests/test_solver.py:1: in <module>",
          "    from solver import solve",
          'E     File "/app/solver.py", line 7',
          "E       return [x for x in xs if x > 0",
          "E                                      ^",
          "E   SyntaxError: '[' was never closed",
          "",
        ].join("\n"),
      },
      ["cat > /app/solver.py <<'EOF'\ndef solve(xs):\nEOF"],
    );
    expect(classifyTrial(t)).toMatchObject({
      category: "BAD_FILE_EDIT",
      attribution: "agent",
      decided_by: { file: "verifier/test-stdout.txt" },
    });
  });
});

describe("named rewards", () => {
  it("the headline is the reward named `reward`, else the only one, else the task's summary, else none", () => {
    expect(headlineReward({ reward: 0.5, style: 1 })).toBe(0.5);
    expect(headlineReward({ accuracy: 0.75 })).toBe(0.75);
    expect(headlineReward({ accuracy: 1, style: 1 })).toBeUndefined();
    expect(headlineReward({ overall: 0.9, functional_correctness: 1, artifact_quality: 0 })).toBe(
      0.9,
    );
    expect(headlineReward({ final: 0, style: 1 })).toBe(0);
    // A count is no reward: several numbers, some above 1, name no headline.
    expect(headlineReward({ passed: 0, failed: 5, total: 5 })).toBeUndefined();
    expect(headlineReward({ overall: 3, style: 1 })).toBeUndefined();
    expect(headlineReward({})).toBeUndefined();
  });

  it("keeps every named reward on the trial; several without `reward` is no pass, with a note", async () => {
    const job = await writeHarborJob(join(root, "job"), { trials: [{ name: "m__1", reward: 1 }] });
    const resultFile = join(job, "m__1", "result.json");
    const { readFile } = await import("node:fs/promises");
    const result = JSON.parse(await readFile(resultFile, "utf8"));
    const a = Math.round(Math.random() * 100) / 100 + 0.01;
    result.verifier_result = { rewards: { tests: a, lint: 1 } };
    await writeJson(resultFile, result);
    const { trials } = await ingest("harbor", [job]);
    expect(trials[0]).toMatchObject({
      status: "failed",
      reward: null,
      rewards: { tests: a, lint: 1 },
    });
    expect(trials[0]?.notes).toContainEqual(
      expect.stringMatching(/2 named rewards and none named "reward"/),
    );
  });
});
