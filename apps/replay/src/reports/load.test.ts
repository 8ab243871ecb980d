import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { replaySuite } from "../fixture-replay/replay.js";
import { tempDir, writeTbRun } from "../test-support/harness-folders.js";
import { compareRuns } from "./compare.js";
import { loadRun } from "./load.js";

const examples = join(import.meta.dirname, "..", "..", "examples");
const jobA = join(examples, "harbor-job");

describe("loadRun", () => {
  it("reads a Harbor job: one row per trial, named by folder and agent/model, harness errors kept apart", async () => {
    const run = await loadRun(jobA);
    expect(run.rows).toHaveLength(5);
    expect(run.summary.jobs).toEqual(["harbor-job (fake-agent / acme/model-1)"]);
    const errored = run.rows.find((r) => r.task === "summarize-docs");
    expect(errored).toMatchObject({ harness_error: true, attribution: "harness", passed: false });
    expect(run.summary).toMatchObject({ trials: 5, scored: 4, passed: 1, harness_errors: 1 });
    expect(run.summary.pass_rate).toBe(0.25);
    expect(errored?.path).toBe(join(jobA, "summarize-docs__Se5"));
    // The job's own headline, named like its rows (its result.json records no mean, so Harbor's
    // mean over its trials: 1 of 5).
    expect(run.summary.headlines).toEqual([
      {
        harness: "harbor",
        job: "harbor-job (fake-agent / acme/model-1)",
        source: "trials",
        mean_reward: 0.2,
        n_trials: 5,
        n_passed: 1,
        n_errored: 2,
      },
    ]);
  });

  it("joins several folders given with commas into one run", async () => {
    const run = await loadRun(`${jobA},${join(examples, "harbor-job-b")}`);
    expect(run.summary.sources).toHaveLength(2);
    expect(run.rows).toHaveLength(10);
  });

  it("reads a tb run, and a saved ingest.json holding the same rows", async () => {
    const dir = await tempDir("fak-load-");
    await writeTbRun(join(dir, "run"), "r1", [
      { task: "hello", is_resolved: true },
      { task: "world", is_resolved: false, tests: { test_x: "failed" } },
    ]);
    const run = await loadRun(join(dir, "run"));
    expect(run.rows.map((r) => [r.task, r.passed, r.harness])).toEqual([
      ["hello", true, "tb"],
      ["world", false, "tb"],
    ]);
    expect(run.summary.headlines).toMatchObject([
      { harness: "tb", n_resolved: 1, n_unresolved: 1 },
    ]);
    const saved = join(dir, "out");
    await mkdir(saved);
    const ingestJson = { trials: run.rows, headlines: run.summary.headlines, skipped: [] };
    await writeFile(join(saved, "ingest.json"), JSON.stringify(ingestJson));
    const again = await loadRun(saved);
    expect(again.rows).toEqual(run.rows);
    expect(again.summary.headlines).toEqual(run.summary.headlines);
    expect(compareRuns(run, again).tasks.every((t) => t.change === "same")).toBe(true);
  });

  it("reads either arm of a fixture replay report, marked simulated", async () => {
    const dir = await tempDir("fak-load-");
    const file = join(dir, "report.json");
    const { report } = replaySuite(join(examples, "suites", "demo.json"), { now: new Date(0) });
    await writeFile(file, JSON.stringify(report));
    const raw = await loadRun(`${file}#raw`);
    const fak = await loadRun(`${file}#fak`);
    expect(raw.summary.simulated).toBe(true);
    expect(raw.rows).toHaveLength(report.tasks.length);
    expect(raw.rows.map((r) => r.passed)).toEqual(report.tasks.map((t) => t.raw.task_success));
    expect(fak.rows.map((r) => r.passed)).toEqual(report.tasks.map((t) => t.fak.task_success));
    expect(compareRuns(raw, fak).matched_tasks).toBe(report.tasks.length);
  });

  it("refuses, naming the file, what it cannot compare", async () => {
    const dir = await tempDir("fak-load-");
    const file = join(dir, "report.json");
    const { report } = replaySuite(join(examples, "suites", "demo.json"), { now: new Date(0) });
    await writeFile(file, JSON.stringify(report));
    await expect(loadRun(file)).rejects.toThrow(/#raw or .*#fak/);
    const old = join(dir, "ingest.json");
    await writeFile(old, JSON.stringify({ runs: [], signals: [] }));
    await expect(loadRun(old)).rejects.toThrow(/ingest\.json: trials: .*older fak/);
    const bad = join(dir, "bad.json");
    await writeFile(bad, "{ not json");
    await expect(loadRun(bad)).rejects.toBeInstanceOf(InputError);
    await expect(loadRun(join(dir, "nowhere"))).rejects.toThrow(/nowhere: no such file or folder/);
    const empty = join(dir, "empty");
    await mkdir(empty);
    await expect(loadRun(empty)).rejects.toThrow(/empty: not a Harbor job, tb run/);
  });
});
