import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { LoadedRun } from "../reports/load.js";
import type { TrialRow } from "../reports/schemas.js";
import { summarizeRun } from "../reports/summary.js";
import { planRecoveries } from "./recoveries.js";
import { PLAN_SCHEMA, type Plan, type PlanItem } from "./schema.js";

function row(task: string, passed: boolean, extra: Partial<TrialRow> = {}): TrialRow {
  return {
    job: "orig (agent / model)",
    job_path: "/runs/orig",
    job_id: "2026-04-01__orig",
    harness: "harbor",
    task,
    trial_id: `${task}__a`,
    agent: null,
    model: null,
    attempt: 1,
    reward: passed ? 1 : 0,
    passed,
    status: passed ? "passed" : "failed",
    harness_error: false,
    attribution: passed ? null : "agent",
    category: passed ? "NONE" : "TEST_MISUNDERSTOOD",
    reason: passed ? "NONE" : "TEST_MISUNDERSTOOD:x",
    evidence: null,
    path: null,
    verdict_from: "trial_files",
    counted_as: passed ? "passed" : "failed",
    ...extra,
  };
}

const rerunRow = (task: string, passed: boolean, extra: Partial<TrialRow> = {}) =>
  row(task, passed, {
    job_path: "/runs/fak-retry",
    job_id: "fak-retry__p1",
    trial_id: `${task}__b`,
    ...extra,
  });

function run(rows: TrialRow[], simulated = false): LoadedRun {
  const summary = summarizeRun({
    label: simulated ? "report.json#fak" : "run",
    sources: ["run"],
    rows,
    headlines: [],
    skipped: [],
    simulated,
  });
  return { summary, rows, skipped: [] };
}

function item(task: string, decision: PlanItem["decision"], extra: Partial<PlanItem> = {}) {
  return {
    trial_id: `${task}__a`,
    task,
    harness: "harbor",
    job: "/runs/orig",
    decision,
    action: decision === "retry" ? "REREAD_TEST_ORACLE" : "NONE",
    rationale: "",
    brief: decision === "retry" ? `brief for ${task}` : null,
    brief_file: decision === "retry" ? `brief-${task}.md` : null,
    memories_injected: decision === "retry" ? [7, 3] : [],
    rerun: null,
    ...extra,
  } satisfies PlanItem;
}

const plan = (items: PlanItem[]): Plan => ({
  schema: PLAN_SCHEMA,
  items,
  harbor: { configs: [], resume: [], notes: [] },
  tb: { commands: [], incomplete: [], notes: [] },
});

describe("planRecoveries", () => {
  const p = plan([
    item("a", "retry"),
    item("b", "retry"),
    item("c", "rerun_unchanged"),
    item("h", "hold"),
    item("gone", "retry"),
    item("errs", "retry"),
  ]);
  const before = run(["a", "b", "c", "h", "gone", "errs"].map((t) => row(t, false)));
  const after = run([
    rerunRow("a", false, { attempt: 1 }),
    rerunRow("a", true, { attempt: 2, trial_id: "a__c" }),
    rerunRow("b", false, { category: "CMD_ERROR", reason: "CMD_ERROR:exit_1" }),
    rerunRow("c", true),
    rerunRow("h", true),
    rerunRow("errs", false, { counted_as: "harness", harness_error: true }),
  ]);

  it("links each rerun death to its original trial, with the plan's decision, brief and memories", () => {
    const { recoveries, unrecorded } = planRecoveries(p, before, after);
    expect(recoveries.map((r) => [r.task, r.outcome, r.category])).toEqual([
      ["a", "passed", null],
      ["b", "failed_again", "CMD_ERROR"],
      ["c", "passed", null],
    ]);
    expect(recoveries[0]).toEqual({
      death: { harness: "harbor", job: "2026-04-01__orig", trial: "a__a", attempt: 1 },
      task: "a",
      decision: "retry",
      action: "REREAD_TEST_ORACLE",
      brief_file: "brief-a.md",
      brief_sha256: createHash("sha256").update("brief for a").digest("hex"),
      memories_injected: [7, 3],
      rerun: { harness: "harbor", job: "fak-retry__p1", trials: ["a__b", "a__c"] },
      outcome: "passed",
      category: null,
      reason: null,
    });
    expect(recoveries[1]?.reason).toBe("CMD_ERROR:exit_1");
    expect(recoveries[2]).toMatchObject({
      decision: "rerun_unchanged",
      action: "NONE",
      brief_file: null,
      brief_sha256: null,
    });
    // A held task the rerun ran anyway, and tasks without a verdict, leave no recovery.
    expect(unrecorded.map((u) => [u.task, u.reason])).toEqual([
      ["h", "hold: not rerun by the plan"],
      ["gone", "the rerun gave its task no verdict (not run, or only harness errors)"],
      ["errs", "the rerun gave its task no verdict (not run, or only harness errors)"],
    ]);
  });

  it("one recovery per rerun job that scored the task", () => {
    const twice = run([rerunRow("a", false), rerunRow("a", true, { job_id: "fak-retry__p2" })]);
    const { recoveries } = planRecoveries(plan([item("a", "retry")]), before, twice);
    expect(recoveries.map((r) => [r.rerun.job, r.outcome])).toEqual([
      ["fak-retry__p1", "failed_again"],
      ["fak-retry__p2", "passed"],
    ]);
  });

  it("names an older saved run's job by its folder, and skips a trial the original lacks", () => {
    const old = run([row("a", false, { job_id: undefined })]);
    const { recoveries, unrecorded } = planRecoveries(
      plan([item("a", "retry"), item("x", "retry")]),
      old,
      run([rerunRow("a", true), rerunRow("x", true)]),
    );
    expect(recoveries[0]?.death.job).toBe("orig");
    expect(unrecorded).toEqual([
      { trial_id: "x__a", task: "x", reason: "its trial is not in the original run" },
    ]);
  });

  it("refuses a fixture replay on either side", () => {
    const p1 = plan([item("a", "retry")]);
    expect(() => planRecoveries(p1, run([row("a", false)], true), after)).toThrow(
      /fixture replay: a simulation claims no result/,
    );
    expect(() => planRecoveries(p1, before, run([rerunRow("a", true)], true))).toThrow(
      /report\.json#fak: is a fixture replay/,
    );
  });
});
