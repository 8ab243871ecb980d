import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { agentTrials } from "../apps/replay/src/importers/ingest.js";
import { runPipeline } from "../apps/replay/src/pipeline/pipeline.js";
import { trialFromIngested } from "../apps/replay/src/pipeline/trial.js";
import { planOutcome } from "../apps/replay/src/plan/outcome.js";
import { buildPlan } from "../apps/replay/src/plan/plan.js";
import { readRuns } from "../apps/replay/src/plan/read-runs.js";
import { planRecoveries } from "../apps/replay/src/plan/recoveries.js";
import { loadRun } from "../apps/replay/src/reports/load.js";
import { tempDir } from "../apps/replay/src/test-support/harness-folders.js";
import { openStore } from "../packages/memory/src/store.js";

// `fak compare ORIGINAL RERUN --plan plan.json [--record DB]` on two real runs of the same tasks:
// the plan made from the first run, the second run read as its rerun. Every figure below was
// checked by hand against the harnesses' own result files (tb's results.json `is_resolved` and
// `failure_mode`, Harbor's trial result.json reward and exception), as the tb test recomputes.

const SHARED = process.env.FAK_SHARED ?? fileURLToPath(new URL("../../shared", import.meta.url));
const SAMPLES = join(SHARED, "samples");

/** The original run's deaths in a fresh memory (as `fak ingest --record`), its plan citing them. */
async function planned(original: string) {
  const dir = await tempDir("fak-plan-outcome-");
  const store = await openStore({ url: `file:${join(dir, "memory.db")}` });
  const runs = await readRuns([original]);
  const trials = agentTrials([...runs.harbor.trials, ...runs.tb.trials]).map(trialFromIngested);
  const recorded = (await runPipeline(trials, { store, record: true })).recorded ?? [];
  const { plan } = await buildPlan(runs, { out: join(dir, "plan"), store, planId: "conf" });
  return { store, plan, recorded };
}

describe("plan_outcome on tb: droid's plan, mini-swe-agent's run of the same terminal-bench-core tasks", () => {
  const A = join(SAMPLES, "tb", "droid-claude-sonnet-4");
  const B = join(SAMPLES, "tb", "mini-swe-agent-claude-sonnet-4");

  it("counts retried tasks, passes gained and lost, blocks; --record lands and prior art shows it", async () => {
    const { store, plan, recorded } = await planned(A);
    const original = await loadRun(A);
    const rerun = await loadRun(B);
    const o = planOutcome(plan, original, rerun);
    expect(o.evidence).toBe("real");
    expect(
      o.groups.map((g) => [g.decision, g.action, g.tasks, g.tasks_retried, g.passes_gained]),
    ).toEqual([
      ["retry", "EVIDENCE_GUIDED_RETRY", 12, 12, 2],
      ["retry", "REREAD_TEST_ORACLE", 25, 20, 2],
    ]);
    expect(o.groups.flatMap((g) => g.gained).sort()).toEqual([
      "cartpole-rl-training",
      "openssl-selfsigned-cert",
      "sanitize-git-repo",
      "sanitize-git-repo.hard",
    ]);
    // 37 tasks planned; the 5 the rerun ended in a tb parse_error (a harness error) are not scored.
    expect(o.totals).toEqual({
      tasks_retried: 32,
      passes_gained: 4,
      passes_lost: 0,
      unnecessary_blocks: { before: 0, after: 0 },
    });
    expect(o.accepted).toBe(true);
    expect(o.held_but_rerun).toEqual([]);

    // The same, from tb's own files: the planned tasks mini-swe-agent resolved.
    const resolved = (run: string) =>
      new Set(
        JSON.parse(readFileSync(join(run, "results.json"), "utf8"))
          .results.filter((r: { is_resolved: boolean | null }) => r.is_resolved === true)
          .map((r: { task_id: string }) => r.task_id),
      );
    const planTasks = [...new Set(plan.items.map((i) => i.task))];
    expect(planTasks.filter((t) => resolved(B).has(t)).sort()).toEqual(
      o.groups.flatMap((g) => g.gained).sort(),
    );
    expect(planTasks.filter((t) => resolved(A).has(t))).toEqual([]);

    // Which memory rows were in the briefs of the tasks that now pass: rows the first run left.
    const ids = new Set(recorded.map((r) => r.id));
    for (const m of o.memories_in_passes)
      for (const id of m.memories) expect(ids.has(id)).toBe(true);

    // --record: one recovery per planned death the rerun scored, each linked to its death row.
    const recs = planRecoveries(plan, original, rerun);
    expect(recs.recoveries).toHaveLength(32);
    expect(recs.unrecorded.map((u) => u.task).sort()).toEqual([
      "download-youtube",
      "fix-git",
      "pytorch-model-cli.hard",
      "raman-fitting",
      "raman-fitting.easy",
    ]);
    const first = await store.recordRecoveries(recs.recoveries);
    expect(first.every((r) => r.status === "added" && r.death_id !== null)).toBe(true);
    const byTrial = new Map(recorded.map((r) => [r.session, r.id]));
    for (const [i, item] of recs.items.entries())
      expect(first[i]?.death_id).toBe(byTrial.get(item.trial_id));
    expect(
      recs.recoveries
        .filter((r) => r.outcome === "passed")
        .map((r) => r.task)
        .sort(),
    ).toEqual(o.groups.flatMap((g) => g.gained).sort());
    // Recording the same comparison again adds nothing.
    const again = await store.recordRecoveries(recs.recoveries);
    expect(again.map((r) => [r.id, r.status])).toEqual(first.map((r) => [r.id, "already_present"]));

    const job = "2025-08-07__20-46-16"; // mini-swe-agent's run_id
    const worked = await store.priorArt(
      "openssl-selfsigned-cert: a self-signed TLS certificate for an internal development server",
      { maxTokens: 600 },
    );
    expect(worked.text).toContain(`[recovered by REREAD_TEST_ORACLE in ${job}]`);
    const failed = await store.priorArt("build-tcc-qemu: build tcc and run it in qemu", {
      maxTokens: 600,
    });
    const line = failed.text.split("\n").find((l) => l.includes("build-tcc-qemu")) ?? "";
    expect(line).toMatch(/failed again: [A-Z_]+(, \d+ deaths)?; not a fix\]/);
    expect(line).not.toContain("recovered by");
    store.close();
  });
});

