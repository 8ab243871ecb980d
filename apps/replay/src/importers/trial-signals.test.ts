import { join } from "node:path";
import { classify } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { classifyTrial } from "../pipeline/classify-trial.js";
import { tempDir, writeHarborJob, writeTbRun } from "../test-support/harness-folders.js";
import { ingest } from "./ingest.js";
import type { IngestedTrial } from "./ingest-types.js";

// What the importers put in a trial's signals for the trial-level judgement, end to end on
// invented job folders in the shapes Harbor and tb write.

const byTask = (trials: IngestedTrial[], task: string) => trials.find((t) => t.task === task)!;

describe("tb trials judged as a whole", () => {
  it("an agent whose install failed never ran: setup PKG_INSTALL from the install log, its line named", async () => {
    const root = await tempDir();
    await writeTbRun(join(root, "r"), "r", [
      {
        task: "never-ran",
        is_resolved: false,
        install: "failed",
        tests: { test_output: "failed" },
        testsLog: "E       AssertionError: /app/out.txt does not exist\n",
      },
    ]);
    const { trials, runs } = await ingest("tb", [join(root, "r")]);
    const c = classifyTrial(trials[0]!);
    expect(c).toMatchObject({ category: "PKG_INSTALL", attribution: "setup" });
    expect(c.decided_by).toMatchObject({ file: "sessions/agent.log", line: 3 });
    expect(trials[0]?.setup_failure).toBe(true);
    expect(runs[0]?.attribution_counts).toEqual({ agent: 0, setup: 1, harness: 0 });
  });

  it("agent_timeout on an agent that submitted is judged by its tests; one cut off while working is TIMEOUT", async () => {
    const root = await tempDir();
    const five = Array.from({ length: 6 }, (_, i) => ({ command: `python step${i}.py` }));
    await writeTbRun(join(root, "r"), "r", [
      {
        task: "submitted",
        is_resolved: false,
        failure_mode: "agent_timeout",
        install: "ok",
        log: [{ command: "python solve.py" }],
        submitted: true,
        tests: { test_total: "failed" },
        testsLog: "E       AssertionError: total is 41, expected 42\n",
      },
      {
        task: "cut-off",
        is_resolved: false,
        failure_mode: "agent_timeout",
        install: "ok",
        log: five,
        cutOff: true,
      },
    ]);
    const { trials } = await ingest("tb", [join(root, "r")]);
    expect(classifyTrial(byTask(trials, "submitted"))).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      decided_by: {
        file: "sessions/tests.log",
        line: 1,
        text: "AssertionError: total is 41, expected 42",
      },
    });
    expect(classifyTrial(byTask(trials, "cut-off"))).toMatchObject({
      category: "TIMEOUT",
      attribution: "agent",
    });
  });

  it("numbers attempts from the K-of-N folder names", async () => {
    const root = await tempDir();
    await writeTbRun(join(root, "r"), "r", [
      { task: "a", suffix: ".1-of-2.r", is_resolved: true },
      { task: "a", suffix: ".2-of-2.r", is_resolved: false },
    ]);
    const { trials } = await ingest("tb", [join(root, "r")]);
    expect(trials.map((t) => t.attempt).sort()).toEqual([1, 2]);
  });
});

