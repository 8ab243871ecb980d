import { spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type WatchLine, type WatchTrialLine, watchLineSchema } from "@fak/replay";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";
import { endText, trialText } from "./watch.js";

const FAK = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const JOB = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "fak-watch-cli-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The example job copied whole, its result.json marked finished as Harbor marks it at the end. */
async function finishedJob(): Promise<string> {
  const job = join(root, "job");
  await cp(JOB, job, { recursive: true });
  const result = JSON.parse(await readFile(join(job, "result.json"), "utf8"));
  await writeFile(join(job, "result.json"), JSON.stringify({ ...result, finished_at: "t" }));
  return job;
}

const parseLines = (stdout: string): WatchLine[] =>
  jsonl(stdout).map((l) => watchLineSchema.parse(l));

describe("fak watch", () => {
  it("follows a job written while it watches: each trial once, as fak ingest reads it, then the counts", async () => {
    const job = join(root, "job");
    await cp(JOB, job, { recursive: true, filter: (src) => src === JOB || !src.includes("__") });
    const result = JSON.parse(await readFile(join(JOB, "result.json"), "utf8"));
    await writeFile(join(job, "result.json"), JSON.stringify({ ...result, stats: {} }));
    const watching = runFak(["watch", job, "--json", "--timeout", "60"]);
    const trials = (await readdir(JOB)).filter((n) => n.includes("__"));
    for (const t of trials) {
      await cp(join(JOB, t), join(job, t), { recursive: true });
      await new Promise((r) => setTimeout(r, 50));
    }
    await writeFile(join(job, "result.json"), JSON.stringify({ ...result, finished_at: "t" }));
    const r = await watching;
    expect(r.status, r.stderr).toBe(0);
    const lines = parseLines(r.stdout);
    const end = lines.at(-1);
    const perTrial = lines.slice(0, -1) as WatchTrialLine[];
    expect(perTrial.map((l) => l.trial_id).sort()).toEqual([...trials].sort());
    const ingested = jsonl((await runFak(["ingest", "harbor", job, "--format", "jsonl"])).stdout);
    const pick = (l: Record<string, unknown>) => [
      l.trial_id,
      l.status,
      l.category,
      l.attribution,
      l.reward,
      l.evidence,
    ];
    const sortById = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(perTrial.map(pick).sort(sortById)).toEqual(
      (ingested as Record<string, unknown>[]).map(pick).sort(sortById),
    );
    expect(end).toMatchObject({ event: "end", ended: "finished", harness: "harbor", trials: 5 });
  });

  it("prints plain lines for people when stdout is not a terminal, every field terminal-safe", async () => {
    const r = await runFak(["watch", await finishedJob()]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\r\x1b]/);
    expect(r.stderr).toBe("");
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(7);
    expect(lines.find((l) => l.includes("pdf-render__Kb2"))).toMatch(
      /^fail +pdf-render__Kb2 {2}pdf-render {2}PKG_INSTALL \(agent\) {2}reward 0 {2}agent\/trajectory\.json:40 /,
    );
    expect(lines.at(-2)).toMatch(/^5 of 5 trials reported \(finished\); /);
    // The run model's counts, as fak ingest gives them: the one pass rate to quote.
    expect(lines.at(-1)).toBe(
      "pass rate 1/4 = 25.0% (passed / (listed − harness)); 5 listed: 1 passed, 3 failed, 1 harness errors, 0 incomplete",
    );
  });

  it("--record writes each death once: watching the job again, or ingesting it, records nothing new", async () => {
    const job = await finishedJob();
    const db = `file:${join(root, "memory.db")}`;
    const first = await runFak(["watch", job, "--json", "--record", db]);
    expect(first.status, first.stderr).toBe(0);
    const firstEnd = parseLines(first.stdout).at(-1);
    expect(firstEnd).toMatchObject({ event: "end", recorded: 3 });
    const again = await runFak(["watch", job, "--json", "--record", db]);
    expect(parseLines(again.stdout).at(-1)).toMatchObject({ event: "end", recorded: 0 });
    // The same rows `fak ingest --record` writes: ingesting the job afterwards adds none either.
    const ingested = await runFak(["ingest", "harbor", job, "--record", "--db", db, "--json"]);
    expect(ingested.status, ingested.stderr).toBe(0);
    const statuses = JSON.parse(ingested.stdout).recorded.map((r: { status: string }) => r.status);
    expect(statuses).toEqual(["already_present", "already_present", "already_present"]);
    const rows = jsonl((await runFak(["memory", "export", "--db", db])).stdout);
    expect(rows).toHaveLength(3);
  });

  it("exits 3 at --timeout when the job never ends", async () => {
    const { status, stdout } = await runFak(["watch", root, "--timeout", "1"]);
    expect(status).toBe(3);
    expect(stdout).toContain("0 trials: 0 passed, 0 failed, 0 errored (timeout)");
  });

  it("Ctrl-C stops the watch with the counts so far, exit 130", async () => {
    // The example job has no finished_at: its trials are reported, then the watch waits.
    const job = join(root, "job");
    await cp(JOB, job, { recursive: true });
    const child = spawn(process.execPath, [FAK, "watch", job], {
      env: { ...process.env, NO_COLOR: "1", FAK_DB_URL: "" },
    });
    let stdout = "";
    const reported = new Promise<void>((resolve) => {
      child.stdout.on("data", (d) => {
        stdout += d;
        if (stdout.split("\n").length > 5) resolve();
      });
    });
    await reported;
    child.kill("SIGINT");
    const [status] = (await once(child, "close")) as [number | null];
    expect(status).toBe(130);
    expect(stdout).toContain("5 of 5 trials reported (stopped)");
    expect(stdout).toContain("pass rate 1/4 = 25.0% (passed / (listed − harness)); 5 listed:");
  });

  it("exits 2 for a folder that does not exist", async () => {
    const { status, stderr } = await runFak(["watch", join(root, "missing")]);
    expect(status).toBe(2);
    expect(stderr).toContain("not a folder");
  });
});

