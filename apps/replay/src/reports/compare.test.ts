import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, writeTbRun } from "../test-support/harness-folders.js";
import { compareRuns, taskOfTrialName } from "./compare.js";
import { loadRun } from "./load.js";

const examples = join(import.meta.dirname, "..", "..", "examples");
const jobA = join(examples, "harbor-job");
const jobB = join(examples, "harbor-job-b");

/** Per task, what the job's own result.json says: passed (reward 1), failed (0), or absent. */
function harborVerdicts(job: string): Map<string, boolean> {
  const doc = JSON.parse(readFileSync(join(job, "result.json"), "utf8"));
  const out = new Map<string, boolean>();
  for (const ev of Object.values(doc.stats.evals) as {
    reward_stats: { reward: Record<string, string[]> };
  }[]) {
    for (const [reward, names] of Object.entries(ev.reward_stats.reward)) {
      for (const name of names) out.set(taskOfTrialName(name), Number(reward) > 0);
    }
  }
  return out;
}

describe("compareRuns on the two example Harbor jobs", async () => {
  const cmp = compareRuns(await loadRun(jobA), await loadRun(jobB));

  it("gives each shared task the pass/fail the jobs' own result.json gives", () => {
    const ownA = harborVerdicts(jobA);
    const ownB = harborVerdicts(jobB);
    for (const t of cmp.tasks.filter((x) => x.change !== "not_comparable")) {
      expect(t.a.passes === 1, `${t.task} in A`).toBe(ownA.get(t.task));
      expect(t.b.passes === 1, `${t.task} in B`).toBe(ownB.get(t.task));
    }
    expect(cmp.matched_tasks).toBe(4);
  });

  it("marks flips, lists tasks only one run has apart, and counts categories side by side", () => {
    const change = Object.fromEntries(cmp.tasks.map((t) => [t.task, t.change]));
    expect(change).toEqual({
      "csv-report": "regressed",
      "log-parse": "improved",
      "pdf-render": "same",
      "train-model": "improved",
    });
    expect(cmp.only_in_a.map((o) => o.task)).toEqual(["summarize-docs"]);
    expect(cmp.only_in_b.map((o) => o.task)).toEqual(["json-merge"]);
    expect([cmp.regressed, cmp.improved]).toEqual([1, 2]);
    const regressed = cmp.tasks.find((t) => t.task === "csv-report");
    expect(regressed?.b.trials[0]?.category).toBe("TEST_MISUNDERSTOOD");
    expect(regressed?.b.trials[0]?.evidence).toEqual({
      text: "AssertionError: assert 1205 == 1250",
      file: "verifier/ctrf.json",
      line: 19,
    });
    const timeout = cmp.categories.find((c) => c.category === "TIMEOUT");
    expect(timeout).toEqual({ category: "TIMEOUT", a: 1, b: 0, difference: -1 });
  });

  it("gives the paired difference with Newcombe's interval when every task ran once", () => {
    expect(cmp.pass_rate.a).toBe(0.25);
    expect(cmp.pass_rate.b).toBe(0.5);
    expect(cmp.pass_rate.difference).toBe(0.25);
    const ci = cmp.pass_rate.interval;
    expect(ci?.method).toBe("newcombe-paired-wilson");
    expect(ci?.low).toBeLessThan(0.25);
    expect(ci?.high).toBeGreaterThan(0.25);
  });
});

describe("compareRuns with repeated attempts", () => {
  it("scores a task by its pass fraction, gives pass@k per task, and bootstraps the interval", async () => {
    const dir = await tempDir("fak-compare-");
    const three = (task: string, resolved: boolean[]) =>
      resolved.map((r, i) => ({ task, suffix: `.${i + 1}-of-3.run`, is_resolved: r }));
    await writeTbRun(join(dir, "a"), "a", [
      ...three("alpha", [true, true, true]),
      ...three("beta", [true, false, false]),
    ]);
    await writeTbRun(join(dir, "b"), "b", [
      ...three("alpha", [true, false, true]),
      ...three("beta", [true, true, false]),
    ]);
    const cmp = compareRuns(await loadRun(join(dir, "a")), await loadRun(join(dir, "b")));
    const alpha = cmp.tasks.find((t) => t.task === "alpha");
    expect(alpha?.change).toBe("regressed");
    expect(alpha?.b.attempts).toBe(3);
    expect(alpha?.b.pass_at_k.map((p) => p.k)).toEqual([1, 2, 3]);
    expect(alpha?.b.pass_at_k[0]?.value).toBeCloseTo(2 / 3, 12);
    expect(alpha?.b.pass_at_k[1]?.value).toBe(1);
    expect(cmp.tasks.find((t) => t.task === "beta")?.change).toBe("improved");
    expect(cmp.pass_rate.interval?.method).toBe("paired-bootstrap");
    expect(cmp.pass_rate.difference).toBeCloseTo(0, 12);
  });

  it("keeps a trial the run lists but whose folder is missing, on the run's own verdict", async () => {
    const dir = await tempDir("fak-compare-");
    await writeTbRun(join(dir, "a"), "a", [{ task: "gamma", is_resolved: true }]);
    await writeTbRun(join(dir, "b"), "b", [
      { task: "gamma", is_resolved: false, failure_mode: "agent_timeout", missingFolder: true },
    ]);
    const cmp = compareRuns(await loadRun(join(dir, "a")), await loadRun(join(dir, "b")));
    const gamma = cmp.tasks.find((t) => t.task === "gamma");
    expect(gamma?.change).toBe("regressed");
    expect(gamma?.b.trials[0]).toMatchObject({
      verdict_from: "job_listing",
      category: "TIMEOUT",
      evidence: { file: "results.json" },
    });
    expect(gamma?.b.skipped).toEqual([]);
  });
});
