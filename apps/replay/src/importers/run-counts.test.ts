import { readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeHarborJob, writeJson, writeTbRun } from "../test-support/harness-folders.js";
import { drain, ingest } from "./ingest.js";
import { newRun, streamTrials } from "./ingest-stream.js";
import type { RunCounts } from "./ingest-types.js";
import { assertCounts, passRate, passRateText, sumCounts } from "./run-counts.js";

let root: string;
beforeEach(async () => {
  root = await tempDir("fak-counts-");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const sum = (c: RunCounts) => c.passed + c.failed + c.harness + c.incomplete;

/** A Harbor job of five trials: two passed, two failed by the verifier, one harness outage. */
async function fiveTrialJob(dir: string): Promise<string> {
  return writeHarborJob(dir, {
    trials: [
      { name: "a__1", reward: 1 },
      { name: "b__1", reward: 1 },
      { name: "c__1", reward: 0 },
      { name: "d__1", reward: 0 },
      {
        name: "e__1",
        exception: { type: "RuntimeError", message: "Error code: 503 - service unavailable" },
      },
    ],
  });
}

describe("the counts contract", () => {
  it("listed = passed + failed + harness + incomplete, checked", () => {
    const ok = { listed: 4, passed: 1, failed: 1, harness: 1, incomplete: 1 };
    expect(assertCounts(ok, "x")).toBe(ok);
    expect(() => assertCounts({ ...ok, listed: 5 }, "jobs/j1")).toThrow(
      /jobs\/j1: listed 5 ≠ passed 1 \+ failed 1 \+ harness 1 \+ incomplete 1/,
    );
    expect(sumCounts([ok, ok])).toEqual({
      listed: 8,
      passed: 2,
      failed: 2,
      harness: 2,
      incomplete: 2,
    });
  });

  it("the pass rate is passed / (listed − harness), an incomplete trial counted as not passed", () => {
    const c = { listed: 80, passed: 11, failed: 57, harness: 12, incomplete: 0 };
    expect(passRate(c)).toBeCloseTo(11 / 68);
    expect(passRateText(c)).toBe("11/68 = 16.2%");
    expect(passRate({ listed: 2, passed: 0, failed: 0, harness: 2, incomplete: 0 })).toBeNull();
    expect(passRate({ listed: 3, passed: 1, failed: 0, harness: 0, incomplete: 2 })).toBeCloseTo(
      1 / 3,
    );
  });
});

describe("one run model on built Harbor jobs", () => {
  it("puts every trial in one class, the harness outage apart", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    const { runs, counts } = await ingest("harbor", [job]);
    expect(counts).toEqual({ listed: 5, passed: 2, failed: 2, harness: 1, incomplete: 0 });
    expect(runs[0]?.counts).toEqual(counts);
    expect(runs[0]?.pass_rate).toBeCloseTo(2 / 4);
  });

  it("a failed trial whose result.json is lost keeps listed, passed and the pass rate", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    const before = await ingest("harbor", [job]);
    await rm(join(job, "c__1", "result.json"));
    const after = await ingest("harbor", [job]);
    expect(after.counts).toEqual(before.counts);
    expect(after.runs[0]?.pass_rate).toBe(before.runs[0]?.pass_rate);
    // Counted on the job's own verdict (its reward bucket), not skipped.
    const lost = after.skipped.find((s) => s.trial === "c__1");
    expect(lost).toMatchObject({ counted_as: "failed", verdict: { passed: false, reward: 0 } });
    expect(after.trials.map((t) => t.trial_id)).not.toContain("c__1");
  });

  it("with the job's result.json gone too, a lost result is incomplete and the pass rate does not rise", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    await rm(join(job, "result.json"));
    const before = await ingest("harbor", [job]);
    await rm(join(job, "c__1", "result.json"));
    const after = await ingest("harbor", [job]);
    expect(after.counts).toEqual({ listed: 5, passed: 2, failed: 1, harness: 1, incomplete: 1 });
    expect(after.counts.listed).toBe(before.counts.listed);
    expect(after.counts.passed).toBe(before.counts.passed);
    expect(after.runs[0]?.pass_rate ?? 1).toBeLessThanOrEqual(before.runs[0]?.pass_rate ?? 0);
  });

  it("a trial listed with its folder missing is counted on the job's verdict: reward bucket or exception", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "a__1", reward: 1 },
        { name: "cut__1", interrupted: true },
      ],
      listedOnly: ["gone__1", "won__1"],
    });
    // The job's own result.json: won__1 under reward 1.0, out__1 only under an outage.
    const file = join(job, "result.json");
    const result = JSON.parse(await readFile(file, "utf8"));
    const ev = Object.values(result.stats.evals)[0] as {
      reward_stats: { reward: Record<string, string[]> };
      exception_stats: Record<string, string[]>;
    };
    ev.reward_stats.reward["0.0"] = ["gone__1"];
    ev.reward_stats.reward["1.0"] = ["a__1", "won__1"];
    ev.exception_stats.RuntimeError = ["out__1"];
    await writeJson(file, result);
    const { counts, skipped, harness_errors } = await ingest("harbor", [job]);
    expect(counts).toEqual({ listed: 5, passed: 2, failed: 1, harness: 1, incomplete: 1 });
    // Listed apart with the harness errors read from folders, as many as counted.
    expect(harness_errors.map((h) => [h.trial_id, h.name])).toEqual([["out__1", "RuntimeError"]]);
    const by = Object.fromEntries(skipped.map((s) => [s.trial, s.counted_as]));
    expect(by).toEqual({
      gone__1: "failed",
      won__1: "passed",
      out__1: "harness",
      cut__1: "incomplete",
    });
  });

  it("counts a trial once when its folder's name differs from its trial_name", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    await rename(join(job, "c__1"), join(job, "c-copied"));
    const { counts } = await ingest("harbor", [job]);
    expect(counts).toEqual({ listed: 5, passed: 2, failed: 2, harness: 1, incomplete: 0 });
  });

  it("a skipped folder whose own files name its trial_name is matched to the job's list once", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    // A folder renamed after the run, its result.json lost; its config told its trial_name.
    const skip = {
      job: "fake-job",
      trial: "c-copied",
      reason: "no result.json",
      incomplete: { trial_id: "c__1", task: "c" },
    };
    const run = await drain(
      streamTrials(newRun("harbor", job, "fake-job"), [skip], [], {}),
      () => {},
    );
    expect(run.counts).toEqual({ listed: 5, passed: 2, failed: 2, harness: 1, incomplete: 0 });
    expect(run.skipped.find((s) => s.trial === "c-copied")?.counted_as).toBe("failed");
  });

  it("a single trial folder counts that trial alone", async () => {
    const job = await fiveTrialJob(join(root, "job"));
    const { counts } = await ingest("harbor", [join(job, "c__1")]);
    expect(counts).toEqual({ listed: 1, passed: 0, failed: 1, harness: 0, incomplete: 0 });
  });
});