describe("watch lines for people", () => {
  const line: WatchTrialLine = {
    event: "trial",
    harness: "harbor",
    trial_id: "evil__\x1b]0;pwned\x07a1",
    task: "evil\x1b[2Jtask",
    status: "failed",
    category: "TEST_MISUNDERSTOOD",
    attribution: "agent",
    reward: 0,
    reason: "TEST_MISUNDERSTOOD:test_x",
    evidence: { text: "E assert \x1b[31mred\x1b[0m", file: "verifier/test-stdout.txt", line: 3 },
    path: "/jobs/j/evil__a1",
  };

  it("drops escape sequences from every field read from the trial", () => {
    const text = trialText(line);
    expect(text).not.toMatch(/\x1b|\x07/);
    expect(text).toContain("evil__a1  eviltask  TEST_MISUNDERSTOOD (agent)  reward 0");
    expect(text).toContain("verifier/test-stdout.txt:3  E assert red");
  });

  it("closes with the counts, the categories and the skipped trials", () => {
    const text = endText({
      event: "end",
      ended: "finished",
      harness: "tb",
      trials: 2,
      passed: 1,
      failed: 1,
      errored: 0,
      categories: { TEST_MISUNDERSTOOD: 1 },
      attributions: { agent: 1 },
      expected: 3,
      skipped: 1,
      skipped_trials: [{ trial: "b.1-of-1.r", reason: "no results.json\x1b[2J" }],
      counts: { listed: 3, passed: 1, failed: 1, harness: 0, incomplete: 1 },
      pass_rate: 1 / 3,
    });
    expect(text).toBe(
      [
        "2 of 3 trials reported (finished); TEST_MISUNDERSTOOD 1; 1 skipped",
        "pass rate 1/3 = 33.3% (passed / (listed − harness)); 3 listed: 1 passed, 1 failed, 0 harness errors, 1 incomplete",
        "  skipped b.1-of-1.r: no results.json",
      ].join("\n"),
    );
  });
});
