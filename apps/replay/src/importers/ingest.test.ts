import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "@fak/taxonomy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyTrial } from "../pipeline/classify-trial.js";
import { tempDir, writeHarborJob, writeTbRun } from "../test-support/harness-folders.js";
import { agentTrials, findJobs, ingest } from "./ingest.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/harbor-job", import.meta.url));

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("ingest on the example Harbor job", () => {
  it("classifies each trial, harness cause first, and keeps the provider error apart", async () => {
    const result = await ingest("harbor", [EXAMPLE]);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({
      job: "example-harbor-job",
      trials: 5,
      passes: 1,
      failures: 2,
      errors: 2,
      harness_errors: 1,
      pass_rate: 0.25,
    });
    expect(result.runs[0]?.expected).toEqual({ trials: 5, errors: 2, passes: 1, listed: 5 });
    const codes = Object.fromEntries(
      result.trials.map((t) => [t.trial_id, classifyTrial(t).reason]),
    );
    expect(codes).toMatchObject({
      "csv-report__Xa1": "NONE",
      "log-parse__Qc3": "TEST_MISUNDERSTOOD:verifier_failed_after_agent_finished",
      "train-model__Rd4": "TIMEOUT:AgentTimeoutError",
      "summarize-docs__Se5": "UNKNOWN:harness_error:RuntimeError:http_429",
    });
    expect(codes["pdf-render__Kb2"]).toMatch(/^PKG_INSTALL:/);
    expect(result.harness_errors).toEqual([
      {
        job: "example-harbor-job",
        trial_id: "summarize-docs__Se5",
        task: "summarize-docs",
        name: "RuntimeError",
        reason: "UNKNOWN:harness_error:RuntimeError:http_429",
        message:
          "Model call failed at episode 2: Error code: 429 - rate limit exceeded, retry later",
      },
    ]);
    expect(agentTrials(result.trials).map((t) => t.trial_id)).not.toContain("summarize-docs__Se5");
    expect(agentTrials(result.trials)).toHaveLength(4);
  });
});

describe("findJobs", () => {
  it("finds job folders below a folder of jobs, and refuses a folder with none", async () => {
    await writeHarborJob(join(root, "a", "2026-01-01__00-00-00"), {
      trials: [{ name: "x__1", reward: 1 }],
    });
    await writeHarborJob(join(root, "b", "2026-01-02__00-00-00"), {
      stats: "none",
      trials: [{ name: "y__1", interrupted: true }],
    });
    await mkdir(join(root, "c", "empty"), { recursive: true });
    expect(await findJobs("harbor", root)).toEqual([
      join(root, "a", "2026-01-01__00-00-00"),
      join(root, "b", "2026-01-02__00-00-00"),
    ]);
    expect(await findJobs("harbor", join(root, "a", "2026-01-01__00-00-00"))).toEqual([
      join(root, "a", "2026-01-01__00-00-00"),
    ]);
    await expect(findJobs("harbor", join(root, "c"))).rejects.toThrow(InputError);
    await expect(findJobs("tb", root)).rejects.toThrow(
      /no tb run found in .* \(searched 8 levels down\)/,
    );
  });

  it("finds a job a repository keeps deep in its own layout, and never looks deep in .git or node_modules", async () => {
    const deep = join(root, "runs", "experiments", "e1", "legs", "basic", "harbor", "job-1");
    await writeHarborJob(deep, { trials: [{ name: "x__1", reward: 1 }] });
    await writeHarborJob(join(root, "node_modules", "a", "b", "pkg", "job-2"), {
      trials: [{ name: "y__1", reward: 1 }],
    });
    await writeHarborJob(join(root, ".git", "a", "b", "job-3"), {
      trials: [{ name: "z__1", reward: 1 }],
    });
    expect(await findJobs("harbor", root)).toEqual([deep]);
    // Jobs within three levels are all there is: nothing deeper is walked (a build tree beside them).
    const near = join(root, "near", "job-4");
    await writeHarborJob(near, { trials: [{ name: "w__1", reward: 1 }] });
    expect(await findJobs("harbor", root)).toEqual([near]);
  });
});

describe("ingest", () => {
  it("combines several runs, reporting progress across all of them", async () => {
    await writeTbRun(join(root, "r1"), "r1", [
      { task: "a", is_resolved: true },
      { task: "b", is_resolved: false, missingFolder: true },
    ]);
    await writeTbRun(join(root, "r2"), "r2", [
      { task: "c", is_resolved: false, failure_mode: "parse_error" },
    ]);
    const progress: [number, number][] = [];
    const result = await ingest("tb", [join(root, "r1"), join(root, "r2")], {
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(result.runs.map((r) => [r.job, r.trials, r.skipped.length])).toEqual([
      ["r1", 1, 1],
      ["r2", 1, 0],
    ]);
    expect(result.skipped.map((s) => s.trial)).toEqual(["b.1-of-1.r1"]);
    expect(result.harness_errors.map((h) => h.reason)).toEqual([
      "UNKNOWN:harness_error:parse_error",
    ]);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
      [3, 3],
    ]);
  });
});