describe("one run model on built tb runs", () => {
  it("a results.json entry with its folder missing is counted by is_resolved; a folder with no results.json is incomplete", async () => {
    const run = await writeTbRun(join(root, "r1"), "r1", [
      { task: "a", is_resolved: true },
      { task: "b", is_resolved: false },
      { task: "c", is_resolved: true, missingFolder: true },
      { task: "d", is_resolved: false, failure_mode: "parse_error", missingFolder: true },
      { task: "e", is_resolved: false, interrupted: true },
    ]);
    const { counts, runs } = await ingest("tb", [run]);
    // e is listed by the run with is_resolved false: its verdict stands though its results.json is gone.
    expect(counts).toEqual({ listed: 5, passed: 2, failed: 2, harness: 1, incomplete: 0 });
    expect(sum(counts)).toBe(counts.listed);
    expect(runs[0]?.pass_rate).toBeCloseTo(2 / 4);
    expect(runs[0]).toMatchObject({ trials: 2, passes: 1 });
  });

  it("with no run-level results.json, a trial folder without its own is incomplete", async () => {
    const run = await writeTbRun(join(root, "r1"), "r1", [
      { task: "a", is_resolved: true },
      { task: "b", is_resolved: false, interrupted: true },
    ]);
    await rm(join(run, "results.json"));
    const { counts } = await ingest("tb", [run]);
    expect(counts).toEqual({ listed: 2, passed: 1, failed: 0, harness: 0, incomplete: 1 });
  });
});
