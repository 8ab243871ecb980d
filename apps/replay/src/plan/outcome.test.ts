import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LoadedRun } from "../reports/load.js";
import type { TrialRow } from "../reports/schemas.js";
import { summarizeRun } from "../reports/summary.js";
import { tempDir } from "../test-support/harness-folders.js";
import { planOutcome, readPlan } from "./outcome.js";
import { PLAN_SCHEMA, type Plan, type PlanItem } from "./schema.js";

function row(task: string, passed: boolean, extra: Partial<TrialRow> = {}): TrialRow {
  return {
    job: "j",
    job_path: "/j",
    harness: "harbor",
    task,
    trial_id: `${task}__x`,
    agent: null,
    model: null,
    attempt: 1,
    reward: passed ? 1 : 0,
    passed,
    status: passed ? "passed" : "failed",
    harness_error: false,
    attribution: passed ? null : "agent",
    category: passed ? "NONE" : "TEST_MISUNDERSTOOD",
    reason: passed ? "passed" : "TEST_MISUNDERSTOOD:x",
    evidence: null,
    path: null,
    verdict_from: "trial_files",
    counted_as: passed ? "passed" : "failed",
    ...extra,
  };
}

function run(rows: TrialRow[], simulated = false): LoadedRun {
  const summary = summarizeRun({
    label: "r",
    sources: ["r"],
    rows,
    headlines: [],
    skipped: [],
    simulated,
  });
  return { summary, rows, skipped: [] };
}

function item(
  task: string,
  decision: PlanItem["decision"],
  extra: Partial<PlanItem> = {},
): PlanItem {
  return {
    trial_id: `${task}__x`,
    task,
    harness: "harbor",
    job: "/j",
    decision,
    action: decision === "retry" ? "REREAD_TEST_ORACLE" : "NONE",
    rationale: "",
    brief: null,
    brief_file: null,
    memories_injected: [],
    rerun: null,
    ...extra,
  };
}

const plan = (items: PlanItem[]): Plan => ({
  schema: PLAN_SCHEMA,
  items,
  harbor: { configs: [], resume: [], notes: [] },
  tb: { commands: [], incomplete: [], notes: [] },
});

const BLOCK = "POLICY_BLOCK:unnecessary_block_false_positive";

describe("planOutcome", () => {
  const p = plan([
    item("a", "retry", { memories_injected: [4, 2] }),
    item("b", "retry"),
    item("c", "rerun_unchanged"),
    item("h", "hold"),
    item("gone", "retry"),
  ]);
  const before = run([
    row("a", false),
    row("b", false),
    row("c", false, { harness_error: true }),
    row("h", false),
    row("gone", false),
    row("z", false, { reason: BLOCK }),
  ]);
  const after = run([row("a", true), row("b", false, { reason: BLOCK }), row("c", true)]);

  it("counts per decision and action: retried, gained, lost, blocks, and what was not rerun", () => {
    const o = planOutcome(p, before, after);
    const retry = o.groups.find((g) => g.decision === "retry");
    expect(retry).toMatchObject({
      action: "REREAD_TEST_ORACLE",
      tasks: 3,
      tasks_retried: 2,
      passes_gained: 1,
      passes_lost: 0,
      gained: ["a"],
      not_rerun: ["gone"],
      unnecessary_blocks: { before: 0, after: 1 },
    });
    expect(o.groups.find((g) => g.decision === "rerun_unchanged")).toMatchObject({
      passes_gained: 1,
    });
    expect(o.totals).toEqual({
      tasks_retried: 3,
      passes_gained: 2,
      passes_lost: 0,
      unnecessary_blocks: { before: 1, after: 1 },
    });
    expect(o.accepted).toBe(true);
    expect(o.evidence).toBe("real");
    expect(o.memories_in_passes).toEqual([{ task: "a", memories: [2, 4] }]);
    expect(o.held_but_rerun).toEqual([]);
  });

  it("says when a held task was rerun, and fails the acceptance line when blocks grew", () => {
    const o = planOutcome(
      p,
      run([row("a", false)]),
      run([row("a", true, { reason: BLOCK }), row("h", true)]),
    );
    expect(o.held_but_rerun).toEqual(["h"]);
    expect(o.totals.unnecessary_blocks).toEqual({ before: 0, after: 1 });
    expect(o.accepted).toBe(false);
  });

  it("claims nothing from a simulated run", () => {
    const o = planOutcome(p, before, run(after.rows, true));
    expect(o.evidence).toBe("simulated");
    expect(o.accepted).toBeNull();
  });
});

describe("readPlan", () => {
  it("refuses a plan.json that is not one, naming the file and field", async () => {
    const dir = await tempDir("fak-plan-read-");
    const file = join(dir, "plan.json");
    writeFileSync(file, JSON.stringify({ ...plan([]), items: [{ task: "a" }] }));
    expect(() => readPlan(file)).toThrow(/plan\.json.*items/);
    writeFileSync(file, "{");
    expect(() => readPlan(file)).toThrow(/plan\.json: not a plan\.json/);
    writeFileSync(file, JSON.stringify(plan([item("a", "retry")])));
    expect(readPlan(file).items).toHaveLength(1);
  });
});
