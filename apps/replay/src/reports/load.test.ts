import { randomBytes } from "node:crypto";
import { mkdir, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { replaySuite } from "../fixture-replay/replay.js";
import { tempDir, writeTbRun } from "../test-support/harness-folders.js";
import { compareRuns } from "./compare.js";
import { loadRun, MAX_SAVED_RUN_BYTES } from "./load.js";

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

  describe("a folder's own ingest.json", async () => {
    const dir = await tempDir("fak-load-");
    const failing = async (at: string) =>
      writeTbRun(at, `r-${randomBytes(3).toString("hex")}`, [
        { task: "alpha", is_resolved: false, tests: { test_x: "failed" } },
        { task: "beta", is_resolved: false, tests: { test_y: "failed" } },
      ]);
    const allPass = join(dir, "saved", "ingest.json");
    await mkdir(join(dir, "saved"));
    const passed = (await loadRun(await failing(join(dir, "src")))).rows.map((r) => ({
      ...r,
      passed: true,
      status: "passed",
      counted_as: "passed",
    }));
    await writeFile(allPass, JSON.stringify({ trials: passed }));

    it("never replaces the jobs of the folder it sits in, and says so", async () => {
      const run = join(dir, "run");
      await failing(run);
      await writeFile(join(run, "ingest.json"), JSON.stringify({ trials: passed }));
      const notes: string[] = [];
      const loaded = await loadRun(run, { onNote: (n) => notes.push(n) });
      expect(loaded.summary.passed).toBe(0);
      expect(notes).toEqual([expect.stringMatching(/ingest\.json not read: .* holds jobs/)]);
      // Named itself, the saved run is read.
      expect((await loadRun(join(run, "ingest.json"))).summary.passed).toBe(2);
    });

    it("is not read through a symlink, nor quoted when it is not JSON", async () => {
      const out = join(dir, "out-link");
      await mkdir(out);
      await symlink(allPass, join(out, "ingest.json"));
      await expect(loadRun(out)).rejects.toThrow(/ingest\.json: is a symlink \(not followed\)/);
      const secret = `K${randomBytes(20).toString("hex")}`;
      const garbled = join(dir, "out-garbled");
      await mkdir(garbled);
      await writeFile(join(garbled, "ingest.json"), `${secret}\nmachine api.example.com\n`);
      const err = await loadRun(garbled).catch((e: Error) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as Error).message).toMatch(/ingest\.json: not a JSON file/);
      expect((err as Error).message).not.toContain(secret.slice(0, 8));
    });

    it("is refused past 256 MiB before it is read", async () => {
      const big = join(dir, "big.json");
      await writeFile(big, '{"trials": [');
      await truncate(big, MAX_SAVED_RUN_BYTES + 1);
      const before = process.memoryUsage().rss;
      await expect(loadRun(big)).rejects.toThrow(/big\.json: larger than 268435456 bytes/);
      expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    });
  });
});
