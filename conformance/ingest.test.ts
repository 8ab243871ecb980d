import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ingestHarbor } from "../apps/replay/src/importers/harbor/index.js";
import { drain, findJobs } from "../apps/replay/src/importers/ingest.js";
import {
  type IngestedTrial,
  type IngestItem,
  type IngestRun,
  isSkipped,
} from "../apps/replay/src/importers/ingest-types.js";
import { ingestTb } from "../apps/replay/src/importers/tb/index.js";
import { classifyTrial } from "../apps/replay/src/pipeline/classify-trial.js";
import { FAILURE_CODES, failureSignalsSchema } from "../packages/taxonomy/src/index.js";

// Import every real sample in ../shared/samples and compare what was read with each job's
// own result files, like with like: trials the importer skipped (interrupted, folder
// missing) are taken out of the job's numbers before comparing, and every assertion says so.

const SAMPLES = fileURLToPath(new URL("../../shared/samples", import.meta.url));
const rows: string[] = [];

async function importJob(kind: "harbor" | "tb", dir: string) {
  const items: IngestItem[] = [];
  const run = await drain(kind === "harbor" ? ingestHarbor(dir) : ingestTb(dir), (item) =>
    items.push(item),
  );
  const trials = items.filter((i): i is IngestedTrial => !isSkipped(i));
  for (const t of trials) {
    expect(
      () => failureSignalsSchema.parse(t.signals),
      `${t.trial_id}: signals are a valid FailureSignals`,
    ).not.toThrow();
    expect(FAILURE_CODES, `${t.trial_id}: classified into the closed vocabulary`).toContain(
      classifyTrial(t).category,
    );
  }
  return { run, trials };
}

