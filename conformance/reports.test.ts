/// <reference lib="dom" />
// The page inspections below run in the browser.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compareRuns } from "../apps/replay/src/reports/compare.js";
import { renderHtmlReport } from "../apps/replay/src/reports/html.js";
import { loadRun } from "../apps/replay/src/reports/load.js";
import type { TaskSide } from "../apps/replay/src/reports/schemas.js";
import { findChromium, visit } from "../apps/replay/src/test-support/browser.js";
import { tempDir } from "../apps/replay/src/test-support/harness-folders.js";

// `fak compare` on the real samples, checked against the harnesses' own files read here
// directly: per shared task the same pass/fail, tasks in only one run listed apart.

const SAMPLES = fileURLToPath(new URL("../../shared/samples", import.meta.url));
const HARBOR = join(SAMPLES, "harbor");
const TB = join(SAMPLES, "tb");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const dirs = (d: string) =>
  readdirSync(d, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

type Own = "passed" | "failed" | "errored" | "unread";

/** Harbor's own verdict of every trial below `root`: the trial's result.json reward, else its exception. */
function harborOwn(jobs: string[]): Map<string, Own[]> {
  const out = new Map<string, Own[]>();
  for (const job of jobs) {
    for (const trial of dirs(job)) {
      const file = join(job, trial, "result.json");
      const task = trial.replace(/__[A-Za-z0-9]+$/, "");
      let own: Own = "unread";
      if (existsSync(file)) {
        const r = readJson(file);
        const reward = r.verifier_result?.rewards?.reward;
        own = typeof reward === "number" ? (reward > 0 ? "passed" : "failed") : "errored";
      }
      out.set(task, [...(out.get(task) ?? []), own]);
    }
  }
  return out;
}

function harborJobs(dir: string): string[] {
  if (existsSync(join(dir, "config.json"))) return [dir];
  return dirs(dir).flatMap((d) => harborJobs(join(dir, d)));
}

/** What fak's side of a task says, in the same words. */
function fakSays(side: TaskSide): Own[] {
  return [
    ...side.trials.map((t): Own => (t.passed ? "passed" : t.harness_error ? "errored" : "failed")),
    ...side.skipped.map((): Own => "unread"),
  ];
}

describe("fak compare conformance on ../shared/samples", () => {
  it("Harbor: the claude-opus jobs against the terminus-2 jobs, task by task as Harbor's files say", async () => {
    const opus = dirs(HARBOR)
      .filter((d) => d.startsWith("ktb-claude-opus"))
      .map((d) => join(HARBOR, d));
    const terminus = join(HARBOR, "terminus2-gpt-oss-120b");
    expect(opus.length, "two claude-opus jobs").toBe(2);
    const runA = await loadRun(opus.join(","));
    const cmp = compareRuns(runA, await loadRun(terminus));
    // Each job's own headline is shown as Harbor computed it.
    for (const job of opus) {
      const own = readJson(join(job, "result.json"));
      const ev = Object.values(own.stats.evals)[0] as { metrics: { mean: number }[] };
      const head = runA.summary.headlines.find((h) =>
        h.job.startsWith(job.split("/").pop() as string),
      );
      expect(head, `${job}: headline`).toMatchObject({
        harness: "harbor",
        mean_reward: ev.metrics[0]?.mean,
        n_trials: own.stats.n_trials,
        n_errored: own.stats.n_errors,
      });
    }
    const ownA = harborOwn(opus);
    const ownB = harborOwn(harborJobs(terminus));
    const shared = [...ownA.keys()].filter((t) => ownB.has(t)).sort();
    expect(shared, "four tasks in common").toHaveLength(4);
    expect(cmp.tasks.map((t) => t.task)).toEqual(shared);
    for (const t of cmp.tasks) {
      expect(fakSays(t.a), `${t.task} in A`).toEqual(ownA.get(t.task));
      expect(fakSays(t.b), `${t.task} in B`).toEqual(ownB.get(t.task));
      const both = (ownA.get(t.task) ?? []).concat(ownB.get(t.task) ?? []);
      const scored = both.every((o) => o === "passed" || o === "failed");
      expect(t.change === "not_comparable", `${t.task}: compared only when both sides scored`).toBe(
        !scored,
      );
    }
    const onlyA = [...ownA.keys()].filter((t) => !ownB.has(t)).sort();
    const onlyB = [...ownB.keys()].filter((t) => !ownA.has(t)).sort();
    expect(cmp.only_in_a.map((o) => o.task)).toEqual(onlyA);
    expect(cmp.only_in_b.map((o) => o.task)).toEqual(onlyB);
    console.log(
      `harbor: ${cmp.tasks.map((t) => `${t.task}=${t.change}`).join(", ")}; only A ${onlyA.length}, only B ${onlyB.length}`,
    );
  });

  it("tb: the two runs, task by task as each run's results.json says", async () => {
    const [a, b] = dirs(TB).sort();
    expect(a && b, "two tb runs").toBeTruthy();
    const runA = join(TB, a as string);
    const runB = join(TB, b as string);
    const cmp = compareRuns(await loadRun(runA), await loadRun(runB));
    const own = (run: string) =>
      new Map<string, boolean>(
        readJson(join(run, "results.json")).results.map(
          (r: { task_id: string; is_resolved: boolean | null }) => [
            r.task_id,
            r.is_resolved === true,
          ],
        ),
      );
    const ownA = own(runA);
    const ownB = own(runB);
    const shared = [...ownA.keys()].filter((t) => ownB.has(t)).sort();
    expect(cmp.tasks.map((t) => t.task)).toEqual(shared);
    let compared = 0;
    for (const t of cmp.tasks) {
      // tb counts everything but is_resolved: true as unresolved; fak keeps harness errors unscored.
      const passedA = t.a.trials.some((r) => r.passed);
      const passedB = t.b.trials.some((r) => r.passed);
      expect(passedA, `${t.task} in ${a}`).toBe(ownA.get(t.task));
      expect(passedB, `${t.task} in ${b}`).toBe(ownB.get(t.task));
      if (t.change !== "not_comparable") {
        compared++;
        const expected =
          ownA.get(t.task) === ownB.get(t.task)
            ? "same"
            : ownA.get(t.task)
              ? "regressed"
              : "improved";
        expect(t.change, t.task).toBe(expected);
      }
    }
    expect(cmp.matched_tasks).toBe(compared);
    expect(cmp.only_in_a.map((o) => o.task)).toEqual(
      [...ownA.keys()].filter((t) => !ownB.has(t)).sort(),
    );
    expect(cmp.only_in_b.map((o) => o.task)).toEqual(
      [...ownB.keys()].filter((t) => !ownA.has(t)).sort(),
    );
    console.log(
      `tb: ${shared.length} shared, ${compared} compared, ${cmp.regressed} regressed, ${cmp.improved} improved`,
    );
  });

  const chrome = findChromium();
  const inBrowser = "path" in chrome ? it : it.skip;
  if (!("path" in chrome)) console.warn(`skipping the browser check: ${chrome.missing}`);

  inBrowser(
    "the HTML report of the real Harbor comparison opens with no console error and no network request",
    async () => {
      const opus = dirs(HARBOR)
        .filter((d) => d.startsWith("ktb-claude-opus"))
        .map((d) => join(HARBOR, d));
      const a = await loadRun(opus.join(","));
      const b = await loadRun(join(HARBOR, "terminus2-gpt-oss-120b"));
      const dir = await tempDir("fak-conformance-html-");
      const file = join(dir, "report.html");
      await writeFile(
        file,
        renderHtmlReport({
          runs: [a, b],
          comparison: compareRuns(a, b),
          generatedAt: new Date().toISOString(),
        }),
      );
      const { visit: seen, result } = await visit(
        (chrome as { path: string }).path,
        file,
        join(dir, "report.png"),
        async (page) => {
          await page.waitForFunction(() => document.body.dataset.charts === "2");
          return page.$$eval("#trials tbody tr", (trs) => trs.length);
        },
      );
      expect(seen.consoleErrors).toEqual([]);
      expect(seen.pageErrors).toEqual([]);
      expect(seen.requests).toEqual([]);
      expect(result).toBe(a.rows.length + b.rows.length);
      console.log(`screenshot: ${seen.screenshot}`);
    },
    120_000,
  );
});
