import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ingest } from "../importers/ingest.js";
import { tempDir, writeHarborJob } from "../test-support/harness-folders.js";
import { compareRuns } from "./compare.js";
import { rowsToCsv, rowsToMarkdown } from "./formats.js";
import { renderHtmlReport } from "./html.js";
import { countRows, runRows } from "./job-files.js";
import { loadRun } from "./load.js";
import { meanReward } from "./summary.js";

let root: string;
beforeEach(async () => {
  root = await tempDir("fak-report-counts-");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Six trials: a pass, a fail, an agent timeout with no reward, an outage, one cut short, one only listed. */
async function job(dir: string): Promise<string> {
  return writeHarborJob(dir, {
    trials: [
      { name: "a__1", reward: 1 },
      { name: "b__1", reward: 0 },
      { name: "c__1", exception: { type: "AgentTimeoutError", message: "timed out after 900s" } },
      { name: "d__1", exception: { type: "RuntimeError", message: "Error code: 503" } },
      { name: "e__1", interrupted: true },
    ],
    listedOnly: ["f__1"],
  });
}

describe("every view of a run shows its counts", () => {
  it("rows, csv, md, the summary and the HTML's data all hold the run's counts", async () => {
    const dir = await job(join(root, "job"));
    const imported = await ingest("harbor", [dir]);
    const want = { listed: 6, passed: 1, failed: 3, harness: 1, incomplete: 1 };
    expect(imported.counts).toEqual(want);
    const rows = await runRows(imported);
    expect(countRows(rows)).toEqual(want);
    const csv = rowsToCsv(rows).trimEnd().split("\r\n");
    expect(csv).toHaveLength(1 + want.listed);
    expect(csv.filter((l) => l.endsWith(",incomplete"))).toHaveLength(1);
    const md = rowsToMarkdown(rows).trimEnd().split("\n");
    expect(md.filter((l) => l.endsWith("| failed |"))).toHaveLength(want.failed);
    const run = await loadRun(dir);
    expect(run.summary.counts).toEqual(want);
    expect(run.summary).toMatchObject({ trials: 6, scored: 5, passed: 1, pass_rate: 1 / 5 });
    const html = renderHtmlReport({ runs: [run], generatedAt: "2026-01-01T00:00:00Z" });
    const data = JSON.parse(
      /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "",
    );
    expect(data.runs[0].counts).toEqual(want);
    expect(
      html.includes(
        '<span class="passed">1</span>/<span class="scored">5</span> (passed / (listed − harness))',
      ),
      "the card names the pass rate's denominator",
    ).toBe(true);
  });

  it("the mean reward is Harbor's: over the trials with a verdict, an unrewarded one counted 0", async () => {
    const run = await loadRun(await job(join(root, "job")));
    // a: 1, b: 0, c: none, d: none, f: 0 (listed); e has no verdict and is left out, as Harbor does.
    expect(meanReward(run.rows)).toBeCloseTo(1 / 5);
    expect(run.summary.mean_reward).toBeCloseTo(1 / 5);
  });

  it("compare counts an unrewarded trial as 0 in a task's mean reward", async () => {
    const a = await writeHarborJob(join(root, "a"), {
      trials: [
        { name: "t__1", reward: 1 },
        { name: "t__2", exception: { type: "AgentTimeoutError", message: "timed out" } },
      ],
    });
    const b = await writeHarborJob(join(root, "b"), { trials: [{ name: "t__3", reward: 1 }] });
    const cmp = compareRuns(await loadRun(a), await loadRun(b));
    expect(cmp.tasks[0]?.a.mean_reward).toBeCloseTo(0.5);
    expect(cmp.mean_reward).toMatchObject({ a: 0.5, b: 1 });
  });
});
