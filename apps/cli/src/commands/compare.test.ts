import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const A = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));
const B = fileURLToPath(new URL("../../../replay/examples/harbor-job-b", import.meta.url));

describe("fak compare", () => {
  it("prints the figures, the categories side by side, the flips and the unmatched tasks", async () => {
    const r = await runFak(["compare", A, B]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("harbor-job (fake-agent / acme/model-1)");
    // Each run's own figures: the one pass rate with its denominator, the counts, Harbor's mean.
    expect(r.stdout).toContain(
      "pass rate 1/4 = 25.0% (passed / (listed − harness)); 5 listed: 1 passed, 3 failed, 1 harness errors, 0 incomplete; mean reward 0.200",
    );
    expect(r.stdout).toContain(
      "harness's own: harbor-job (fake-agent / acme/model-1): Harbor's mean reward 0.200 over 5 trials (an unrewarded trial counted 0)",
    );
    expect(r.stdout).toMatch(
      /pass rate over the matched tasks \(each task's passes \/ attempts, averaged\): A 25\.0% {2}B 50\.0% {2}B − A 25\.0% \(95% interval .*newcombe-paired-wilson\)/,
    );
    expect(r.stdout).toMatch(/csv-report +regressed +pass +fail: TEST_MISUNDERSTOOD/);
    expect(r.stdout).toContain("only in A (1): summarize-docs");
    expect(r.stdout).toContain("only in B (1): json-merge");
  });

  it("--json prints a RunComparison", async () => {
    const r = await runFak(["compare", A, B, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const { runComparisonSchema } = await import("@fak/replay");
    const cmp = runComparisonSchema.parse(JSON.parse(r.stdout));
    expect(cmp.tasks.map((t) => [t.task, t.change])).toEqual([
      ["csv-report", "regressed"],
      ["log-parse", "improved"],
      ["pdf-render", "same"],
      ["train-model", "improved"],
    ]);
  });

  it("--fail-on regression: exit 1 with a one-line reason when a task regressed, 0 when none did", async () => {
    const tripped = await runFak(["compare", A, B, "--fail-on", "regression", "--json"]);
    expect(tripped.status).toBe(1);
    expect(tripped.stderr).toBe("fak: gate tripped: 1 task regressed from A to B: csv-report\n");
    expect(JSON.parse(tripped.stdout).gate.tripped).toBe(true);
    const same = await runFak(["compare", A, A, "--fail-on", "regression"]);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toContain("gate passed: no task regressed from A to B");
  });

  it("bad input stays exit 2, with nothing on stdout", async () => {
    for (const args of [
      ["compare", A, B, "--fail-on", "sometimes"],
      ["compare", A, `${B}-nowhere`],
      ["compare", A],
    ]) {
      const r = await runFak(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
    }
  });
});
