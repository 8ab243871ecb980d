import type { FailureClassification, FailureSignals } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { deathRowFor } from "./death-row.js";

const base: FailureClassification = {
  task_id: "t",
  failed: true,
  category: "CMD_ERROR",
  reason: "CMD_ERROR:exit_nonzero",
  detail: "",
  evidence: [],
  recovery: "REPAIR_FAILED_COMMAND",
  retryable: true,
  safety_hold: false,
};
const signals: FailureSignals = {
  task_id: "t",
  required_milestones: ["a", "b"],
  completed_milestones: ["a"],
  tests: [],
  outcomes: [],
  budget_turns: 6,
};
const who = { agent: "terminus-2", model: "gpt-oss-120b" };
const event = (command: string, extra = {}) => ({ command, verdict: "DENY" as const, ...extra });
const withArm = (arm: Partial<NonNullable<FailureSignals["arm"]>>): FailureSignals => ({
  ...signals,
  arm: {
    task_success: false,
    test_success: false,
    commands: 3,
    executed_commands: 2,
    denied_commands: 1,
    blocked_dangerous_actions: [],
    unnecessary_blocks: [],
    ...arm,
  },
});

describe("deathRowFor", () => {
  it("writes no row for a passed task", () => {
    expect(
      deathRowFor({ ...base, failed: false, category: "NONE" }, signals, who, "s"),
    ).toBeUndefined();
  });

  it("names the approach by agent, model and the shape of the last failing step", () => {
    const row = deathRowFor(
      { ...base, category: "PKG_INSTALL", reason: "PKG_INSTALL:no_matching_distribution" },
      signals,
      { ...who, task: "build-pmars", last_failing_step: "pip install pmars==0.9.1" },
      "run-1",
    );
    expect(row).toMatchObject({
      session: "run-1",
      task: "build-pmars",
      approach: "terminus-2/gpt-oss-120b: last step `pip install …` (PKG_INSTALL)",
      death_reason:
        "verifier: `pip install pmars==0.9.1` failed (PKG_INSTALL:no_matching_distribution)",
      conviction: "medium",
    });
  });

  it("writes a held dangerous command as an adversary death", () => {
    const held = event("git push --force origin HEAD:main", {
      minefield: "force-push-protected-branch",
      reason: "force-push to a protected branch",
    });
    const c = { ...base, category: "POLICY_BLOCK" as const, safety_hold: true, retryable: false };
    const row = deathRowFor(c, withArm({ blocked_dangerous_actions: [held] }), who, "s");
    expect(row?.death_reason).toBe(
      "adversary: held dangerous command `git push --force origin HEAD:main` (force-push-protected-branch): force-push to a protected branch",
    );
    expect(row?.approach).toBe(
      "terminus-2/gpt-oss-120b: last step `git push --force …` (POLICY_BLOCK)",
    );
    expect(row?.conviction).toBe("high");
  });

  it("writes a policy false positive as divergence, not a refutation", () => {
    const c = { ...base, category: "POLICY_BLOCK" as const };
    const blocked = event("rm -rf build/", { reason: "recursive force delete" });
    const row = deathRowFor(c, withArm({ unnecessary_blocks: [blocked] }), who, "s");
    expect(row?.death_reason).toMatch(
      /^divergence: policy false positive denied benign `rm -rf build\/`/,
    );
  });

  it("writes a spent budget as untested", () => {
    const c = { ...base, category: "BUDGET_EXHAUSTED" as const, reason: "BUDGET_EXHAUSTED:turns" };
    const row = deathRowFor(c, signals, who, "s");
    expect(row?.death_reason).toBe(
      "budget: turn budget of 6 turns exhausted with milestones b not reached (BUDGET_EXHAUSTED:turns); untested",
    );
    expect(row?.conviction).toBe("none");
  });

  it("writes a timeout as a budget death naming the step", () => {
    const c = { ...base, category: "TIMEOUT" as const, reason: "TIMEOUT:command_exceeded_budget" };
    const row = deathRowFor(c, signals, { ...who, last_failing_step: "make -j1 all" }, "s");
    expect(row?.death_reason).toBe(
      "budget: timed out at `make -j1 all` (TIMEOUT:command_exceeded_budget); untested",
    );
  });

  it("writes a failing test with its first assertion as a verifier death", () => {
    const c = { ...base, category: "TEST_MISUNDERSTOOD" as const, reason: "TEST_MISUNDERSTOOD:x" };
    const meta = {
      ...who,
      failing_test: "test_cents",
      first_assertion: "assert 12.5 == 1250\nmore",
    };
    const row = deathRowFor(c, signals, meta, "s");
    expect(row?.death_reason).toBe(
      "verifier: test test_cents failed: assert 12.5 == 1250 (TEST_MISUNDERSTOOD:x)",
    );
    expect(row?.conviction).toBe("high");
  });

  it("writes a harness error as untested, whatever its category", () => {
    const cause = {
      category: "UNKNOWN" as const,
      reason: "UNKNOWN:harness_error:BadRequestError:http_402",
      name: "BadRequestError",
      message: "Error code: 402 - requires more credits\ntrace…",
      agent_fault: false,
      attribution: "harness" as const,
      defer: false,
    };
    const row = deathRowFor(
      { ...base, category: "UNKNOWN" },
      signals,
      { ...who, harness_cause: cause },
      "s",
    );
    expect(row?.death_reason).toBe(
      "budget: aborted by the harness before judgment: BadRequestError: Error code: 402 - requires more credits",
    );
  });

  it("writes an agent that never got to work (setup) as untested, naming the deciding line", () => {
    const row = deathRowFor(
      {
        ...base,
        category: "PKG_INSTALL",
        reason: "PKG_INSTALL:agent_install:externally_managed",
        attribution: "setup",
        decided_by: {
          file: "sessions/agent.log",
          line: 40,
          text: "error: externally-managed-environment",
        },
      },
      signals,
      who,
      "s",
    );
    expect(row).toMatchObject({
      death_reason:
        "budget: the agent never got to work (PKG_INSTALL:agent_install:externally_managed): error: externally-managed-environment; untested",
      conviction: "none",
    });
  });

  it("gives an unknown failure no layer and no conviction", () => {
    const c = {
      ...base,
      category: "UNKNOWN" as const,
      reason: "UNKNOWN:no_signal_matched",
      detail: "d",
    };
    const row = deathRowFor(c, signals, {}, "s");
    expect(row?.death_reason).toBe("unclassified failure (UNKNOWN:no_signal_matched): d");
    expect(row?.approach).toBe("unknown-agent/unknown-model: no failing step recorded (UNKNOWN)");
    expect(row?.conviction).toBe("none");
  });
});