function report(name: string, run: IngestRun, expected: string) {
  rows.push(
    `${name.padEnd(48)} trials=${run.trials} passes=${run.passes} failures=${run.failures} errors=${run.errors} harness_errors=${run.harness_errors} skipped=${run.skipped.length} | job's own files: ${expected}`,
  );
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("ingest conformance on ../shared/samples", () => {
  it("Harbor jobs: counts and per-trial verdicts agree with each job's result.json", async () => {
    expect(existsSync(SAMPLES), `${SAMPLES} must exist beside the repository`).toBe(true);
    const jobs = await findJobs("harbor", join(SAMPLES, "harbor"));
    expect(jobs.length, "job folders found under samples/harbor").toBeGreaterThan(0);
    for (const dir of jobs) {
      const name = dir.slice(SAMPLES.length + 1);
      const { run, trials } = await importJob("harbor", dir);
      const skippedNames = new Set(run.skipped.map((s) => s.trial));
      const resultFile = join(dir, "result.json");
      if (!existsSync(resultFile)) {
        // An interrupted job: no job-level counts exist, so every trial folder must be read or
        // skipped as interrupted (no result.json), none lost.
        const folders = readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
        const withResult = folders.filter((f) => existsSync(join(dir, f, "result.json")));
        expect(
          run.trials,
          `${name}: no job result.json; trials read = folders with a result.json`,
        ).toBe(withResult.length);
        for (const s of run.skipped)
          expect(s.reason, `${name}/${s.trial}: skipped as interrupted`).toMatch(/no result\.json/);
        expect(run.trials + run.skipped.length, `${name}: every trial folder accounted for`).toBe(
          folders.length,
        );
        report(name, run, "none (job interrupted before it wrote result.json)");
        continue;
      }
      const own = readJson(resultFile);
      const stats = own.stats ?? {};
      const total = stats.n_trials ?? stats.n_completed_trials ?? own.n_total_trials;
      const passedNames = new Set<string>();
      const exceptionNames = new Set<string>();
      for (const ev of Object.values<Record<string, Record<string, Record<string, string[]>>>>(
        stats.evals ?? {},
      )) {
        for (const byValue of Object.values(ev.reward_stats ?? {})) {
          for (const [value, names] of Object.entries(byValue))
            if (Number(value) > 0) for (const n of names) passedNames.add(n);
        }
        for (const names of Object.values(ev.exception_stats ?? {}) as unknown as string[][])
          for (const n of names) exceptionNames.add(n);
      }
      const nErrors = stats.n_errors ?? stats.n_errored_trials;
      expect(exceptionNames.size, `${name}: exception_stats lists as many trials as n_errors`).toBe(
        nErrors,
      );
      expect(
        run.trials + run.skipped.length,
        `${name}: trials read + skipped = the job's n_trials (${total})`,
      ).toBe(total);
      const readPasses = [...passedNames].filter((n) => !skippedNames.has(n)).length;
      expect(
        run.passes,
        `${name}: passes = trials with reward > 0 (${passedNames.size}) less skipped ones`,
      ).toBe(readPasses);
      // Harbor counts a trial with an exception as an error even when it still earned a reward;
      // fak calls such a trial passed, so errors are compared on the unpassed ones.
      const readErrors = [...exceptionNames].filter(
        (n) => !skippedNames.has(n) && !passedNames.has(n),
      ).length;
      expect(
        run.errors,
        `${name}: errors = n_errors (${nErrors}) less passed-with-exception and skipped`,
      ).toBe(readErrors);
      expect(run.failures, `${name}: failures = the rest`).toBe(
        run.trials - readPasses - readErrors,
      );
      for (const t of trials) {
        const want = passedNames.has(t.trial_id)
          ? "passed"
          : exceptionNames.has(t.trial_id)
            ? "errored"
            : "failed";
        expect(t.status, `${name}/${t.trial_id}: status agrees with result.json`).toBe(want);
      }
      report(name, run, `n_trials=${total} reward>0=${passedNames.size} n_errors=${nErrors}`);
    }
  });

  it("tb runs: counts and per-trial verdicts agree with the run's results.json", async () => {
    const runs = await findJobs("tb", join(SAMPLES, "tb"));
    expect(runs.length, "run folders found under samples/tb").toBeGreaterThan(0);
    for (const dir of runs) {
      const name = dir.slice(SAMPLES.length + 1);
      const { run, trials } = await importJob("tb", dir);
      const own = readJson(join(dir, "results.json"));
      const entries: {
        trial_name: string;
        task_id: string;
        is_resolved: boolean | null;
        failure_mode: string;
      }[] = own.results;
      const present = entries.filter((e) => existsSync(join(dir, e.task_id, e.trial_name)));
      const absent = entries.length - present.length;
      expect(
        run.trials + run.skipped.length,
        `${name}: trials read + skipped = results.json entries (${entries.length})`,
      ).toBe(entries.length);
      const missing = run.skipped.filter((s) => /trial folder is missing/.test(s.reason)).length;
      expect(missing, `${name}: entries without a folder are skipped as missing (${absent})`).toBe(
        absent,
      );
      const resolved = present.filter((e) => e.is_resolved === true).length;
      expect(
        run.passes,
        `${name}: passes = resolved entries that have a folder (run total n_resolved=${own.n_resolved})`,
      ).toBe(resolved);
      const failing = (e: (typeof entries)[number]) =>
        e.is_resolved !== true && !["unset", "none"].includes(e.failure_mode ?? "unset");
      expect(
        run.errors,
        `${name}: errors = unresolved entries with a failure_mode, among those read`,
      ).toBe(present.filter(failing).length);
      const byName = new Map(entries.map((e) => [e.trial_name, e]));
      for (const t of trials) {
        const e = byName.get(t.trial_id);
        const want = e?.is_resolved === true ? "passed" : e && failing(e) ? "errored" : "failed";
        expect(t.status, `${name}/${t.trial_id}: status agrees with results.json`).toBe(want);
      }
      report(
        name,
        run,
        `entries=${entries.length} n_resolved=${own.n_resolved} n_unresolved=${own.n_unresolved} folders=${present.length}`,
      );
    }
    console.log(`\ningest conformance\n${rows.join("\n")}`);
  });
});
