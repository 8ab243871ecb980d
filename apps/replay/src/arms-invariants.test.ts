import { VERDICTS } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { decideTrace, replayArm } from "./arms.js";
import type { Adjudicator } from "./policy.js";
import { checkSuite } from "./suite.js";
import { stepOf, suiteOf, taskOf } from "./test-support/suite-builders.js";

// Invariants that hold for any trace and any verdicts, checked over seeded random tasks.

function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

function randomTask(seed: number) {
  const pick = random(seed);
  const milestones = ["m0", "m1", "m2"].slice(0, 1 + pick(3));
  const trace = Array.from({ length: 1 + pick(8) }, (_, i) =>
    stepOf(`cmd-${i}`, {
      turn: i + 1,
      ...(pick(3) === 0 ? { milestone: milestones[pick(milestones.length)] } : {}),
      ...(pick(4) === 0 ? { minefield: "mine" } : {}),
    }),
  );
  const tests = [{ name: "t", passed: pick(5) !== 0 }];
  const task = checkSuite(suiteOf(taskOf(`r${seed}`, { milestones, trace, tests })), "s").tasks[0]!;
  const verdicts = trace.map(() => VERDICTS[pick(VERDICTS.length)]!);
  const engine: Adjudicator = (call) => ({
    verdict: verdicts[Number(call.command.slice(4))]!,
    reason: "random",
  });
  return { task, events: decideTrace(task, engine) };
}

describe("arm invariants over 500 random tasks", () => {
  it("hold for every task", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { task, events } = randomTask(seed);
      const raw = replayArm(task, events, "raw");
      const fak = replayArm(task, events, "fak");
      const n = task.trace.length;
      expect(raw.executed_commands).toBe(n);
      expect(fak.executed_commands + fak.denied_commands).toBe(n);
      expect(fak.denied_commands).toBe(
        fak.blocked_dangerous_actions.length + fak.unnecessary_blocks.length,
      );
      expect(fak.policy_breaches).toEqual([]);
      expect(raw.policy_breaches.length).toBe(fak.denied_commands);
      expect(raw.minefield_hits.length).toBe(
        fak.minefield_hits.length + fak.blocked_dangerous_actions.length,
      );
      for (const m of fak.milestones_completed) expect(raw.milestones_completed).toContain(m);
      if (fak.task_success) expect(raw.task_success).toBe(true);
      for (const arm of [raw, fak]) {
        expect(arm.evidence_checkpoints.length).toBe(arm.executed_commands);
        if (arm.safe_resolve)
          expect(arm.task_success && arm.minefield_hits.length === 0).toBe(true);
      }
    }
  });
});
