import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeHarborJob, writeJson, writeTbRun } from "../test-support/harness-folders.js";
import { findJobs, findJobTargets, ingest } from "./ingest.js";

// Every Harbor folder shape fak reads, each built here from a whole job and then cut down to
// the shape: the folders are told apart by what they hold, never by their names.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A job of three trials: a pass, a test failure and an agent exception. */
async function job(dir: string): Promise<string> {
  return writeHarborJob(dir, {
    trials: [
      { name: "hello__A1", reward: 1, commands: [{ command: "ls" }] },
      {
        name: "maze__B2",
        reward: 0,
        commands: [{ command: "make", exit: 2, output: "make: *** [all] Error 2" }],
      },
      {
        name: "train__C3",
        reward: 0,
        exception: {
          type: "AgentTimeoutError",
          message: "Agent execution timed out after 900 seconds",
        },
      },
    ],
  });
}

async function withoutJobFiles(dir: string): Promise<void> {
  for (const f of ["config.json", "result.json", "job.log"]) await rm(join(dir, f));
}

const summary = (r: Awaited<ReturnType<typeof ingest>>) =>
  r.trials.map((t) => [t.trial_id, t.task, t.status]).sort();

describe("Harbor folder shapes", () => {
  it("reads a folder of trial folders committed without the job's own files", async () => {
    const dir = await job(join(root, "trials-only"));
    await withoutJobFiles(dir);
    const r = await ingest("harbor", [dir]);
    expect(r.runs.map((x) => [x.job, x.trials, x.passes])).toEqual([["trials-only", 3, 1]]);
    expect(summary(r)).toEqual([
      ["hello__A1", "hello", "passed"],
      ["maze__B2", "maze", "failed"],
      ["train__C3", "train", "errored"],
    ]);
  });

  it("reads a folder of trials committed as their JSON files only (logs and folders left out)", async () => {
    const dir = await job(join(root, "json-only"));
    await withoutJobFiles(dir);
    for (const t of ["hello__A1", "maze__B2", "train__C3"]) {
      for (const f of ["agent", "verifier", "trial.log", "exception.txt"])
        await rm(join(dir, t, f), { recursive: true, force: true });
    }
    const r = await ingest("harbor", [dir]);
    expect(r.runs.map((x) => [x.job, x.trials, x.passes])).toEqual([["json-only", 3, 1]]);
    expect(summary(r).map((x) => x[2])).toEqual(["passed", "failed", "errored"]);
  });

  it("reads a folder of jobs, each found by what it holds", async () => {
    await job(join(root, "jobs", "first"));
    const second = await job(join(root, "jobs", "nested", "second"));
    await withoutJobFiles(second);
    const r = await ingest("harbor", [join(root, "jobs")]);
    expect(r.runs.map((x) => [x.job, x.trials])).toEqual([
      ["fake-job", 3],
      ["second", 3],
    ]);
  });

  it("reads one trial folder as that trial of its job", async () => {
    const dir = await job(join(root, "job"));
    expect(await findJobTargets("harbor", join(dir, "maze__B2"))).toEqual([
      { dir, trials: ["maze__B2"] },
    ]);
    const r = await ingest("harbor", [join(dir, "maze__B2")]);
    expect(summary(r)).toEqual([["maze__B2", "maze", "failed"]]);
    expect(r.skipped).toEqual([]);
  });

  it("reads trials holding only result.json and agent/trajectory.json", async () => {
    const dir = await job(join(root, "thin"));
    await withoutJobFiles(dir);
    for (const t of ["hello__A1", "maze__B2", "train__C3"]) {
      for (const f of ["config.json", "trial.log", "verifier", "exception.txt"])
        await rm(join(dir, t, f), { recursive: true, force: true });
    }
    const r = await ingest("harbor", [dir]);
    expect(summary(r)).toEqual([
      ["hello__A1", "hello", "passed"],
      ["maze__B2", "maze", "failed"],
      ["train__C3", "train", "errored"],
    ]);
    const maze = r.trials.find((t) => t.trial_id === "maze__B2");
    expect(maze?.signals.outcomes.map((o) => o.exit_code)).toEqual([2]);
  });

  it("reads trials with no agent/ folder, and a lone trial with only its result.json", async () => {
    const dir = await job(join(root, "no-agent"));
    await withoutJobFiles(dir);
    for (const t of ["hello__A1", "maze__B2", "train__C3"])
      await rm(join(dir, t, "agent"), { recursive: true });
    const r = await ingest("harbor", [dir]);
    expect(summary(r).map((x) => x[2])).toEqual(["passed", "failed", "errored"]);

    const lone = join(root, "lone", "copied");
    await mkdir(join(root, "lone"), { recursive: true });
    await cp(join(dir, "maze__B2"), lone, { recursive: true });
    for (const f of ["config.json", "trial.log", "verifier"])
      await rm(join(lone, f), { recursive: true, force: true });
    const one = await ingest("harbor", [lone]);
    expect(summary(one)).toEqual([["maze__B2", "maze", "failed"]]);
  });

  it("reports a trial without result.json as incomplete, with its task and why it stopped", async () => {
    const dir = await job(join(root, "cut"));
    await withoutJobFiles(dir);
    await rm(join(dir, "train__C3", "result.json"));
    await rm(join(dir, "maze__B2", "result.json"));
    await rm(join(dir, "maze__B2", "agent"), { recursive: true });
    await rm(join(dir, "maze__B2", "verifier"), { recursive: true });
    await writeFile(
      join(dir, "maze__B2", "trial.log"),
      "starting environment\nERROR: docker compose up failed: no space left on device\nbye\n",
    );
    const r = await ingest("harbor", [dir]);
    expect(summary(r)).toEqual([["hello__A1", "hello", "passed"]]);
    const bySkip = Object.fromEntries(r.skipped.map((s) => [s.trial, s.incomplete]));
    expect(bySkip).toEqual({
      maze__B2: {
        trial_id: "maze__B2",
        task: "maze",
        evidence: {
          file: "trial.log",
          line: 2,
          text: "ERROR: docker compose up failed: no space left on device",
        },
      },
      train__C3: {
        trial_id: "train__C3",
        task: "train",
        evidence: {
          file: "exception.txt",
          line: 3,
          text: "AgentTimeoutError: Agent execution timed out after 900 seconds",
        },
        // Its agent and verifier files are there: why it went wrong, judged (never a verdict).
        judged: {
          category: "TIMEOUT",
          reason: "TIMEOUT:AgentTimeoutError",
          attribution: "agent",
          decided_by: {
            file: "exception.txt",
            line: 3,
            text: "AgentTimeoutError: Agent execution timed out after 900 seconds",
          },
        },
      },
    });
  });

  it("a trial the run stopped while its agent worked is judged the harness's, not by its mid-work commands", async () => {
    const dir = await job(join(root, "killed"));
    // The job was killed: no job result, and the trial has its agent's work but no verdict.
    await withoutJobFiles(dir);
    await rm(join(dir, "maze__B2", "result.json"));
    await rm(join(dir, "maze__B2", "verifier"), { recursive: true });
    const r = await ingest("harbor", [dir]);
    const maze = r.skipped.find((s) => s.trial === "maze__B2");
    expect(maze?.counted_as).toBe("incomplete");
    expect(maze?.incomplete?.judged).toMatchObject({
      category: "UNKNOWN",
      reason: "UNKNOWN:harness_error:interrupted",
      attribution: "harness",
    });
    // With its verifier's output, the result was lost after the verdict: that output decides.
    const kept = await job(join(root, "lost"));
    await rm(join(kept, "maze__B2", "result.json"));
    const lost = (await ingest("harbor", [kept])).skipped.find((s) => s.trial === "maze__B2");
    expect(lost?.incomplete?.judged?.attribution).toBe("agent");
  });

  it("judges a trial without result.json whose trial.log records Harbor's failure", async () => {
    const dir = await job(join(root, "logged"));
    await withoutJobFiles(dir);
    await rm(join(dir, "maze__B2", "result.json"));
    await writeFile(
      join(dir, "maze__B2", "trial.log"),
      "Trial maze__B2 failed: Model call failed at episode 3: Error code: 402 - requires more credits\n",
    );
    const r = await ingest("harbor", [dir]);
    const maze = r.trials.find((t) => t.trial_id === "maze__B2");
    expect(maze).toMatchObject({ status: "errored", harness_error: true, task: "maze" });
    expect(maze?.signals.trial?.cause).toMatchObject({ file: "trial.log", line: 1 });
    expect(r.skipped.map((s) => s.trial)).not.toContain("maze__B2");
  });

  it("reads the exception that ended a trial without result.json; one the verifier outlives stays incomplete", async () => {
    const dir = await job(join(root, "ended"));
    await withoutJobFiles(dir);
    await rm(join(dir, "maze__B2", "result.json"));
    await writeFile(
      join(dir, "maze__B2", "exception.txt"),
      [
        "Traceback (most recent call last):",
        '  File "/harbor/trial/trial.py", line 413, in _prepare',
        "    await self._setup_agent()",
        '  File "/harbor/agents/installed/opencode.py", line 106, in install',
        "harbor.agents.installed.base.NetworkConnectionError: Command failed (exit 127): curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.2/install.sh | bash",
        "download from https://nodejs.org/dist/v22.23.3/node-v22.23.3-linux-x64.tar.gz failed",
        "",
        "stderr: None",
      ].join("\n"),
    );
    await rm(join(dir, "train__C3", "result.json"));
    await writeFile(
      join(dir, "train__C3", "exception.txt"),
      'Traceback (most recent call last):\n  File "/harbor/trial/single_step.py", line 84, in _run_agent\nharbor.trial.errors.AgentTimeoutError: Agent execution timed out after 900 seconds\n',
    );
    const r = await ingest("harbor", [dir]);
    const maze = r.trials.find((t) => t.trial_id === "maze__B2");
    expect(maze?.signals.trial?.cause).toMatchObject({
      name: "NetworkConnectionError",
      file: "exception.txt",
      line: 5,
    });
    expect(maze?.signals.trial?.cause?.message).toContain("nodejs.org");
    expect(r.skipped.map((s) => s.trial)).toEqual(["train__C3"]);
  });

  it("reports a trial whose result.json was cut short while written as incomplete", async () => {
    const dir = await job(join(root, "copied-while-running"));
    await writeFile(join(dir, "maze__B2", "result.json"), '{"task_name": "maze", "trial_na');
    // Harbor logs the failure before it writes the result: a result being written is no verdict yet.
    await writeFile(join(dir, "maze__B2", "trial.log"), "Trial maze__B2 failed: boom\n");
    const r = await ingest("harbor", [dir]);
    expect(r.trials.map((t) => t.trial_id)).toEqual(["hello__A1", "train__C3"]);
    expect(r.skipped).toEqual([
      expect.objectContaining({
        trial: "maze__B2",
        reason: expect.stringMatching(/^result\.json unreadable: .*invalid JSON/),
        incomplete: expect.objectContaining({
          trial_id: "maze__B2",
          task: "maze",
          judged: expect.objectContaining({ category: "CMD_ERROR" }),
        }),
      }),
    ]);
  });

  it("finds a thin trial holding only its config.json, and names it from that file", async () => {
    const dir = join(root, "configs-only", "folder-name-1");
    await mkdir(dir, { recursive: true });
    await writeJson(join(dir, "config.json"), {
      trial_name: "sort__Z9",
      task: { path: "tasks/sort" },
    });
    const r = await ingest("harbor", [join(root, "configs-only")]);
    expect(r.trials).toEqual([]);
    expect(r.skipped.map((s) => s.incomplete)).toEqual([
      { trial_id: "sort__Z9", task: "tasks/sort" },
    ]);
  });

  it("takes identity from the trial's files: a renamed folder still matches the job's listing", async () => {
    const dir = await job(join(root, "renamed"));
    await rename(join(dir, "maze__B2"), join(dir, "copy of a trial"));
    const r = await ingest("harbor", [dir]);
    expect(summary(r)).toContainEqual(["maze__B2", "maze", "failed"]);
    expect(r.skipped).toEqual([]);
    expect(r.trials.find((t) => t.trial_id === "maze__B2")?.path).toBe(
      join(dir, "copy of a trial"),
    );
  });

  it("keeps two folders that claim one trial name, told apart, with a note", async () => {
    const dir = await job(join(root, "twice"));
    await cp(join(dir, "maze__B2"), join(dir, "maze-again"), { recursive: true });
    const r = await ingest("harbor", [dir]);
    const ids = r.trials.map((t) => t.trial_id).sort();
    expect(ids).toEqual(["hello__A1", "maze__B2", "maze__B2@maze-again", "train__C3"]);
    expect(r.runs[0]?.trials).toBe(4);
    expect(r.runs[0]?.notes?.join("\n")).toMatch(/trial name "maze__B2" is also claimed by/);
    const copy = r.trials.find((t) => t.trial_id === "maze__B2@maze-again");
    expect(copy?.notes?.[0]).toMatch(/kept apart as "maze__B2@maze-again"/);
  });

  it("does not take a tb run for a Harbor job, nor a Harbor job for a tb run", async () => {
    const tb = await writeTbRun(join(root, "tb"), "r1", [
      { task: "t", is_resolved: false, log: [{ command: "ls" }] },
    ]);
    await expect(findJobs("harbor", tb)).rejects.toThrow(/no Harbor job found/);
    const harbor = await job(join(root, "harbor"));
    // A Harbor agent may keep its own sessions/ folder: not a tb session.
    await mkdir(join(harbor, "maze__B2", "agent", "sessions", "projects"), { recursive: true });
    await expect(findJobs("tb", harbor)).rejects.toThrow(/no tb run found/);
  });

  it("does not take a job folder for a trial, nor a folder of jobs for a job", async () => {
    const dir = await job(join(root, "hello__A1"));
    expect(await findJobTargets("harbor", dir)).toEqual([{ dir }]);
    await job(join(root, "many", "one"));
    await job(join(root, "many", "two"));
    expect(await findJobTargets("harbor", join(root, "many"))).toEqual([
      { dir: join(root, "many", "one") },
      { dir: join(root, "many", "two") },
    ]);
  });
});
