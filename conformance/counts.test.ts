import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runFak } from "../apps/cli/src/test-support/run-fak.js";

// The counts contract on every real sample, through the built `fak` as a user runs it: every
// trial the job lists or holds a folder for is in one class, listed = passed + failed + harness
// + incomplete, and --json, the human table, csv, jsonl, md, the HTML report's data and
// `fak compare` all show the same numbers. The listing is checked against the samples' own
// files read here directly.

// ../shared beside the repository; FAK_SHARED names it when the checkout lives elsewhere (a worktree).
const SHARED = process.env.FAK_SHARED ?? fileURLToPath(new URL("../../shared", import.meta.url));
const SAMPLES = join(SHARED, "samples");
const CLASSES = ["passed", "failed", "harness", "incomplete"] as const;
type Counts = Record<"listed" | (typeof CLASSES)[number], number>;

const temps: string[] = [];
afterAll(async () => {
  for (const d of temps) await rm(d, { recursive: true, force: true });
});
async function temp(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "fak-conformance-counts-"));
  temps.push(d);
  return d;
}

function tally(classes: readonly string[]): Counts {
  const c: Counts = { listed: 0, passed: 0, failed: 0, harness: 0, incomplete: 0 };
  for (const k of classes) {
    expect(CLASSES, `a row's class`).toContain(k);
    c.listed++;
    c[k as (typeof CLASSES)[number]]++;
  }
  return c;
}

const holds = (c: Counts) => c.passed + c.failed + c.harness + c.incomplete === c.listed;

/** RFC 4180 records: quoted fields may hold commas, quotes and line ends. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  return records;
}

const dirsIn = async (d: string) =>
  (await readdir(d, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);

/** Every sample named on the command line as a user would: each folder under samples/<harness>/. */
async function samples(): Promise<{ harness: "harbor" | "tb"; dir: string }[]> {
  const out: { harness: "harbor" | "tb"; dir: string }[] = [];
  for (const harness of ["harbor", "tb"] as const) {
    for (const name of await dirsIn(join(SAMPLES, harness)))
      out.push({ harness, dir: join(SAMPLES, harness, name) });
  }
  return out;
}

/** A job's listing read directly: trial names its own result file lists, and its trial folders. */
async function ownListing(harness: "harbor" | "tb", job: string): Promise<Set<string>> {
  const names = new Set<string>();
  if (harness === "harbor") {
    const file = join(job, "result.json");
    if (existsSync(file)) {
      const doc = JSON.parse(readFileSync(file, "utf8"));
      for (const ev of Object.values(doc.stats?.evals ?? {}) as {
        reward_stats?: Record<string, Record<string, string[]>>;
        exception_stats?: Record<string, string[]>;
      }[]) {
        for (const byValue of Object.values(ev.reward_stats ?? {}))
          for (const list of Object.values(byValue)) for (const n of list) names.add(n);
        for (const list of Object.values(ev.exception_stats ?? {}))
          for (const n of list) names.add(n);
      }
    }
    for (const d of await dirsIn(job)) names.add(d);
    return names;
  }
  const doc = JSON.parse(readFileSync(join(job, "results.json"), "utf8"));
  for (const r of doc.results as { trial_name: string }[]) names.add(r.trial_name);
  for (const task of await dirsIn(job))
    for (const d of await dirsIn(join(job, task))) if (/\.\d+-of-\d+/.test(d)) names.add(d);
  return names;
}

