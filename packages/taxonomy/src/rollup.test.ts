import { describe, expect, it } from "vitest";
import { rollup } from "./rollup.js";
import { makeClassification } from "./test-support/classification.js";

const make = makeClassification;

describe("rollup", () => {
  const items = [
    make("t1", {
      category: "TIMEOUT",
      reason: "TIMEOUT:x",
      recovery: "RESTORE_CHECKPOINT_AND_RETRY",
    }),
    make("t2", {
      category: "POLICY_BLOCK",
      recovery: "ESCALATE_FOR_REVIEW",
      retryable: false,
      safety_hold: true,
    }),
    make("t3", {}),
    make("t4", {
      failed: false,
      category: "NONE",
      reason: "NONE",
      recovery: "NONE",
      retryable: false,
    }),
    make("t5", { category: "UNKNOWN", recovery: "NONE", retryable: false }),
    make("t6", {}),
  ];

  it("counts tasks, failures, holds and retryable failures", () => {
    const t = rollup(items);
    expect(t.schema).toBe("fak.terminalbench-failure-taxonomy.v1");
    expect(t.task_count).toBe(6);
    expect(t.failure_count).toBe(5);
    expect(t.safety_holds).toBe(1);
    expect(t.retryable_count).toBe(3);
    expect(t.classifications).toEqual(items);
  });

  it("counts failed tasks per category, keys sorted, zero counts left out", () => {
    const t = rollup(items);
    expect(t.category_counts).toEqual({ CMD_ERROR: 2, POLICY_BLOCK: 1, TIMEOUT: 1, UNKNOWN: 1 });
    expect(Object.keys(t.category_counts)).toEqual([
      "CMD_ERROR",
      "POLICY_BLOCK",
      "TIMEOUT",
      "UNKNOWN",
    ]);
    const total = Object.values(t.category_counts).reduce((a, b) => a + (b ?? 0), 0);
    expect(total).toBe(t.failure_count);
  });

  it("rolls up nothing into zeros", () => {
    const t = rollup([]);
    expect(t).toEqual({
      schema: "fak.terminalbench-failure-taxonomy.v1",
      task_count: 0,
      failure_count: 0,
      category_counts: {},
      safety_holds: 0,
      retryable_count: 0,
      classifications: [],
    });
  });

  it("does not share the caller's array", () => {
    const input = [make("a", {})];
    const t = rollup(input);
    input.push(make("b", {}));
    expect(t.classifications).toHaveLength(1);
  });

  it("counts setup failures apart and keeps harness failures out of the agent's counts", () => {
    const t = rollup([
      make("pass", { failed: false, category: "NONE", attribution: "agent" }),
      make("wrong", { category: "TEST_MISUNDERSTOOD", attribution: "agent", retryable: true }),
      make("install", { category: "PKG_INSTALL", attribution: "setup", retryable: true }),
      make("outage", { category: "UNKNOWN", attribution: "harness", retryable: false }),
    ]);
    expect(t.category_counts).toEqual({ TEST_MISUNDERSTOOD: 1 });
    expect(t.setup_counts).toEqual({ PKG_INSTALL: 1 });
    expect(t.harness_counts).toEqual({ UNKNOWN: 1 });
    expect(t.attribution_counts).toEqual({ agent: 1, setup: 1, harness: 1 });
    expect(t.failure_count).toBe(2);
    expect(t.retryable_count).toBe(2);
    expect(t.task_count).toBe(4);
  });

  it("adds no attribution fields when no classification carries one (fixture replays)", () => {
    const t = rollup([make("a", {})]);
    expect(t).not.toHaveProperty("attribution_counts");
    expect(t).not.toHaveProperty("setup_counts");
  });
});
