import { rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeTbRun } from "../../test-support/harness-folders.js";
import { drain } from "../ingest.js";
import { type IngestedTrial, type IngestItem, isSkipped } from "../ingest-types.js";
import { ingestTb } from "./index.js";

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function collect(dir: string) {
  const items: IngestItem[] = [];
  const run = await drain(ingestTb(dir), (i) => items.push(i));
  return {
    items,
    run,
    trials: items.filter((i): i is IngestedTrial => !isSkipped(i)),
    skipped: items.filter(isSkipped),
  };
}

describe("ingestTb", () => {
  it("reads resolved, unresolved and timed-out trials, and logged return codes", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      {
        task: "hello",
        is_resolved: true,
        failure_mode: "agent_timeout",
        tests: { test_a: "passed" },
      },
      {
        task: "maze",
        is_resolved: false,
        tests: {
          test_a: "passed",
          "../tests/test_x.py - AssertionError: Expected 'a' to be in b": "failed",
        },
        log: [
          { command: "ls" },
          {
            command: "pip install nosuchpkg",
            exit: 1,
            output: "ERROR: No matching distribution found",
          },
        ],
      },
      { task: "server", is_resolved: null, failure_mode: "test_timeout" },
      { task: "flaky", is_resolved: null, failure_mode: "parse_error" },
    ]);
    const { run, trials } = await collect(dir);
    expect(run).toMatchObject({
      harness: "tb",
      job: "r1",
      trials: 4,
      passes: 1,
      failures: 1,
      errors: 2,
      harness_errors: 1,
    });
    expect(run.pass_rate).toBeCloseTo(1 / 3);
    expect(run.expected).toEqual({ trials: 4, passes: 1, errors: 2, listed: 4, unresolved: 3 });
    const [flaky, hello, maze, server] = trials;
    expect(hello).toMatchObject({
      status: "passed",
      task: "hello",
      agent: "fake-tb-agent",
      model: "acme/model-1",
    });
    expect(hello?.harness_cause?.reason).toBe("TIMEOUT:agent_timeout");
    expect(maze?.status).toBe("failed");
    expect(maze?.signals.outcomes).toEqual([
      {
        turn: 1,
        command: "ls",
        exit_code: 0,
        timed_out: false,
        source: { file: "sessions/agent.log", line: 21 },
      },
      {
        turn: 2,
        command: "pip install nosuchpkg",
        exit_code: 1,
        timed_out: false,
        stderr: "ERROR: No matching distribution found",
        source: { file: "sessions/agent.log", line: 34, output_line: 36 },
      },
    ]);
    expect(maze?.meta).toEqual({
      last_failing_step: "pip install nosuchpkg",
      failing_test: "../tests/test_x.py - AssertionError: Expected 'a' to be in b",
      first_assertion: "../tests/test_x.py - AssertionError: Expected 'a' to be in b",
    });
    expect(server).toMatchObject({
      status: "errored",
      harness_error: false,
      harness_cause: { category: "TIMEOUT" },
    });
    expect(flaky).toMatchObject({ status: "errored", harness_error: true });
  });

  it("skips results entries without a folder, interrupted trials, damaged results and symlinks", async () => {
    const dir = await writeTbRun(join(root, "run"), "r2", [
      { task: "a", is_resolved: true },
      { task: "b", is_resolved: false, missingFolder: true },
      { task: "c", is_resolved: false, interrupted: true },
      { task: "d", is_resolved: false },
      { task: "e", suffix: ".2-of-3", is_resolved: true },
    ]);
    await writeFile(join(dir, "d", "d.1-of-1.r2", "results.json"), '{"is_resolved": "yes"}');
    await symlink(join(dir, "a", "a.1-of-1.r2"), join(dir, "a", "a.9-of-9.r2"));
    const { skipped, trials } = await collect(dir);
    expect(trials.map((t) => [t.trial_id, t.task])).toEqual([
      ["a.1-of-1.r2", "a"],
      ["e.2-of-3", "e"],
    ]);
    expect(skipped.map((s) => `${s.trial}: ${s.reason}`)).toEqual([
      expect.stringMatching(/^a\.9-of-9\.r2: .* is a symlink \(not followed\)$/),
      "b.1-of-1.r2: listed in the run's results.json but its trial folder is missing",
      "c.1-of-1.r2: no results.json: the trial was interrupted before tb wrote its result",
      expect.stringMatching(
        /^d\.1-of-1\.r2: results\.json unreadable: .*results\.json: is_resolved: /,
      ),
    ]);
  });

  it("keeps what the task asks, from the trial's results.json, trimmed", async () => {
    const dir = await writeTbRun(join(root, "run-i"), "run-i", [
      {
        task: "rbt",
        is_resolved: false,
        instruction: "  Implement a red-black tree.\n\n\n\nKeep it balanced.  ",
      },
      { task: "bare", is_resolved: false },
    ]);
    const { trials } = await collect(dir);
    const byTask = Object.fromEntries(trials.map((t) => [t.task, t.meta.instruction]));
    expect(byTask).toEqual({
      rbt: "Implement a red-black tree.\n\nKeep it balanced.",
      bare: undefined,
    });
  });

  it("refuses a folder that is not a tb run", async () => {
    await expect(collect(root)).rejects.toThrow(/not a tb run folder/);
  });
});
