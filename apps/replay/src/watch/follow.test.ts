import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ingest } from "../importers/ingest.js";
import { trialRows } from "../reports/rows.js";
import { tempDir, writeHarborJob } from "../test-support/harness-folders.js";
import { writeHarborJobLive, writeTbRunLive } from "../test-support/live-run.js";
import { followRun } from "./follow.js";
import { type WatchTrialLine, watchEndLineSchema } from "./watch-line.js";

const POLL = 10;

const asRow = (
  r: Pick<WatchTrialLine, "trial_id" | "category" | "attribution" | "reason" | "evidence"> & {
    status: string;
  },
) => ({
  trial_id: r.trial_id,
  status: r.status,
  category: r.category,
  attribution: r.attribution,
  reason: r.reason,
  evidence: r.evidence,
});

/** Lines as they are reported, and a promise for "n lines reported" (event-driven, not timed). */
function collector() {
  const lines: WatchTrialLine[] = [];
  const waiters: Array<[number, () => void]> = [];
  return {
    lines,
    onTrial(line: WatchTrialLine) {
      lines.push(line);
      for (const [n, done] of waiters) if (lines.length >= n) done();
    },
    reached(n: number) {
      return new Promise<void>((done) => {
        if (lines.length >= n) done();
        else waiters.push([n, done]);
      });
    },
  };
}

