import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const base = { detail: "", evidence: [], safety_hold: false };
const rows = [
  {
    ...base,
    task_id: "a",
    failed: true,
    category: "PKG_INSTALL",
    reason: "PKG_INSTALL:x",
    recovery: "RETRY_PACKAGE_INSTALL",
    retryable: true,
  },
  {
    ...base,
    task_id: "b",
    failed: true,
    category: "POLICY_BLOCK",
    reason: "POLICY_BLOCK:dangerous_action_held",
    recovery: "ESCALATE_FOR_REVIEW",
    retryable: false,
    safety_hold: true,
  },
  {
    ...base,
    task_id: "c",
    failed: false,
    category: "NONE",
    reason: "NONE",
    recovery: "NONE",
    retryable: false,
  },
];
const input = rows.map((r) => JSON.stringify(r)).join("\n");

describe("fak taxonomy", () => {
  it("rolls classifications up into a FailureTaxonomy", async () => {
    const r = await runFak(["taxonomy", "--json"], { input });
    expect(r.status).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t).toMatchObject({
      schema: "fak.terminalbench-failure-taxonomy.v1",
      task_count: 3,
      failure_count: 2,
      safety_holds: 1,
      retryable_count: 1,
    });
    expect(t.category_counts).toMatchObject({ PKG_INSTALL: 1, POLICY_BLOCK: 1 });
  });

  it("renders Markdown for people", async () => {
    const r = await runFak(["taxonomy"], { input });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^#/m);
    expect(r.stdout).toContain("| PKG_INSTALL");
  });
});
