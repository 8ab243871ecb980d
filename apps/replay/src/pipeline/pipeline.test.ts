import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "@fak/memory";
import { afterAll, describe, expect, it } from "vitest";
import { replaySuite, replayTrials } from "../fixture-replay/replay.js";
import { causeFromHarness } from "../importers/harness-causes.js";
import { classifyTrials, runPipeline } from "./pipeline.js";
import { trialFromIngested } from "./trial.js";

const demo = join(import.meta.dirname, "..", "..", "examples", "suites", "demo.json");
const trials = replayTrials(replaySuite(demo).report);
const store = await openStore({
  url: `file:${join(mkdtempSync(join(tmpdir(), "fak-mem-")), "m.db")}`,
});
afterAll(() => store.close());

describe("runPipeline without a store", () => {
  it("classifies, rolls up and directs, and records nothing", async () => {
    const out = await runPipeline(trials);
    expect(out.taxonomy.failure_count).toBe(4);
    expect(out.directives).toHaveLength(4);
    expect(out.recorded).toBeUndefined();
    expect(out.prior_art).toBeUndefined();
  });

  it("classifies a failed trial by its harness cause, and writes it as untested", async () => {
    const cause = causeFromHarness("BadRequestError", "Error code: 402 - requires more credits");
    const trial = trialFromIngested({
      harness: "harbor",
      job: "j",
      trial_id: "fix-git__a1",
      task: "fix-git",
      agent: "terminus-2",
      model: "gpt-oss-120b",
      status: "errored",
      signals: {
        task_id: "fix-git",
        required_milestones: [],
        completed_milestones: [],
        tests: [],
        outcomes: [],
      },
      harness_cause: cause,
      harness_error: true,
      meta: {},
    });
    expect(trial.meta).toMatchObject({
      agent: "terminus-2",
      task: "fix-git",
      trial_id: "fix-git__a1",
    });
    const { taxonomy } = classifyTrials([trial]);
    expect(taxonomy.classifications[0]?.reason).toBe(cause.reason);
    const out = await runPipeline([trial], { store, record: true });
    expect(out.recorded?.[0]).toMatchObject({
      layer: "budget",
      session: "fix-git__a1",
      provenance: "real",
      source: { harness: "harbor", job: "j", trial: "fix-git__a1", attempt: 1 },
    });
  });

  it("takes another classifier", () => {
    const out = classifyTrials([{ signals: { task_id: "x" } }], {
      classifier: (t) => ({
        task_id: t.signals.task_id,
        failed: true,
        category: "UNKNOWN",
        reason: "UNKNOWN:harness_error:BadRequestError",
        detail: "",
        evidence: [],
        recovery: "NONE",
        retryable: false,
        safety_hold: false,
      }),
    });
    expect(out.taxonomy.category_counts).toEqual({ UNKNOWN: 1 });
  });
});

describe("runPipeline with a file store", () => {
  it("records each failed trial's death under the right layer", async () => {
    const out = await runPipeline(trials, { store, record: true, session: "demo-1" });
    const layers = Object.fromEntries(out.recorded?.map((r) => [r.task_id, r.layer]) ?? []);
    expect(layers).toEqual({
      "publish-pagination-hotfix": "adversary",
      "rebuild-stale-docs": "divergence",
      "serve-health-endpoint": "budget",
      "summarize-sales-by-region": "verifier",
    });
    const hold = out.recorded?.[0];
    expect(hold?.approach).toBe(
      "fixture-replay/fixture/recorded-agent: last step `git push --force …` (POLICY_BLOCK)",
    );
    expect(hold?.death_reason).toContain("`git push --force origin HEAD:main`");
    // The fixture's evidence class reaches the row: simulated, from the suite's benchmark.
    expect(hold).toMatchObject({
      provenance: "simulated",
      source: { harness: "fixture", trial: "fixture:publish-pagination-hotfix", attempt: 1 },
    });
    expect(out.recorded?.every((r) => r.session === "demo-1" && r.occurrence_of === null)).toBe(
      true,
    );
  });

  it("gives every failed task the prior art a next run would see, citing the rows; a passed one none", async () => {
    const out = await runPipeline(trials, { store });
    const failed = classifyTrials(trials)
      .items.filter((i) => i.classification.failed)
      .map((i) => i.signals.task_id);
    expect(failed.length).toBeLessThan(trials.length);
    expect(out.prior_art?.map((p) => p.task.split(":")[0])).toEqual(failed);
    const budget = out.prior_art?.find((p) => p.task.startsWith("serve-health-endpoint"));
    expect(budget?.ids.length).toBeGreaterThan(0);
    for (const id of budget?.ids ?? []) expect(budget?.text).toContain(`failure:${id}`);
  });

  it("keeps what the task asks in the row's task text, so a next run finds it by its words", async () => {
    const trial = trialFromIngested({
      harness: "tb",
      job: "run-1",
      trial_id: "rbt.1-of-1.run-1",
      task: "rbt",
      status: "failed",
      signals: {
        task_id: "rbt",
        required_milestones: [],
        completed_milestones: [],
        tests: [],
        outcomes: [],
        trial: {
          harness: "tb",
          passed: false,
          verifier: {
            ran: true,
            failure: [{ file: "sessions/tests.log", line: 9, text: "assert tree.is_balanced()" }],
            tests_failed: 1,
          },
          screens: [],
        },
      },
      meta: { instruction: "Implement a red-black tree in /app/rbt.py with insert and delete." },
    });
    const out = await runPipeline([trial], { store, record: true });
    expect(out.recorded?.[0]?.task).toBe(
      "rbt: Implement a red-black tree in /app/rbt.py with insert and delete.",
    );
    const art = await store.priorArt("red black tree");
    expect(art.ids).toContain(out.recorded?.[0]?.id);
  });

  it("records the same trial once, and another attempt that dies the same way as an occurrence", async () => {
    const first = await runPipeline(trials.slice(0, 1), { store, record: true, session: "a" });
    const again = await runPipeline(trials.slice(0, 1), { store, record: true, session: "b" });
    const row = first.recorded?.[0];
    expect(again.recorded?.[0]).toMatchObject({ id: row?.id, status: "already_present" });
    const retried = await runPipeline(trials.slice(0, 1), { store, record: true, attempt: 2 });
    expect(retried.recorded?.[0]).toMatchObject({
      status: "added",
      occurrence_of: row?.occurrence_of ?? row?.id,
      source: { harness: "fixture", trial: "fixture:publish-pagination-hotfix", attempt: 2 },
    });
  });
});