describe("the counts contract on every sample, in every view", async () => {
  const all = await samples();
  it("finds the samples", () => {
    expect(all.length, `samples under ${SAMPLES}`).toBeGreaterThanOrEqual(5);
  });

  for (const { harness, dir } of all) {
    it(`${harness}/${dir.split("/").pop()}`, async () => {
      const ingest = await runFak(["ingest", harness, dir, "--json"]);
      expect(ingest.status, ingest.stderr).toBe(0);
      const json = JSON.parse(ingest.stdout);
      const counts: Counts = json.counts;
      expect(
        holds(counts),
        `listed = passed + failed + harness + incomplete: ${JSON.stringify(counts)}`,
      ).toBe(true);
      // Each run its own, and together the whole input's.
      const sum: Counts = { listed: 0, passed: 0, failed: 0, harness: 0, incomplete: 0 };
      for (const run of json.runs) {
        expect(holds(run.counts), `${run.path}: counts hold`).toBe(true);
        for (const k of Object.keys(sum) as (keyof Counts)[]) sum[k] += run.counts[k];
        // Listing = the union of the names the job's own result file lists and its trial folders.
        const own = await ownListing(harness, run.path);
        expect(run.counts.listed, `${run.path}: listed = the job's names ∪ its folders`).toBe(
          own.size,
        );
        const rowsOfRun = json.trials.filter((t: { job_path: string }) => t.job_path === run.path);
        expect(tally(rowsOfRun.map((t: { counted_as: string }) => t.counted_as))).toEqual(
          run.counts,
        );
        // fak's one pass rate.
        const scored = run.counts.listed - run.counts.harness;
        expect(run.pass_rate).toBe(scored ? run.counts.passed / scored : null);
      }
      expect(sum).toEqual(counts);
      expect(tally(json.trials.map((t: { counted_as: string }) => t.counted_as))).toEqual(counts);

      const csv = await runFak(["ingest", harness, dir, "--format", "csv"]);
      const records = csvRecords(csv.stdout);
      const col = records[0]?.indexOf("counted_as") ?? -1;
      expect(col, "csv has a counted_as column").toBeGreaterThan(0);
      expect(tally(records.slice(1).map((r) => r[col] ?? ""))).toEqual(counts);

      const jsonl = await runFak(["ingest", harness, dir, "--format", "jsonl"]);
      const lines = jsonl.stdout.split("\n").filter((l) => l.trim());
      expect(tally(lines.map((l) => JSON.parse(l).counted_as))).toEqual(counts);

      const md = await runFak(["ingest", harness, dir, "--format", "md"]);
      const mdRows = md.stdout
        .split("\n")
        .filter((l) => l.startsWith("| "))
        .slice(1);
      expect(tally(mdRows.map((l) => /\| (\w+) \|$/.exec(l)?.[1] ?? ""))).toEqual(counts);

      const human = await runFak(["ingest", harness, dir]);
      const total = /total \(\d+ jobs?\) +(\d+) +(\d+) +(\d+) +(\d+) +(\d+) +(\d+)\/(\d+) = /.exec(
        human.stdout,
      );
      expect(total, "the human table's total line").not.toBeNull();
      const [listed, passed, failed, harnessErrors, incomplete, num, den] = (total ?? [])
        .slice(1)
        .map(Number);
      expect({ listed, passed, failed, harness: harnessErrors, incomplete }).toEqual(counts);
      expect([num, den]).toEqual([counts.passed, counts.listed - counts.harness]);

      const out = await temp();
      const report = await runFak(["report", dir, "--html", join(out, "r.html"), "--json"]);
      expect(report.status, report.stderr).toBe(0);
      expect(JSON.parse(report.stdout).runs[0].counts).toEqual(counts);
      const html = await readFile(join(out, "r.html"), "utf8");
      const data = JSON.parse(
        /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] ??
          "{}",
      );
      expect(data.runs[0].counts, "the HTML's embedded data").toEqual(counts);
      const results = [...html.matchAll(/<tr data-run="[^"]*" data-result="([^"]+)"/g)].map(
        (m) =>
          ({
            pass: "passed",
            fail: "failed",
            "harness-error": "harness",
            incomplete: "incomplete",
          })[m[1] as string] ?? "",
      );
      expect(tally(results), "the HTML's trial table").toEqual(counts);

      const cmp = await runFak(["compare", dir, dir, "--json"]);
      expect(cmp.status, cmp.stderr).toBe(0);
      expect(JSON.parse(cmp.stdout).a.counts, "fak compare").toEqual(counts);
      console.log(`${harness}/${dir.split("/").pop()}: ${JSON.stringify(counts)}`);
    });
  }

  it("the tb run whose results.json lists 80 trials and holds 24 folders: 80 listed, tb's 11 resolved", async () => {
    const dir = join(SAMPLES, "tb", "mini-swe-agent-claude-sonnet-4");
    const own = JSON.parse(readFileSync(join(dir, "results.json"), "utf8"));
    const json = JSON.parse((await runFak(["ingest", "tb", dir, "--json"])).stdout);
    expect(json.counts.listed).toBe(own.results.length);
    expect(json.counts.passed).toBe(own.n_resolved);
    expect(json.counts.incomplete).toBe(0);
  });

  it("deleting a failed trial's result.json in a copy of a real Harbor job leaves listed, passed and the pass rate", async () => {
    const job = join(await temp(), "job");
    await cp(join(SAMPLES, "harbor", "ktb-claude-opus-2026-04-02__10-13-49"), job, {
      recursive: true,
    });
    const before = JSON.parse((await runFak(["ingest", "harbor", job, "--json"])).stdout);
    const failed = before.trials.find(
      (t: { counted_as: string; verdict_from: string }) =>
        t.counted_as === "failed" && t.verdict_from === "trial_files",
    );
    expect(failed, "a failed trial read from its folder").toBeDefined();
    await rm(join(failed.path, "result.json"));
    const after = JSON.parse((await runFak(["ingest", "harbor", job, "--json"])).stdout);
    expect(after.counts.listed).toBe(before.counts.listed);
    expect(after.counts.passed).toBe(before.counts.passed);
    expect(after.runs[0].pass_rate).toBeLessThanOrEqual(before.runs[0].pass_rate);
    const row = after.trials.find((t: { trial_id: string }) => t.trial_id === failed.trial_id);
    expect(row?.counted_as).toBe("failed");
  });
});