describe("plan_outcome on Harbor: the ktb-claude-opus jobs' plans, terminus2-gpt-oss-120b's jobs", () => {
  const T2 = join(SAMPLES, "harbor", "terminus2-gpt-oss-120b");

  it("10-13-49's harness-failed winning-avg-corewars, rerun unchanged, passed; recorded unlinked", async () => {
    const A = join(SAMPLES, "harbor", "ktb-claude-opus-2026-04-02__10-13-49");
    const { store, plan } = await planned(A);
    const o = planOutcome(plan, await loadRun(A), await loadRun(T2));
    const unchanged = o.groups.find((g) => g.decision === "rerun_unchanged");
    // The original trial ended in a RuntimeError; terminus2's trial of the task has reward 1.0.
    expect(unchanged).toMatchObject({
      tasks: 3,
      tasks_retried: 1,
      passes_gained: 1,
      passes_lost: 0,
    });
    expect(unchanged?.gained).toEqual(["winning-avg-corewars"]);
    expect(o.totals).toEqual({
      tasks_retried: 1,
      passes_gained: 1,
      passes_lost: 0,
      unnecessary_blocks: { before: 0, after: 0 },
    });
    expect(o.accepted).toBe(true);
    const recs = planRecoveries(plan, await loadRun(A), await loadRun(T2));
    expect(recs.recoveries).toEqual([
      expect.objectContaining({
        death: {
          harness: "harbor",
          job: "2026-04-02__10-13-49",
          trial: "winning-avg-corewars__bwKCgkt",
          attempt: 1,
        },
        decision: "rerun_unchanged",
        action: "NONE",
        brief_sha256: null,
        rerun: {
          harness: "harbor",
          job: "2026-04-02__00-11-27",
          trials: ["winning-avg-corewars__8uBSAJS"],
        },
        outcome: "passed",
      }),
    ]);
    // A harness error is no dead branch: `fak ingest --record` keeps only the agent's trials, so
    // this recovery is stored unlinked (death_id null) and no prior art cites it.
    const [r] = await store.recordRecoveries(recs.recoveries);
    expect(r).toMatchObject({ status: "added", death_id: null });
    const art = await store.priorArt("winning-avg-corewars: a corewars warrior", {
      maxTokens: 600,
    });
    expect(art.text).not.toContain("recovered by");
    store.close();
  });

  it("02-07-04: the tasks it shares with terminus2 all passed, so its plan claims nothing", async () => {
    const A = join(SAMPLES, "harbor", "ktb-claude-opus-2026-04-02__02-07-04");
    const { store, plan } = await planned(A);
    // code-from-image, fix-git and headless-terminal passed (reward 1.0): not in the plan.
    expect(plan.items.map((i) => i.task)).toEqual(["count-dataset-tokens"]);
    const o = planOutcome(plan, await loadRun(A), await loadRun(T2));
    expect(o.totals.tasks_retried).toBe(0);
    expect(o.groups[0]?.not_rerun).toEqual(["count-dataset-tokens"]);
    expect(o.accepted).toBeNull();
    const recs = planRecoveries(plan, await loadRun(A), await loadRun(T2));
    expect(recs.recoveries).toEqual([]);
    expect(await store.recordRecoveries(recs.recoveries)).toEqual([]);
    store.close();
  });
});
