import { cp, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeJson, writeTbRun } from "../../test-support/harness-folders.js";
import { findJobTargets, ingest } from "../ingest.js";
import { castLines } from "./cast.js";

// The tb run shapes seen in public runs, each built here from a whole run and cut to the shape.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const FAILED_INSTALL = {
  command: "pip install nosuchpkg",
  exit: 1,
  output: "ERROR: No matching distribution found for nosuchpkg",
};

/** Turn a trial's sessions/<name>.log into an asciinema recording of the same output, in pieces. */
async function logToCast(trialDir: string, name = "agent"): Promise<void> {
  const log = join(trialDir, "sessions", `${name}.log`);
  const text = await readFile(log, "utf8");
  const events = [JSON.stringify({ version: 2, width: 160, height: 40 })];
  for (let i = 0, t = 0; i < text.length; i += 37, t += 0.5)
    events.push(JSON.stringify([t, "o", text.slice(i, i + 37)]));
  events.push(JSON.stringify([99, "i", "typed input is not output\n"]));
  await writeFile(join(trialDir, "sessions", `${name}.cast`), `${events.join("\n")}\n`);
  await rm(log);
}

describe("tb run shapes", () => {
  it("reads a run without run-level files whose sessions are only .cast recordings", async () => {
    const dir = await writeTbRun(join(root, "run-x"), "run-x", [
      { task: "hello", is_resolved: true, log: [{ command: "echo hi" }] },
      {
        task: "deps",
        is_resolved: false,
        log: [{ command: "ls" }, FAILED_INSTALL],
        testsLog: "collected 1 item\nE   AssertionError: module deps not importable\n1 failed\n",
      },
    ]);
    await rm(join(dir, "results.json"));
    await rm(join(dir, "run_metadata.json"));
    for (const task of ["hello", "deps"]) await logToCast(join(dir, task, `${task}.1-of-1.run-x`));
    await logToCast(join(dir, "deps", "deps.1-of-1.run-x"), "tests");
    const r = await ingest("tb", [dir]);
    expect(r.runs.map((x) => [x.job, x.trials, x.passes])).toEqual([["run-x", 2, 1]]);
    const deps = r.trials.find((t) => t.task === "deps");
    expect(deps?.signals.outcomes.map((o) => [o.command, o.exit_code])).toEqual([
      ["ls", 0],
      ["pip install nosuchpkg", 1],
    ]);
    expect(deps?.signals.outcomes[1]?.source?.file).toBe("sessions/agent.cast");
    expect(deps?.signals.trial?.verifier?.failure[0]).toMatchObject({
      file: "sessions/tests.cast",
      text: expect.stringContaining("AssertionError: module deps not importable"),
    });
  });

  it("numbers each recorded line by the recording line it began on", async () => {
    async function* lines() {
      yield '{"version": 2}';
      yield '[0.1, "o", "first li"]';
      yield '[0.2, "o", "ne\\nsecond\\nthi"]';
      yield "not json";
      yield '[0.3, "o", "rd\\n"]';
    }
    const out: { text: string; line: number }[] = [];
    for await (const l of castLines(lines())) out.push(l);
    expect(out).toEqual([
      { text: "first line", line: 2 },
      { text: "second", line: 3 },
      { text: "third", line: 3 },
    ]);
  });

  it("finds trials by their files, whatever their folder names (UUID-prefixed task ids)", async () => {
    const task = "3f2b9c1e-8d4a-4e2b-9f1a-0c5d7e6b4a21-hello";
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task, is_resolved: false, suffix: "", log: [FAILED_INSTALL] },
      { task, is_resolved: true, suffix: "-again", log: [{ command: "ls" }] },
    ]);
    const r = await ingest("tb", [dir]);
    expect(r.trials.map((t) => [t.trial_id, t.task, t.status, t.attempt])).toEqual([
      [task, task, "failed", 1],
      [`${task}-again`, task, "passed", 2],
    ]);
    expect(r.skipped).toEqual([]);
    expect(await findJobTargets("tb", join(dir, task, task))).toEqual([{ dir, trials: [task] }]);
  });

  it("reads one trial folder copied out of its run, alone or in its task folder", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "deps", is_resolved: false, log: [FAILED_INSTALL] },
    ]);
    const trial = join(dir, "deps", "deps.1-of-1.r1");
    await cp(trial, join(root, "alone", "copied-trial"), { recursive: true });
    await cp(join(dir, "deps"), join(root, "kept", "deps"), { recursive: true });
    expect(await findJobTargets("tb", join(root, "alone", "copied-trial"))).toEqual([
      { dir: join(root, "alone"), trials: ["copied-trial"] },
    ]);
    expect(await findJobTargets("tb", join(root, "kept", "deps", "deps.1-of-1.r1"))).toEqual([
      { dir: join(root, "kept"), trials: ["deps.1-of-1.r1"] },
    ]);
    const r = await ingest("tb", [join(root, "alone", "copied-trial")]);
    expect(r.trials.map((t) => [t.trial_id, t.task, t.status])).toEqual([
      ["deps.1-of-1.r1", "deps", "failed"],
    ]);
  });

  it("takes the task id from the trial's results.json when it differs from its folder", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "hello", is_resolved: false, log: [FAILED_INSTALL] },
    ]);
    await rename(join(dir, "hello"), join(dir, "hello-world-folder"));
    const r = await ingest("tb", [dir]);
    expect(r.trials.map((t) => [t.trial_id, t.task])).toEqual([["hello.1-of-1.r1", "hello"]]);
    expect(r.skipped).toEqual([]);
  });

  it("judges a failed trial whose failure_mode is unset from its logs, as failed", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "deps", is_resolved: false, failure_mode: "unset", log: [FAILED_INSTALL] },
    ]);
    const r = await ingest("tb", [dir]);
    const t = r.trials[0];
    expect(t?.status).toBe("failed");
    expect(t?.harness_cause).toBeUndefined();
    expect(t?.harness_error).toBeFalsy();
    expect(t?.signals.outcomes.at(-1)?.exit_code).toBe(1);
  });

  it("counts each agent-logs episode once, however many copies of its files were kept", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [{ task: "t", is_resolved: false }]);
    const trial = join(dir, "t", "t.1-of-1.r1");
    await writeFile(join(trial, "sessions", "agent.log"), "root@box:/app# tmux log\n");
    for (const ep of ["episode-0", "episode-1", "episode-2", "episode-2 (1)"]) {
      await mkdir(join(trial, "agent-logs", ep), { recursive: true });
      await writeJson(join(trial, "agent-logs", ep, "debug.json"), { n: ep });
      await writeJson(join(trial, "agent-logs", ep, "debug(1).json"), { n: ep });
    }
    const r = await ingest("tb", [dir]);
    expect(r.trials[0]?.signals.trial?.agent?.steps).toBe(3);
  });

  it("reports a trial folder without results.json as incomplete, with why its log says it stopped", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "ok", is_resolved: true },
      { task: "cut", is_resolved: null, interrupted: true, log: [FAILED_INSTALL] },
    ]);
    const r = await ingest("tb", [dir]);
    expect(r.trials.map((t) => t.task)).toEqual(["ok"]);
    expect(r.skipped.map((s) => s.incomplete)).toEqual([
      {
        trial_id: "cut.1-of-1.r1",
        task: "cut",
        evidence: expect.objectContaining({
          file: "sessions/agent.log",
          text: "ERROR: No matching distribution found for nosuchpkg",
        }),
        // Judged from its session: why it went wrong, beside the run's own verdict.
        judged: expect.objectContaining({
          category: "PKG_INSTALL",
          reason: "PKG_INSTALL:no_matching_distribution",
        }),
      },
    ]);
    // The run's own results.json lists it unresolved: counted on that verdict, as failed.
    expect(r.counts).toMatchObject({ listed: 2, passed: 1, failed: 1, incomplete: 0 });
  });

  it("judges a trial without results.json from its sessions: the task's broken test script is the harness's", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      {
        task: "spin",
        is_resolved: null,
        interrupted: true,
        testsLog:
          "/tests/run-tests.sh: line 2: $'\\r': command not found\n/tests/run-tests.sh: line 6: set: pipefail: invalid option name\n",
      },
    ]);
    const r = await ingest("tb", [dir]);
    expect(r.skipped[0]?.incomplete?.judged).toMatchObject({
      reason: expect.stringContaining(":harness_error:verifier_"),
      attribution: "harness",
    });
  });

  it("an agent whose provider refused it, with nothing after, is the harness's", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "spin", is_resolved: false, failure_mode: "unknown_agent_error" },
    ]);
    const refused =
      "ERROR: stream disconnected before completion: You exceeded your current quota, please check your plan and billing details.";
    await writeFile(
      join(dir, "spin", "spin.1-of-1.r1", "sessions", "agent.log"),
      `root@c0:/app# codex exec 'make the spinner'\nRe-connecting... 1/5\n${refused}\nroot@c0:/app# \n`,
    );
    const r = await ingest("tb", [dir]);
    expect(r.trials[0]).toMatchObject({ status: "errored", harness_error: true });
    expect(r.trials[0]?.harness_cause).toMatchObject({ attribution: "harness" });
    expect(r.counts).toMatchObject({ listed: 1, harness: 1, failed: 0 });
  });

  it("an agent whose model configuration failed, with nothing after, is kept apart as the run's set-up", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "spin", is_resolved: false, failure_mode: "unknown_agent_error" },
    ]);
    const refused =
      "litellm.BadRequestError: LLM Provider NOT provided. Pass in the LLM provider you are trying to call.";
    await writeFile(
      join(dir, "spin", "spin.1-of-1.r1", "sessions", "agent.log"),
      `root@c0:/app# mini -m gpt-9 -t 'make the spinner'\nTraceback (most recent call last):\n${refused}\nroot@c0:/app# \n`,
    );
    const r = await ingest("tb", [dir]);
    expect(r.trials[0]?.harness_cause).toMatchObject({
      category: "ENV_SETUP_MISS",
      attribution: "harness",
      reason: "ENV_SETUP_MISS:ProviderError:model_config",
    });
    expect(r.counts).toMatchObject({ listed: 1, harness: 1, failed: 0 });
  });

  it("an agent that errored before its model ever answered never worked: kept apart, whatever its tests say", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      {
        task: "maze",
        is_resolved: false,
        failure_mode: "unknown_agent_error",
        tests: { test_map: "failed" },
      },
      {
        task: "slow",
        is_resolved: false,
        failure_mode: "unknown_agent_error",
        tests: { test_map: "failed" },
      },
    ]);
    const shape = async (task: string, ended: string, extra: Record<string, unknown> = {}) => {
      const trial = join(dir, task, `${task}.1-of-1.r1`);
      const file = join(trial, "results.json");
      const entry = JSON.parse(await readFile(file, "utf8"));
      await writeFile(
        file,
        JSON.stringify({
          ...entry,
          total_input_tokens: null,
          total_output_tokens: null,
          agent_started_at: "2026-04-08T21:17:58.669095+00:00",
          agent_ended_at: ended,
          ...extra,
        }),
      );
      await mkdir(join(trial, "agent-logs", "episode-0"), { recursive: true });
      await writeFile(join(trial, "agent-logs", "episode-0", "prompt.txt"), "You are in a maze.");
    };
    await shape("maze", "2026-04-08T21:17:58.729963+00:00");
    // Ten minutes of work with tokens counted: its tests decide as before.
    await shape("slow", "2026-04-08T21:27:58.729963+00:00", { total_input_tokens: 5000 });
    const r = await ingest("tb", [dir]);
    const maze = r.trials.find((t) => t.task === "maze")!;
    expect(maze.harness_cause).toMatchObject({
      attribution: "harness",
      name: "AgentNeverAnswered",
    });
    expect(maze.harness_cause?.message).toMatch(/ended after 0\.06 s with unknown_agent_error/);
    expect(r.trials.find((t) => t.task === "slow")?.harness_error).not.toBe(true);
    expect(r.counts).toMatchObject({ listed: 2, harness: 1, failed: 1 });
  });

  it("a provider error beside a failing test decides nothing (the agent's session can print it)", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      {
        task: "spin",
        is_resolved: false,
        failure_mode: "unset",
        testsLog:
          "collected 1 item\nE   AssertionError: spinner has 3 arms, expected 5\n1 failed\n",
      },
    ]);
    await writeFile(
      join(dir, "spin", "spin.1-of-1.r1", "sessions", "agent.log"),
      "root@c0:/app# echo done\nERROR: You exceeded your current quota, please check your plan and billing details.\n",
    );
    const r = await ingest("tb", [dir]);
    expect(r.trials[0]?.harness_error).not.toBe(true);
    expect(r.counts).toMatchObject({ listed: 1, failed: 1, harness: 0 });
  });

  it("a provider error the agent went on past does not decide", async () => {
    const dir = await writeTbRun(join(root, "run"), "r1", [
      { task: "spin", is_resolved: false, failure_mode: "unset" },
    ]);
    await writeFile(
      join(dir, "spin", "spin.1-of-1.r1", "sessions", "agent.log"),
      "Error: rate_limit_error: try again in 2s\nroot@c0:/app# python3 spin.py\nok\n",
    );
    const r = await ingest("tb", [dir]);
    expect(r.trials[0]?.harness_error).not.toBe(true);
    expect(r.counts).toMatchObject({ listed: 1, failed: 1, harness: 0 });
  });
});
