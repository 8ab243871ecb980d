import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { followRun, type WatchedTrial } from "./follow.js";

/** Resolves when `count` trials have been reported (event-driven, not timed). */
function collector() {
  const trials: WatchedTrial[] = [];
  const waiters: Array<[number, () => void]> = [];
  return {
    trials,
    onTrial(t: WatchedTrial) {
      trials.push(t);
      for (const [n, done] of waiters) if (trials.length >= n) done();
    },
    reached(n: number) {
      return new Promise<void>((done) => {
        if (trials.length >= n) done();
        else waiters.push([n, done]);
      });
    },
  };
}

const harborResult = (name: string, reward: number) =>
  JSON.stringify({
    trial_name: name,
    finished_at: "2026-01-01T00:00:00Z",
    verifier_result: { rewards: { reward } },
  });

describe("followRun", () => {
  it("follows a Harbor job written in Harbor's order: half-written JSON, a deleted and rewritten result", async () => {
    const job = await mkdtemp(join(tmpdir(), "fak-watch-harbor-"));
    try {
      await writeFile(join(job, "config.json"), "{}");
      await writeFile(
        join(job, "result.json"),
        JSON.stringify({ started_at: "x", finished_at: null }),
      );
      const c = collector();
      const run = followRun(job, { intervalMs: 10, timeoutMs: 60_000, onTrial: c.onTrial });
      for (const name of ["a__1", "b__2"]) {
        await mkdir(join(job, name, "agent"), { recursive: true });
        await writeFile(join(job, name, "config.json"), "{}");
      }
      await writeFile(join(job, "a__1", "result.json"), harborResult("a__1", 1).slice(0, 20));
      await writeFile(join(job, "a__1", "result.json"), harborResult("a__1", 1));
      await c.reached(1);
      await rm(join(job, "a__1", "result.json"));
      await writeFile(join(job, "a__1", "result.json"), harborResult("a__1", 1));
      await writeFile(join(job, "b__2", "result.json"), harborResult("b__2", 0));
      await c.reached(2);
      await writeFile(
        join(job, "result.json"),
        JSON.stringify({ finished_at: "2026-01-01T01:00:00Z" }),
      );
      const result = await run;
      expect(result.ended).toBe("finished");
      expect(c.trials.map((t) => t.trial_id).sort()).toEqual(["a__1", "b__2"]);
      expect([result.passed, result.failed, result.unknown]).toEqual([1, 1, 0]);
    } finally {
      await rm(job, { recursive: true, force: true });
    }
  });

  it("follows a tb run until run_metadata.json has an end_time", async () => {
    const runDir = await mkdtemp(join(tmpdir(), "fak-watch-tb-"));
    try {
      await writeFile(join(runDir, "run_metadata.json"), JSON.stringify({ end_time: null }));
      const c = collector();
      const run = followRun(runDir, { intervalMs: 10, timeoutMs: 60_000, onTrial: c.onTrial });
      const trial = join(runDir, "hello", "hello.1-of-1");
      await mkdir(trial, { recursive: true });
      await writeFile(join(trial, "results.json"), '{"trial_name": "hello.1-of-1", "is_res');
      await writeFile(
        join(trial, "results.json"),
        JSON.stringify({ trial_name: "hello.1-of-1", is_resolved: false }),
      );
      await c.reached(1);
      await writeFile(join(runDir, "results.json"), JSON.stringify({ n_resolved: 0 }));
      await writeFile(
        join(runDir, "run_metadata.json"),
        JSON.stringify({ end_time: "2026-01-01" }),
      );
      const result = await run;
      expect(result.ended).toBe("finished");
      expect(c.trials.map((t) => t.trial_id)).toEqual(["hello.1-of-1"]);
      expect(result.failed).toBe(1);
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  });

  it("stops at the timeout when the run never ends", async () => {
    const job = await mkdtemp(join(tmpdir(), "fak-watch-timeout-"));
    try {
      const result = await followRun(job, { intervalMs: 10, timeoutMs: 50, onTrial: () => {} });
      expect(result.ended).toBe("timeout");
      expect(result.trials).toEqual([]);
    } finally {
      await rm(job, { recursive: true, force: true });
    }
  });
});
