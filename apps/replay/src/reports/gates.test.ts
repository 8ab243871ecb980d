import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareRuns } from "./compare.js";
import { failureGate, regressionGate } from "./gates.js";
import { loadRun } from "./load.js";

const examples = join(import.meta.dirname, "..", "..", "examples");

describe("CI gates", async () => {
  const a = await loadRun(join(examples, "harbor-job"));
  const b = await loadRun(join(examples, "harbor-job-b"));

  it("--fail-on regression trips on a task that passed in A and fails in B, and not the other way", () => {
    expect(regressionGate(compareRuns(a, b))).toEqual({
      tripped: true,
      reason: "1 task regressed from A to B: csv-report",
    });
    // B to A: csv-report improves; log-parse and train-model regress.
    expect(regressionGate(compareRuns(b, a)).reason).toMatch(
      /^2 tasks regressed .*log-parse, train-model$/,
    );
    expect(regressionGate(compareRuns(a, a)).tripped).toBe(false);
  });

  it("--fail-on CATEGORY and --max-failures count only failures scored against the agent", () => {
    expect(failureGate(a.rows, { categories: ["TIMEOUT"] })).toEqual({
      tripped: true,
      reason: "1 failed with TIMEOUT (train-model__Rd4)",
    });
    expect(failureGate(a.rows, { categories: ["POLICY_BLOCK"] }).tripped).toBe(false);
    // Four failures in A, one of them a harness error, which is not the agent's.
    expect(failureGate(a.rows, { maxFailures: 3 }).tripped).toBe(false);
    expect(failureGate(a.rows, { maxFailures: 2 })).toEqual({
      tripped: true,
      reason: "3 failures, more than --max-failures 2",
    });
  });

  it("an incomplete trial (no verdict) is no failure: it trips neither gate", () => {
    const base = a.rows.find((r) => r.passed);
    if (!base) throw new Error("the example job has a passed trial");
    const incomplete = {
      ...base,
      trial_id: "cut__1",
      passed: false,
      status: "incomplete" as const,
      category: "UNKNOWN" as const,
      reason: "UNKNOWN:incomplete",
      verdict_from: "none" as const,
      counted_as: "incomplete" as const,
    };
    expect(failureGate([incomplete], { categories: ["UNKNOWN"], maxFailures: 0 })).toEqual({
      tripped: false,
      reason: "0 failures, no gate tripped",
    });
  });
});
