import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, writeJson, writeTbRun } from "../test-support/harness-folders.js";
import { ingest } from "./ingest.js";
import { isSkipped } from "./ingest-types.js";
import { readRunLogFailures } from "./run-log.js";

// The job's own log speaks for trials that never got a result: Harbor's job.log, tb's run.log.

let root: string;
beforeEach(async () => {
  root = await tempDir("fak-runlog-");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const COMPOSE = (env: string) =>
  `Docker compose command failed for environment ${env}. Command: docker compose -p ${env}__x -f /tasks/${env}/environment/docker-compose.yaml build. Return code: 1. Stdout: #9 ERROR: process did not complete successfully: exit code: 2`;

describe("the failures a job's log records", () => {
  it("Harbor: each trial's last failure, a retried attempt forgotten, its continuation kept", async () => {
    await writeFile(
      join(root, "job.log"),
      [
        "Trial a__1 failed: RuntimeError: first attempt",
        "Trial a__1 failed with exception RuntimeError. Retrying in 1.00 seconds...",
        `Trial b__2 failed: ${COMPOSE("b")}`,
        "invalid spec: :/root/google-auth: empty section between colons",
        "Not retrying trial because the maximum number of retries has been reached",
        "Trial c__3 failed: Agent setup failed with exit code 137.",
      ].join("\n"),
    );
    const got = await readRunLogFailures("harbor", root);
    expect(got.map((f) => f.trial)).toEqual(["b__2", "c__3"]);
    expect(got[0]?.message).toContain("invalid spec: :/root/google-auth");
    expect(got[0]?.message).not.toContain("Not retrying");
    expect(got[0]?.line).toMatchObject({ file: "job.log", line: 3 });
  });

  it("tb: the task of every `Harness execution failed for` line, Windows paths included", async () => {
    await writeFile(
      join(root, "run.log"),
      "Starting harness run\nRunning task: spin\nHarness execution failed for tasks\\spin: 404 Client Error\nHarness execution failed for /work/tasks/hello: boom\n",
    );
    const got = await readRunLogFailures("tb", root);
    expect(got.map((f) => [f.task, f.message])).toEqual([
      ["spin", "404 Client Error"],
      ["hello", "boom"],
    ]);
  });

  it("no log, no failures", async () => {
    expect(await readRunLogFailures("harbor", root)).toEqual([]);
  });
});

describe("trials only the job's log speaks for", () => {
  it("a tb run that crashed before writing anything but run.log is one harness trial", async () => {
    const run = join(root, "2025-10-24__18-06-19");
    await mkdir(run);
    await writeFile(
      join(run, "run.log"),
      "Starting harness run\nRunning task: spin\n#8 ERROR: image \"tb__spin__client:latest\": already exists\nHarness execution failed for tasks\\spin: Command 'docker compose build' returned non-zero exit status 1.\n",
    );
    const r = await ingest("tb", [run]);
    expect(r.counts).toEqual({ listed: 1, passed: 0, failed: 0, harness: 1, incomplete: 0 });
    const skip = r.skipped[0];
    expect(skip?.trial).toBe("spin.1-of-1.2025-10-24__18-06-19");
    expect(skip?.reason).toContain("run.log");
    expect(skip?.verdict?.cause).toMatchObject({ attribution: "harness" });
    expect(skip?.verdict?.evidence).toMatchObject({ file: "run.log", line: 4 });
  });

  it("a tb run's log gives a cause to a listed failure that has none, never to a pass", async () => {
    const run = await writeTbRun(join(root, "r1"), "r1", [
      { task: "ok", is_resolved: true },
      { task: "spin", is_resolved: null, failure_mode: "unset", missingFolder: true },
    ]);
    await writeFile(
      join(run, "run.log"),
      "Harness execution failed for tasks/spin: 404 Client Error for http+docker://localnpipe/v1.51/containers/x/archive\nHarness execution failed for tasks/ok: late noise\n",
    );
    const r = await ingest("tb", [run]);
    expect(r.counts).toEqual({ listed: 2, passed: 1, failed: 0, harness: 1, incomplete: 0 });
  });

  it("an empty Harbor trial folder whose job.log says why it failed is a harness trial", async () => {
    const job = join(root, "2026-01-29__10-03-50");
    await mkdir(join(job, "pdf-diff__i2Lj6pb"), { recursive: true });
    await mkdir(join(job, "solve__Ab12Cd3", "verifier"), { recursive: true });
    await writeJson(join(job, "solve__Ab12Cd3", "result.json"), {
      trial_name: "solve__Ab12Cd3",
      task_name: "solve",
      verifier_result: { rewards: { reward: 1 } },
    });
    await writeJson(join(job, "config.json"), { job_name: "2026-01-29__10-03-50" });
    await writeFile(
      join(job, "job.log"),
      `Trial pdf-diff__i2Lj6pb failed: ${COMPOSE("pdf-diff")}\n#9 100.7 pip._vendor.urllib3.exceptions.ReadTimeoutError: Read timed out.\n`,
    );
    const r = await ingest("harbor", [job]);
    expect(r.counts).toEqual({ listed: 2, passed: 1, failed: 0, harness: 1, incomplete: 0 });
    const skip = r.skipped.find((s) => s.trial === "pdf-diff__i2Lj6pb");
    expect(skip && isSkipped(skip) ? skip.verdict?.cause?.attribution : undefined).toBe("harness");
  });
});
