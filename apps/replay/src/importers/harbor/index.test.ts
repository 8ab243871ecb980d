import { randomBytes } from "node:crypto";
import { link, mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeHarborJob, writeJson } from "../../test-support/harness-folders.js";
import { type IngestedTrial, type IngestItem, isSkipped } from "../ingest-types.js";
import { ingestHarbor } from "./index.js";

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function collect(dir: string, onProgress?: (d: number, t: number) => void) {
  const items: IngestItem[] = [];
  const stream = ingestHarbor(dir, onProgress ? { onProgress } : {});
  for (;;) {
    const next = await stream.next();
    if (next.done) return { items, run: next.value };
    items.push(next.value);
  }
}
const trials = (items: IngestItem[]) => items.filter((i): i is IngestedTrial => !isSkipped(i));
const skipped = (items: IngestItem[]) => items.filter(isSkipped);
const byId = (items: IngestItem[], id: string) => trials(items).find((t) => t.trial_id === id);

describe("ingestHarbor", () => {
  it("reads passes, test failures, exceptions and command outcomes from each source", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        {
          name: "hello__aaa",
          reward: 1,
          commands: [{ command: "ls" }, { command: "cat x", exit: 1, output: "no such file" }],
        },
        {
          name: "parse__bbb",
          reward: 0,
          commandsAs: "episodes",
          commands: [{ command: "python parse.py", exit: 2, output: "SyntaxError: bad" }],
          tests: [
            { name: "test_a", passed: true },
            {
              name: "test_b",
              passed: false,
              trace: "def test_b():\n>   assert 1 == 2\nE   assert 1 == 2",
            },
          ],
        },
        {
          name: "slow__ccc",
          reward: 0,
          commandsAs: "command-dirs",
          commands: [{ command: "make all", exit: 2, output: "make: *** [all] Error 2" }],
          exception: {
            type: "AgentTimeoutError",
            message: "Agent execution timed out after 900.0 seconds",
          },
        },
      ],
    });
    const { items, run } = await collect(job);
    expect(run).toMatchObject({
      harness: "harbor",
      job: "fake-job",
      trials: 3,
      passes: 1,
      failures: 1,
      errors: 1,
    });
    expect(run.expected).toEqual({ trials: 3, errors: 1, passes: 1, listed: 3 });

    const hello = byId(items, "hello__aaa");
    expect(hello?.status).toBe("passed");
    expect(hello?.signals.outcomes).toEqual([
      {
        turn: 2,
        command: "ls",
        exit_code: 0,
        timed_out: false,
        source: { file: "agent/trajectory.json", line: 14 },
      },
      {
        turn: 3,
        command: "cat x",
        exit_code: 1,
        timed_out: false,
        stderr: "no such file",
        source: { file: "agent/trajectory.json", line: 40 },
      },
    ]);
    expect(hello?.signals.arm?.task_success).toBe(true);
    expect(hello?.signals.budget_turns).toBe(30);
    expect(hello).toMatchObject({ agent: "fake-agent", model: "acme/model-1", task: "hello" });

    const parse = byId(items, "parse__bbb");
    expect(parse?.status).toBe("failed");
    expect(parse?.signals.tests).toEqual([
      { name: "test_a", passed: true, source: "verifier/ctrf.json" },
      { name: "test_b", passed: false, source: "verifier/ctrf.json" },
    ]);
    expect(parse?.signals.outcomes[0]).toMatchObject({
      turn: 0,
      command: "python parse.py",
      exit_code: 2,
    });
    expect(parse?.meta).toEqual({
      last_failing_step: "python parse.py",
      failing_test: "test_b",
      first_assertion: "assert 1 == 2",
      instruction: "do the task",
    });

    const slow = byId(items, "slow__ccc");
    expect(slow?.status).toBe("errored");
    expect(slow?.harness_cause).toMatchObject({
      category: "TIMEOUT",
      reason: "TIMEOUT:AgentTimeoutError",
      agent_fault: true,
    });
    expect(slow?.harness_error).toBe(false);
    expect(slow?.signals.outcomes).toEqual([
      {
        turn: 0,
        command: "make all",
        exit_code: 2,
        timed_out: false,
        stderr: "make: *** [all] Error 2",
        source: { file: "agent/command-0/stderr.txt" },
      },
    ]);
  });

  it("turns a command the harness cut off into a timed-out outcome", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        {
          name: "train__ddd",
          commandsAs: "episodes",
          commands: [{ command: "pip install torch" }],
          pendingCommand: "python train.py",
          exception: { type: "RuntimeError", message: "Command timed out after 700 seconds" },
        },
      ],
    });
    const { items } = await collect(job);
    const t = byId(items, "train__ddd");
    expect(t?.harness_cause?.reason).toBe("TIMEOUT:RuntimeError:command_timed_out");
    expect(t?.signals.outcomes.at(-1)).toEqual({
      turn: 1,
      command: "python train.py",
      exit_code: 0,
      timed_out: true,
    });
    expect(t?.meta.last_failing_step).toBe("python train.py");
    expect(t?.signals.arm).toMatchObject({ commands: 2, executed_commands: 2 });
  });

  it("flags provider errors as harness errors and keeps them out of the pass rate", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "a__1", reward: 1 },
        {
          name: "b__2",
          exception: {
            type: "RuntimeError",
            message: "Model call failed: Error code: 429 - rate limited",
          },
        },
      ],
    });
    const { items, run } = await collect(job);
    expect(byId(items, "b__2")).toMatchObject({
      status: "errored",
      harness_error: true,
      harness_cause: {
        category: "UNKNOWN",
        reason: "UNKNOWN:harness_error:RuntimeError:http_429",
        agent_fault: false,
      },
    });
    expect(run).toMatchObject({ trials: 2, passes: 1, errors: 1, harness_errors: 1, pass_rate: 1 });
  });

  it("skips interrupted trials and listed trials whose folder is missing, saying why", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "ok__1", reward: 1 },
        { name: "cut__2", interrupted: true },
      ],
      listedOnly: ["gone__3"],
    });
    const { items, run } = await collect(job);
    expect(trials(items).map((t) => t.trial_id)).toEqual(["ok__1"]);
    expect(skipped(items)).toMatchObject([
      {
        job: "fake-job",
        trial: "gone__3",
        reason: "listed in the job's result.json but its trial folder is missing",
      },
      {
        job: "fake-job",
        trial: "cut__2",
        reason: "no result.json: the trial was interrupted before Harbor wrote its result",
        incomplete: { trial_id: "cut__2", task: "cut" },
      },
    ]);
    expect(run.skipped).toHaveLength(2);
    expect(run.expected?.trials).toBe(2);
  });

  it("reads the newer stats format and a job without any result.json", async () => {
    const newer = await writeHarborJob(join(root, "new"), {
      stats: "new",
      trials: [{ name: "x__1", reward: 0 }],
    });
    expect((await collect(newer)).run.expected).toEqual({
      trials: 1,
      errors: 0,
      passes: 0,
      listed: 1,
    });
    const none = await writeHarborJob(join(root, "none"), {
      stats: "none",
      trials: [{ name: "x__1", interrupted: true }],
    });
    const { run } = await collect(none);
    expect(run.expected).toBeUndefined();
    expect(run.skipped).toHaveLength(1);
  });

  it("skips a truncated or wrong-typed result.json with the file and field, and reads the rest", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "trunc__1", reward: 1 },
        { name: "typed__2", reward: 1 },
        { name: "fine__3", reward: 1 },
      ],
    });
    await writeFile(
      join(job, "trunc__1", "result.json"),
      '{"task_name": "trunc", "verifier_result": {"rew',
    );
    await writeJson(join(job, "typed__2", "result.json"), {
      task_name: "typed",
      verifier_result: { rewards: { reward: "1" } },
    });
    const { items } = await collect(job);
    const [trunc, typed] = skipped(items);
    expect(trunc?.reason).toMatch(/trunc__1\/result\.json: invalid JSON/);
    expect(typed?.reason).toMatch(/typed__2\/result\.json: verifier_result\.rewards\.reward: /);
    expect(trials(items).map((t) => t.trial_id)).toEqual(["fine__3"]);
  });

  it("never follows a symlink: a linked trial folder or result.json is skipped", async () => {
    const outside = await writeHarborJob(join(root, "outside"), {
      trials: [{ name: "secret__9", reward: 1 }],
    });
    const job = await writeHarborJob(join(root, "job"), {
      trials: [{ name: "real__1", reward: 0 }],
    });
    await symlink(join(outside, "secret__9"), join(job, "linked__2"));
    await mkdir(join(job, "inner__3", "agent"), { recursive: true });
    await symlink(join(outside, "secret__9", "result.json"), join(job, "inner__3", "result.json"));
    const { items } = await collect(job);
    const reasons = skipped(items).map((s) => `${s.trial}: ${s.reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^linked__2: .*linked__2 is a symlink \(not followed\)$/),
      expect.stringMatching(/^inner__3: result\.json unreadable: .*is a symlink \(not followed\)$/),
    ]);
    expect(trials(items).map((t) => t.trial_id)).toEqual(["real__1"]);
  });

  it("never reads a hard link as the trial's file, and names a folder that is not UTF-8 as such", async () => {
    const words = `outside ${randomBytes(8).toString("hex")}`;
    await writeFile(
      join(root, "exc.txt"),
      `Traceback (most recent call last):\nRuntimeError: ${words}\n`,
    );
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "linked__1", reward: 0 },
        { name: "broken__2", reward: 0 },
      ],
    });
    await link(join(root, "exc.txt"), join(job, "linked__1", "exception.txt"));
    const bad = Buffer.concat([
      Buffer.from(`${job}/name-`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from("__3"),
    ]);
    await rename(join(job, "broken__2"), bad);
    const { items } = await collect(job);
    const linked = byId(items, "linked__1");
    expect(JSON.stringify(linked)).not.toContain(words);
    expect(linked?.notes).toEqual([expect.stringMatching(/exception\.txt: has 2 hard links/)]);
    expect(skipped(items).map((s) => [s.trial, s.reason])).toEqual([
      [
        "name-\ufffd\ufffd__3",
        expect.stringMatching(/name is not valid UTF-8, so fak cannot open it/),
      ],
      // The job's result.json lists the trial by the name it had before the rename.
      ["broken__2", "listed in the job's result.json but its trial folder is missing"],
    ]);
  });

  it("keeps a trial whose optional files are damaged, with a note naming each", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [{ name: "odd name ü'\"__1", reward: 0, tests: [{ name: "t", passed: false }] }],
    });
    const dir = join(job, "odd name ü'\"__1");
    await writeFile(join(dir, "verifier", "ctrf.json"), "{ not json");
    await writeFile(join(dir, "agent", "trajectory.json"), '{"steps": [');
    const { items } = await collect(job);
    const t = trials(items)[0];
    expect(t?.trial_id).toBe("odd name ü'\"__1");
    expect(t?.signals.tests).toEqual([]);
    expect(t?.notes).toEqual([
      expect.stringMatching(/verifier\/ctrf\.json: invalid JSON/),
      expect.stringMatching(/agent\/trajectory\.json: invalid JSON/),
    ]);
  });

  it("never takes a verdict from reward files when result.json recorded no verifier_result (issue 18)", async () => {
    // The agent's container can write verifier/reward.*: Harbor reads them only while it writes
    // verifier_result, so without one they decide nothing, whatever value they hold.
    const value = 0.01 + Math.random();
    const job = await writeHarborJob(join(root, "job"), {
      trials: [{ name: "r__1" }, { name: "t__2" }, { name: "n__3" }],
    });
    await mkdir(join(job, "r__1", "verifier"));
    await writeJson(join(job, "r__1", "verifier", "reward.json"), { reward: value });
    await mkdir(join(job, "t__2", "verifier"));
    await writeFile(join(job, "t__2", "verifier", "reward.txt"), String(value));
    const { items } = await collect(job);
    for (const id of ["r__1", "t__2"]) {
      const t = byId(items, id);
      expect(t).toMatchObject({ status: "failed", reward: null });
      expect(t?.notes).toContainEqual(
        expect.stringMatching(
          /verifier\/reward\.(json|txt): ignored: result\.json recorded no verifier_result/,
        ),
      );
    }
    expect(byId(items, "n__3")?.status).toBe("failed");
    expect(byId(items, "n__3")?.notes).toEqual([expect.stringMatching(/n__3: no reward recorded/)]);
  });

  it("caps how much of a huge output it keeps", async () => {
    const big = `${"x".repeat(100)}\n`.repeat(20_000);
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        {
          name: "big__1",
          reward: 0,
          commandsAs: "command-dirs",
          commands: [{ command: "yes", exit: 1, output: big }],
        },
      ],
    });
    const { items } = await collect(job);
    const stderr = trials(items)[0]?.signals.outcomes[0]?.stderr ?? "";
    expect(stderr.length).toBeGreaterThan(7000);
    expect(stderr.length).toBeLessThanOrEqual(8 * 1024);
    expect(big.endsWith(stderr)).toBe(true);
  });

  it("streams lazily and reports progress against the job's total", async () => {
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        { name: "a__1", reward: 1 },
        { name: "b__2", reward: 0 },
        { name: "c__3", interrupted: true },
      ],
    });
    const seen: [number, number][] = [];
    const stream = ingestHarbor(job, { onProgress: (d, t) => seen.push([d, t]) });
    await stream.next();
    expect(seen).toEqual([[1, 3]]);
    for await (const _ of stream) {
      // drain
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("follows a symlink only when it is the job folder the user named", async () => {
    const job = await writeHarborJob(join(root, "job"), { trials: [{ name: "a__1", reward: 1 }] });
    await symlink(job, join(root, "latest"));
    const { run } = await collect(join(root, "latest"));
    expect(run).toMatchObject({ trials: 1, passes: 1 });
  });

  it("refuses a path that is not a Harbor job with an InputError naming it", async () => {
    const file = join(root, "file.txt");
    await writeFile(file, "hi");
    await mkdir(join(root, "empty"));
    await expect(collect(file)).rejects.toThrow(InputError);
    await expect(collect(file)).rejects.toThrow(/file\.txt: not a directory/);
    await expect(collect(join(root, "empty"))).rejects.toThrow(/empty: not a Harbor job folder/);
    await expect(collect(join(root, "nope"))).rejects.toThrow(/nope: no such directory/);
  });
});