describe("Harbor trials judged as a whole", () => {
  it("terminus-2 screens: a 404 and the build that could not run are CMD_ERROR, not the verifier's view", async () => {
    const job = await writeHarborJob(join(await tempDir(), "job"), {
      trials: [
        {
          name: "build-tool__T1",
          reward: 0,
          testStdout: "E       AssertionError: /usr/local/bin/tool not found\n",
          screens: [
            {
              keystrokes: [
                "wget -O tool.tgz https://example.org/tool.tgz",
                "tar -xzf tool.tgz",
                "make",
              ],
              screen:
                "root@box:/app# wget -O tool.tgz https://example.org/tool.tgz\nERROR 404: Not Found.\nroot@box:/app# tar -xzf tool.tgz\ngzip: stdin: not in gzip format\nroot@box:/app# make\nmake: *** No targets specified and no makefile found.  Stop.\nroot@box:/app# ",
              taskComplete: true,
            },
          ],
        },
      ],
    });
    const { trials } = await ingest("harbor", [job]);
    const t = trials[0]!;
    expect(t.signals.trial?.screens.map((s) => s.command)).toEqual([
      "wget -O tool.tgz https://example.org/tool.tgz",
      "tar -xzf tool.tgz",
      "make",
    ]);
    expect(classifyTrial(t)).toMatchObject({
      category: "CMD_ERROR",
      decided_by: { file: "agent/trajectory.json", text: "ERROR 404: Not Found." },
    });
  });

  it("an agent stopped on a tool call after every turn of its budget ran out of budget; one with turns left did not", async () => {
    const commands = ["grep -n ERROR app.log", "python3 check.py", "ls /usr/bin"].map(
      (command) => ({
        command,
      }),
    );
    const judged = async (maxEpisodes: number) => {
      const job = await writeHarborJob(join(await tempDir(), "job"), {
        maxEpisodes,
        trials: [
          {
            name: "regex__B1",
            reward: 0,
            commands,
            testStdout: "E       AssertionError: Expected 9 dates, got 3\n",
          },
        ],
      });
      const t = (await ingest("harbor", [job])).trials[0]!;
      expect(t.signals.trial?.agent).toMatchObject({ steps: 3, submitted: false, mid_work: true });
      return classifyTrial(t).reason;
    };
    expect(await judged(3)).toBe("BUDGET_EXHAUSTED:turn_budget");
    expect(await judged(10)).toBe("TEST_MISUNDERSTOOD:verifier_failed_after_agent_finished");
  });

  it("keeps every named reward, the headline is `reward`, and a multi-step trial is read from its last step", async () => {
    const job = await writeHarborJob(join(await tempDir(), "job"), {
      trials: [
        { name: "two-files__R1", reward: 1, rewardFile: "both" },
        {
          name: "stepped__S1",
          reward: 0,
          stepName: "final",
          testStdout: "E       assert 1 == 2\n",
        },
      ],
    });
    const { trials } = await ingest("harbor", [job]);
    expect(byTask(trials, "two-files")).toMatchObject({
      status: "passed",
      reward: 1,
      rewards: { reward: 1, style: 0.5 },
    });
    const stepped = byTask(trials, "stepped");
    expect(classifyTrial(stepped)).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      decided_by: { file: "steps/final/verifier/test-stdout.txt", line: 1 },
    });
  });

  it("numbers attempts of one task by start time, and reads one trial folder on its own", async () => {
    const job = await writeHarborJob(join(await tempDir(), "job"), {
      trials: [
        { name: "same__B2", task: "same", reward: 0, startedAt: "2026-01-01T10:05:00Z" },
        { name: "same__A1", task: "same", reward: 1, startedAt: "2026-01-01T10:00:00Z" },
      ],
    });
    const { trials } = await ingest("harbor", [job]);
    expect(Object.fromEntries(trials.map((t) => [t.trial_id, t.attempt]))).toEqual({
      same__A1: 1,
      same__B2: 2,
    });
    const one = await ingest("harbor", [join(job, "same__B2")]);
    expect(one.trials.map((t) => t.trial_id)).toEqual(["same__B2"]);
    expect(one.runs[0]?.skipped).toEqual([]);
  });

  it("a folder with no job in it is bad input that says so", async () => {
    const empty = await tempDir();
    await expect(ingest("harbor", [empty])).rejects.toThrow(/no Harbor job found in/);
  });

  it("signals carry everything: fak classify on them gives the importer's classification", async () => {
    const job = await writeHarborJob(join(await tempDir(), "job"), {
      trials: [
        { name: "pass__P1", reward: 1 },
        {
          name: "outage__O1",
          exception: { type: "RuntimeError", message: "Error code: 429 - rate limit" },
        },
        {
          name: "slow__S1",
          exception: {
            type: "AgentTimeoutError",
            message: "Agent execution timed out after 900.0 seconds",
          },
        },
        { name: "wrong__W1", reward: 0, testStdout: "E       assert 'a' == 'b'\n" },
      ],
    });
    const { trials } = await ingest("harbor", [job]);
    for (const t of trials) {
      const roundTrip = JSON.parse(JSON.stringify(t.signals));
      expect(classify(roundTrip)).toEqual(classifyTrial(t));
    }
    expect(byTask(trials, "outage").harness_error).toBe(true);
  });

  it("the harness's own headline sits beside fak's pass rate", async () => {
    const job = await writeHarborJob(join(await tempDir(), "job"), {
      stats: "none",
      trials: [
        { name: "a__1", reward: 1 },
        { name: "b__1", reward: 0 },
        {
          name: "c__1",
          exception: { type: "RuntimeError", message: "Error code: 429 - rate limit" },
        },
      ],
    });
    const { runs } = await ingest("harbor", [job]);
    expect(runs[0]?.headline).toEqual({
      harness: "harbor",
      source: "trials",
      mean_reward: 1 / 3,
      n_trials: 3,
      n_passed: 1,
      n_errored: 1,
    });
    expect(runs[0]?.agent_pass_rate).toBe(0.5);
  });
});
