import { describe, expect, it } from "vitest";
import { planCampaign } from "./campaign.js";
import { failure, held, installFailure, passed } from "./test-support/make.js";

describe("planCampaign", () => {
  const classifications = [
    installFailure(2, "ERROR: No matching distribution found for a", "pkg-1"),
    installFailure(4, "ERROR: No matching distribution found for b", "pkg-2"),
    failure({
      task_id: "edit",
      category: "BAD_FILE_EDIT",
      reason: "BAD_FILE_EDIT:x",
      recovery: "RESTORE_CHECKPOINT_AND_RETRY",
    }),
    held({ task_id: "danger" }),
    failure({
      task_id: "odd",
      category: "UNKNOWN",
      reason: "UNKNOWN:no_signal_matched",
      retryable: false,
      recovery: "NONE",
    }),
    passed({ task_id: "fine" }),
  ];

  it("gives one directive per task, in order, and sums them by outcome", () => {
    const plan = planCampaign(classifications, { attempt: 1, maxAttempts: 3 });
    expect(plan.directives.map((d) => d.task_id)).toEqual([
      "pkg-1",
      "pkg-2",
      "edit",
      "danger",
      "odd",
      "fine",
    ]);
    expect(plan.directives.map((d) => d.should_retry)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(plan.summary).toEqual({
      retried: 3,
      retried_by_action: { RESTORE_CHECKPOINT_AND_RETRY: 1, RETRY_PACKAGE_INSTALL: 2 },
      held: 1,
      exhausted: 0,
      not_retryable: 1,
      no_progress: 0,
      passed: 1,
    });
    expect(Object.keys(plan.summary.retried_by_action)).toEqual([
      "RESTORE_CHECKPOINT_AND_RETRY",
      "RETRY_PACKAGE_INSTALL",
    ]);
  });

  it("takes a taxonomy as well as a list", () => {
    const taxonomy = {
      schema: "fak.terminalbench-failure-taxonomy.v1" as const,
      task_count: 2,
      failure_count: 2,
      category_counts: { PKG_INSTALL: 1, POLICY_BLOCK: 1 },
      safety_holds: 1,
      retryable_count: 1,
      classifications: [classifications[0]!, classifications[3]!],
    };
    const plan = planCampaign(taxonomy, { attempt: 1, maxAttempts: 2 });
    expect(plan.summary).toMatchObject({ retried: 1, held: 1 });
  });

  it("counts tasks out of attempts and tasks that made no progress", () => {
    const pkg1Earlier = installFailure(1, "ERROR: No matching distribution found for a", "pkg-1");
    const atCap = planCampaign(classifications, { attempt: 3, maxAttempts: 3 });
    expect(atCap.summary).toMatchObject({
      retried: 0,
      exhausted: 3,
      held: 1,
      not_retryable: 1,
      passed: 1,
    });
    const repeated = planCampaign(classifications, {
      attempt: 2,
      maxAttempts: 5,
      history: { "pkg-1": [pkg1Earlier] },
    });
    expect(repeated.summary).toMatchObject({
      retried: 2,
      no_progress: 1,
      retried_by_action: { RETRY_PACKAGE_INSTALL: 1, RESTORE_CHECKPOINT_AND_RETRY: 1 },
    });
    expect(repeated.directives[0]!.rationale).toMatch(/^no progress: the same PKG_INSTALL failure/);
  });

  it("does not read inherited keys as a task's history", () => {
    const plan = planCampaign([failure({ task_id: "constructor" })], {
      attempt: 1,
      maxAttempts: 2,
      history: {},
    });
    expect(plan.summary.retried).toBe(1);
  });

  it("rejects bad attempts", () => {
    expect(() => planCampaign(classifications, { attempt: 0, maxAttempts: 3 })).toThrow(
      /^attempt:/,
    );
  });
});
