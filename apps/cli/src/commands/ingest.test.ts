import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), prefix));

const JOB = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));

describe("fak ingest: the per-trial view", () => {
  it("names each job by folder and agent/model, totals the jobs, and shows each failure's evidence", async () => {
    const r = await runFak(["ingest", "harbor", JOB]);
    expect(r.status, r.stderr).toBe(0);
    // listed, passed, failed, harness errors, incomplete, the pass rate with its denominator, Harbor's own.
    expect(r.stdout).toMatch(
      /harbor-job \(fake-agent \/ acme\/model-1\) +harbor +5 +1 +3 +1 +0 +1\/4 = 25\.0% +Harbor's mean reward 0\.200 over 5 trials \(an unrewarded trial counted 0\)/,
    );
    expect(r.stdout).toMatch(/total \(1 job\) +5 +1 +3 +1 +0 +1\/4 = 25\.0%/);
    expect(r.stdout).toContain("pass rate = passed / (listed − harness)");
    expect(r.stdout).toMatch(
      /harbor-job +pdf-render +1 +0 +agent +PKG_INSTALL +PKG_INSTALL:\S+ +ERROR: Could not find a version .*\(agent\/trajectory\.json:40\)/,
    );
  });

  it("counts trials with no verdict as incomplete, one line per reason; --json keeps every one", async () => {
    // Three trials of the example job interrupted before Harbor wrote their result.json, and
    // the job's own result.json gone too: nothing gives them a verdict.
    const job = join(await tempDir("fak-cli-ingest-"), "job");
    await cp(JOB, job, { recursive: true });
    await rm(join(job, "result.json"));
    for (const t of ["log-parse__Qc3", "pdf-render__Kb2", "train-model__Rd4"]) {
      await rm(join(job, t, "result.json"));
    }
    const r = await runFak(["ingest", "harbor", job]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split("\n").filter((l) => /incomplete \(no verdict\)/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^3 trials \(1 job\) incomplete \(no verdict\): no result\.json/);
    // An incomplete trial counts as not passed: 1 of the 4 trials not the harness's.
    expect(r.stdout).toMatch(/\) +harbor +5 +1 +0 +1 +3 +1\/4 = 25\.0%/);
    const json = JSON.parse((await runFak(["ingest", "harbor", job, "--json"])).stdout);
    expect(json.skipped).toHaveLength(3);
    expect(json.counts).toEqual({ listed: 5, passed: 1, failed: 0, harness: 1, incomplete: 3 });
  });

  it("a failed trial whose result.json was lost keeps its place: listed, passed and the pass rate unchanged", async () => {
    const job = join(await tempDir("fak-cli-ingest-"), "job");
    await cp(JOB, job, { recursive: true });
    const before = JSON.parse((await runFak(["ingest", "harbor", job, "--json"])).stdout);
    await rm(join(job, "log-parse__Qc3", "result.json"));
    const after = JSON.parse((await runFak(["ingest", "harbor", job, "--json"])).stdout);
    expect(after.counts).toEqual(before.counts);
    expect(after.runs[0].pass_rate).toBe(before.runs[0].pass_rate);
    const row = after.trials.find((t: { trial_id: string }) => t.trial_id === "log-parse__Qc3");
    expect(row).toMatchObject({ counted_as: "failed", verdict_from: "job_listing" });
  });

  it("--format csv|jsonl|md prints the rows; --out writes them into ingest.json for fak compare", async () => {
    const csv = await runFak(["ingest", "harbor", JOB, "--format", "csv"]);
    expect(csv.status, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^job,task,trial_id,agent,model,attempt,reward,passed,/);
    expect(lines).toHaveLength(6);
    const jsonl = await runFak(["ingest", "harbor", JOB, "--format", "jsonl"]);
    expect(jsonl.stdout.trimEnd().split("\n")).toHaveLength(5);
    const md = await runFak(["ingest", "harbor", JOB, "--format", "md"]);
    expect(md.stdout).toMatch(/^\| job \| task \|/);
    const out = await tempDir("fak-cli-ingest-");
    expect((await runFak(["ingest", "harbor", JOB, "--out", out, "--json"])).status).toBe(0);
    const saved = JSON.parse(await readFile(join(out, "ingest.json"), "utf8"));
    expect(saved.trials).toHaveLength(5);
    const cmp = await runFak(["compare", out, JOB, "--fail-on", "regression"]);
    expect(cmp.status, cmp.stderr).toBe(0);
    expect(cmp.stdout).toContain("matched tasks: 4");
  });

  it("--fail-on CATEGORY and --max-failures: exit 1 with the reason when tripped, 0 otherwise, 2 for a bad value", async () => {
    const timeout = await runFak([
      "ingest",
      "harbor",
      JOB,
      "--fail-on",
      "TIMEOUT,POLICY_BLOCK",
      "--json",
    ]);
    expect(timeout.status).toBe(1);
    expect(timeout.stderr).toBe("fak: gate tripped: 1 failed with TIMEOUT (train-model__Rd4)\n");
    expect(JSON.parse(timeout.stdout).gate).toEqual({
      tripped: true,
      reason: "1 failed with TIMEOUT (train-model__Rd4)",
    });
    const fine = await runFak([
      "ingest",
      "harbor",
      JOB,
      "--fail-on",
      "policy_block",
      "--max-failures",
      "3",
    ]);
    expect(fine.status, fine.stderr).toBe(0);
    expect(fine.stdout).toContain("gate passed: 3 failures, no gate tripped");
    const many = await runFak(["ingest", "harbor", JOB, "--max-failures", "2"]);
    expect(many.status).toBe(1);
    expect(many.stderr).toBe("fak: gate tripped: 3 failures, more than --max-failures 2\n");
    for (const bad of [
      ["--fail-on", "NOPE"],
      ["--max-failures", "-1"],
      ["--format", "xml"],
    ]) {
      const r = await runFak(["ingest", "harbor", JOB, ...bad]);
      expect(r.status, bad.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
    }
  });
});
