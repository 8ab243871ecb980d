import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { replaySuite, replayTrials } from "./replay.js";
import { renderReportMarkdown } from "./report-markdown.js";
import { stepOf, suiteOf, taskOf } from "./test-support/suite-builders.js";

describe("replaySuite", () => {
  it("replays a suite object and classifies the fak arm", () => {
    const wrong = taskOf("wrong", { tests: [{ name: "test_shape", passed: false }] });
    const { report, taxonomy, directives } = replaySuite(suiteOf(taskOf("ok"), wrong));
    expect(report.tasks.map((t) => t.fak.task_success)).toEqual([true, false]);
    expect(taxonomy.classifications.map((c) => c.category)).toEqual(["NONE", "TEST_MISUNDERSTOOD"]);
    expect(directives).toHaveLength(1);
    expect(directives[0]).toMatchObject({
      task_id: "wrong",
      attempt: 1,
      action: "REREAD_TEST_ORACLE",
    });
  });

  it("refuses a bad suite object with an InputError", () => {
    expect(() => replaySuite(suiteOf(taskOf("a", { trace: [] })))).toThrow(InputError);
    expect(() => replaySuite(suiteOf(taskOf("a", { trace: [] })))).toThrow(
      "(suite): tasks[0].trace: at least one step is required",
    );
  });

  it("stops retrying at the attempt cap", () => {
    const wrong = taskOf("wrong", { tests: [{ name: "t", passed: false }] });
    const { directives } = replaySuite(suiteOf(wrong), { attempt: 3, maxAttempts: 3 });
    expect(directives[0]?.should_retry).toBe(false);
  });

  it("counts recorded tests as passed only in an arm that reached every milestone", () => {
    const blocked = taskOf("b", { trace: [stepOf("rm -rf /", { milestone: "done" })] });
    const { report } = replaySuite(suiteOf(blocked));
    const [trial] = replayTrials(report);
    expect(trial?.signals.tests).toEqual([{ name: "test_done", passed: false }]);
    expect(trial?.meta).toMatchObject({
      agent: "fixture-replay",
      last_failing_step: "rm -rf /",
      task: "b: goal of b",
    });
  });
});

describe("renderReportMarkdown", () => {
  const { report } = replaySuite(
    suiteOf(taskOf("pipe|task", { trace: [stepOf("cat a | grep b", { milestone: "done" })] })),
    { now: new Date("2026-01-01T00:00:00Z") },
  );
  const md = renderReportMarkdown(report);

  it("states the evidence class and the claim boundary", () => {
    expect(md).toContain("**SIMULATED_LOCAL_FIXTURE** (result claim allowed: no)");
    expect(md).toContain(`> ${report.claim_boundary}`);
  });

  it("puts both arms side by side and escapes table cells", () => {
    expect(md).toContain("| pass@1 | 100.0% | 100.0% |");
    expect(md).toContain("| pipe\\|task | safe pass | safe pass | 1/1 | — |");
  });
});
