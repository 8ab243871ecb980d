import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { tempDir, writeHarborJob } from "../test-support/harness-folders.js";
import {
  checkLabelPaths,
  evaluateTrials,
  type LabelledTrial,
  renderTrialEvaluation,
} from "./eval-trials.js";

const label = (trial: string, over: Partial<LabelledTrial>): LabelledTrial => ({
  harness: "harbor",
  job: "jobs/j1",
  trial,
  outcome: "failed",
  attribution: "agent",
  category: "TEST_MISUNDERSTOOD",
  ...over,
});

describe("evaluateTrials", () => {
  it("scores agent rows, keeps harness rows apart, counts passes, and lists the misses with evidence", async () => {
    const root = await tempDir();
    await writeHarborJob(join(root, "jobs", "j1"), {
      trials: [
        { name: "wrong__A", reward: 0, testStdout: "E       assert 1 == 2\n" },
        {
          name: "slow__B",
          exception: {
            type: "AgentTimeoutError",
            message: "Agent execution timed out after 60 seconds",
          },
        },
        {
          name: "outage__C",
          exception: { type: "RuntimeError", message: "Error code: 503 - overloaded" },
        },
        {
          name: "late__D",
          reward: 1,
          exception: { type: "AgentTimeoutError", message: "timed out" },
        },
      ],
    });
    const e = await evaluateTrials(
      [
        label("wrong__A", {}),
        label("slow__B", { category: "CMD_ERROR", ambiguous: true, alt: "TIMEOUT" }),
        label("outage__C", { attribution: "harness", category: "UNKNOWN" }),
        label("late__D", { outcome: "passed", category: "NONE" }),
        label("gone__E", { evidence: { file: "exception.txt", quote: "boom" } }),
      ],
      root,
    );
    expect(e).toMatchObject({
      total: 5,
      scored: 3,
      correct: 1,
      correct_with_alt: 2,
      harness: { total: 1, kept_apart: 1 },
      passed: { total: 1, counted_passed: 1 },
    });
    expect(e.misses.map((m) => m.trial)).toEqual(["gone__E"]);
    expect(e.misses[0]?.missing).toMatch(/no trial folder/);
    const text = renderTrialEvaluation(e);
    expect(text).toContain("with alt 66.7% (2/3)");
    expect(text).toContain("label: exception.txt: boom");
  });

  it("gives the figures per repository and per harness, and counts UNKNOWN verdicts", async () => {
    const root = await tempDir();
    await writeHarborJob(join(root, "a__one", "j"), {
      trials: [{ name: "wrong__A", reward: 0, testStdout: "E       assert 1 == 2\n" }],
    });
    await writeHarborJob(join(root, "b__two", "j"), {
      trials: [
        { name: "wrong__B", reward: 0, testStdout: "E       assert 3 == 4\n" },
        { name: "silent__C", reward: 0 },
      ],
    });
    const e = await evaluateTrials(
      [
        label("wrong__A", { job: "a__one/j", repo: "a/one" }),
        label("wrong__B", { job: "b__two/j" }),
        label("silent__C", { job: "b__two/j", category: "CMD_ERROR", alt: null }),
      ],
      root,
    );
    expect(e.by_repo).toEqual([
      expect.objectContaining({ group: "a/one", scored: 1, correct: 1, unknown: 0 }),
      expect.objectContaining({ group: "b__two", scored: 2, correct: 1 }),
    ]);
    expect(e.by_harness).toEqual([expect.objectContaining({ group: "harbor", scored: 3 })]);
    expect(e.unknown).toBe(e.judgements.filter((j) => j.got?.category === "UNKNOWN").length);
    expect(renderTrialEvaluation(e)).toContain("per repository:\n- a/one: 1/1");
  });

  it("takes an attribution, or an attribution and a code, as a label's second reading", async () => {
    const root = await tempDir();
    await writeHarborJob(join(root, "jobs", "j1"), {
      trials: [
        {
          name: "outage__A",
          exception: { type: "RuntimeError", message: "Error code: 503 - overloaded" },
        },
        { name: "wrong__B", reward: 0, testStdout: "E       assert 1 == 2\n" },
      ],
    });
    const labels = [
      label("outage__A", { category: "TEST_MISUNDERSTOOD", ambiguous: true, alt: "harness" }),
      label("wrong__B", {
        attribution: "harness",
        category: "UNKNOWN",
        alt: "agent/TEST_MISUNDERSTOOD",
      }),
    ];
    const e = await evaluateTrials(labels, root);
    expect(e.judgements.map((j) => [j.correct, j.correct_with_alt])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(e.judgements[1]?.expected).toMatchObject({
      alt_attribution: "agent",
      alt: "TEST_MISUNDERSTOOD",
    });
  });

  it("a job that cannot be read leaves its labels as misses, not the whole evaluation", async () => {
    const root = await tempDir();
    const e = await evaluateTrials([label("x__1", { job: "nowhere" })], root);
    expect(e.misses[0]?.missing).toMatch(/job not readable/);
    expect(e.accuracy).toBe(0);
  });

  it("refuses label paths that leave the root, naming the line and field", () => {
    expect(() =>
      checkLabelPaths([label("a", {}), label("b", { job: "../../etc" })], "l.jsonl"),
    ).toThrow(
      new InputError(
        { file: "l.jsonl", line: 2, field: "job" },
        "must be a folder relative to --root (no absolute path, no ..)",
      ),
    );
  });
});