let root: string;
beforeEach(async () => {
  root = await tempDir("fak-watch-");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("followRun on a Harbor job", () => {
  it("reports each trial once, as it lands, classified as fak ingest classifies it", async () => {
    const job = join(root, "job");
    await mkdir(job);
    const c = collector();
    const progress: Array<[number, number | undefined]> = [];
    const run = followRun(job, {
      intervalMs: POLL,
      timeoutMs: 60_000,
      onTrial: c.onTrial,
      onProgress: (done, total) => progress.push([done, total]),
    });
    let landed = 0;
    await writeHarborJobLive(
      join(root, "staged"),
      job,
      [
        { name: "hello__aaa", reward: 1, commands: [{ command: "ls" }] },
        {
          name: "parse__bbb",
          reward: 0,
          tests: [{ name: "test_b", passed: false, trace: ">   assert 1 == 2\nE   assert 1 == 2" }],
        },
        {
          name: "slow__ccc",
          exception: { type: "AgentTimeoutError", message: "Agent execution timed out" },
        },
      ],
      {
        pauseMs: POLL * 2,
        // Each trial is reported before the next one is written: live, not at the end.
        afterTrial: () => c.reached(++landed),
      },
    );
    const end = await run;
    expect(c.lines.map((l) => l.trial_id)).toEqual(["hello__aaa", "parse__bbb", "slow__ccc"]);
    const [hello, parse, slow] = c.lines;
    expect(hello).toMatchObject({ status: "passed", category: "NONE", reward: 1 });
    expect(parse).toMatchObject({
      task: "parse",
      status: "failed",
      attribution: "agent",
      reward: 0,
    });
    // The same category, attribution, reason and evidence as `fak ingest`'s rows of the ended job.
    expect(c.lines.map(asRow)).toEqual(trialRows(await ingest("harbor", [job])).map(asRow));
    expect(parse?.evidence?.text).toContain("assert 1 == 2");
    expect(slow).toMatchObject({ status: "errored", category: "TIMEOUT" });
    expect(end).toMatchObject({
      ended: "finished",
      harness: "harbor",
      trials: 3,
      passed: 1,
      failed: 1,
      errored: 1,
      expected: 3,
      skipped: 0,
    });
    expect(end.categories).toEqual({ [parse?.category ?? ""]: 1, TIMEOUT: 1 });
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it("waits for the job's end before reporting a result its retry policy may replace", async () => {
    const job = join(root, "job");
    await mkdir(job);
    const c = collector();
    const run = followRun(job, { intervalMs: POLL, timeoutMs: 60_000, onTrial: c.onTrial });
    await writeHarborJobLive(
      join(root, "staged"),
      job,
      [
        {
          name: "flaky__aaa",
          reward: 1,
          retriedAfter: { type: "DockerDaemonError", message: "daemon went away" },
        },
      ],
      { pauseMs: POLL * 2, retry: { max_retries: 2 } },
    );
    const end = await run;
    expect(c.lines.map((l) => [l.trial_id, l.status])).toEqual([["flaky__aaa", "passed"]]);
    expect(end).toMatchObject({ trials: 1, passed: 1, errored: 0 });
  });

  it("reports an exception at once when the job does not retry it", async () => {
    const job = join(root, "job");
    await mkdir(job);
    const c = collector();
    const run = followRun(job, { intervalMs: POLL, timeoutMs: 60_000, onTrial: c.onTrial });
    let landed = 0;
    await writeHarborJobLive(
      join(root, "staged"),
      job,
      [{ name: "down__aaa", exception: { type: "DockerDaemonError", message: "gone" } }],
      // No retry section: Harbor's max_retries is 0.
      { pauseMs: POLL * 2, afterTrial: () => c.reached(++landed) },
    );
    expect((await run).errored).toBe(1);
  });

  it("stops at the timeout, leaving a running trial unreported and unskipped", async () => {
    const job = join(root, "job");
    await mkdir(join(job, "running__aaa", "agent"), { recursive: true });
    await writeFile(join(job, "config.json"), "{}");
    await writeFile(join(job, "job.log"), "");
    await writeFile(join(job, "result.json"), JSON.stringify({ n_total_trials: 4 }));
    const end = await followRun(job, { intervalMs: POLL, timeoutMs: 50, onTrial: () => {} });
    expect(end).toMatchObject({
      ended: "timeout",
      harness: "harbor",
      trials: 0,
      skipped: 0,
      expected: 4,
    });
  });

  it("counts a trial that never wrote its result as skipped once the job ended (no config.json either)", async () => {
    const job = join(root, "job");
    await mkdir(join(job, "lost__aaa", "agent"), { recursive: true });
    await writeFile(join(job, "result.json"), JSON.stringify({ finished_at: "2026-01-01" }));
    const end = await followRun(job, { intervalMs: POLL, timeoutMs: 60_000, onTrial: () => {} });
    expect(end).toMatchObject({ ended: "finished", trials: 0, skipped: 1 });
    expect(end.skipped_trials[0]?.reason).toContain("no result.json");
  });
});

describe("followRun's attempts", () => {
  it("numbers a Harbor task's attempts by start time, as fak ingest numbers them", async () => {
    const job = join(root, "job");
    await writeHarborJob(job, {
      trials: [
        { name: "fix__b2", task: "fix", reward: 0, startedAt: "2026-01-01T00:02:00" },
        { name: "fix__a1", task: "fix", reward: 0, startedAt: "2026-01-01T00:01:00" },
        { name: "other__c3", task: "other", reward: 0, startedAt: "2026-01-01T00:03:00" },
      ],
    });
    await writeFile(join(job, "result.json"), JSON.stringify({ finished_at: "t" }));
    const attempts = new Map<string, number | undefined>();
    await followRun(job, {
      intervalMs: POLL,
      onTrial: (_line, trial) => {
        attempts.set(trial.trial_id, trial.attempt);
      },
    });
    const ingested = await ingest("harbor", [job]);
    expect(attempts).toEqual(new Map(ingested.trials.map((t) => [t.trial_id, t.attempt])));
    expect(attempts.get("fix__b2")).toBe(2);
  });
});

describe("followRun's memory", () => {
  it("keeps counts and folder names, not trials: a skipped list is capped, every trial counted", async () => {
    const job = join(root, "job");
    const trials = Array.from({ length: 120 }, (_, i) => ({
      name: `t${i}__x${i}`,
      reward: i % 3 === 0 ? 1 : 0,
      interrupted: i % 2 === 1,
    }));
    await writeHarborJob(job, { trials });
    await writeFile(join(job, "result.json"), JSON.stringify({ finished_at: "t" }));
    let reported = 0;
    const end = await followRun(job, {
      intervalMs: POLL,
      onTrial: () => {
        reported++;
      },
    });
    expect(reported).toBe(60);
    expect(end).toMatchObject({ trials: 60, passed: 20, failed: 40, skipped: 60 });
    expect(end.skipped_trials).toHaveLength(50);
    // The result is the strict end line: no list of trials rides along.
    expect(watchEndLineSchema.parse(end)).toEqual(end);
  });
});

describe("followRun on a tb run", () => {
  it("follows a run written in tb's order until results.json lists every planned trial", async () => {
    const runDir = join(root, "run");
    await mkdir(runDir);
    const c = collector();
    const run = followRun(runDir, { intervalMs: POLL, timeoutMs: 60_000, onTrial: c.onTrial });
    let landed = 0;
    await writeTbRunLive(
      join(root, "staged"),
      runDir,
      "r1",
      [
        { task: "hello", is_resolved: true, tests: { test_a: "passed" } },
        {
          task: "parse",
          is_resolved: false,
          failure_mode: "unset",
          tests: { test_b: "failed" },
          testsLog: "E   assert 1 == 2\nFAILED test_b\n",
        },
        // A harness exception: tb lists it in the run's results.json but writes no results.json for it.
        {
          task: "broken",
          is_resolved: null,
          failure_mode: "unknown_agent_error",
          interrupted: true,
        },
      ],
      {
        pauseMs: POLL * 2,
        afterTrial: (name) => (name.startsWith("broken") ? Promise.resolve() : c.reached(++landed)),
        // tb never writes end_time on a resumed run: the listing alone ends it.
        endTime: false,
      },
    );
    const end = await run;
    expect(c.lines.map((l) => l.trial_id)).toEqual(["hello.1-of-1.r1", "parse.1-of-1.r1"]);
    expect(c.lines[1]).toMatchObject({ task: "parse", status: "failed", attribution: "agent" });
    const rows = trialRows(await ingest("tb", [runDir]));
    expect(c.lines.map(asRow)).toEqual(rows.map(asRow));
    expect(end).toMatchObject({
      ended: "finished",
      harness: "tb",
      trials: 2,
      passed: 1,
      failed: 1,
      expected: 3,
      skipped: 1,
    });
    expect(end.skipped_trials[0]?.trial).toBe("broken.1-of-1.r1");
  });

  it("ends on run_metadata.json's end_time when the metadata gives no size", async () => {
    const runDir = join(root, "run");
    await mkdir(runDir);
    await writeFile(
      join(runDir, "run_metadata.json"),
      JSON.stringify({ run_id: "r", end_time: "t" }),
    );
    const end = await followRun(runDir, { intervalMs: POLL, timeoutMs: 60_000, onTrial: () => {} });
    expect(end).toMatchObject({ ended: "finished", harness: "tb", expected: null });
  });

  it("does not end on a stale end_time while results.json lists fewer trials than planned", async () => {
    const runDir = join(root, "run");
    await mkdir(runDir);
    await writeFile(
      join(runDir, "run_metadata.json"),
      JSON.stringify({ run_id: "r", dataset_size: 2, n_attempts: 1, end_time: "t" }),
    );
    await writeFile(join(runDir, "results.json"), JSON.stringify({ results: [{}] }));
    const end = await followRun(runDir, { intervalMs: POLL, timeoutMs: 50, onTrial: () => {} });
    expect(end).toMatchObject({ ended: "timeout", expected: 2 });
  });
});
