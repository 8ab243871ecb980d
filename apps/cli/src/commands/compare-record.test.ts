import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

// The loop's last step, end to end through the CLI: ingest the original run into a memory, plan
// its reruns citing that memory, compare the rerun with --plan --record, and read prior art.

const EXAMPLES = fileURLToPath(new URL("../../../replay/examples/", import.meta.url));
const A = join(EXAMPLES, "harbor-job");
const B = join(EXAMPLES, "harbor-job-b");
const SUITE = join(EXAMPLES, "suites", "demo.json");

let dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "fak-compare-record-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe("fak compare --plan --record", () => {
  it("records each planned death's rerun once, linked to the death; prior art then says what worked", async () => {
    const cwd = temp();
    const db = `file:${join(cwd, "memory.db")}`;
    const plan = join(cwd, "plan", "plan.json");
    const ingest = await runFak(["ingest", "harbor", A, "--record", "--db", db, "--json"], { cwd });
    expect(ingest.status, ingest.stderr).toBe(0);
    const planned = await runFak(["plan", A, "--db", db, "--out", join(cwd, "plan")], { cwd });
    expect(planned.status, planned.stderr).toBe(0);
    expect(readFileSync(join(cwd, "plan", "README.md"), "utf8")).toContain(
      "Add `--record DB` (the failure memory the deaths were recorded in)",
    );

    const args = ["compare", A, B, "--plan", plan, "--record", db, "--json"];
    const first = await runFak(args, { cwd });
    expect(first.status, first.stderr).toBe(0);
    const out = JSON.parse(first.stdout);
    // The comparison's own keys are all still there, beside the new one.
    expect(Object.keys(out)).toEqual(expect.arrayContaining(["tasks", "plan_outcome"]));
    const recorded = out.plan_recorded;
    expect(
      recorded.recoveries.map((r: Record<string, unknown>) => [
        r.task,
        r.action,
        r.outcome,
        r.category,
        r.status,
      ]),
    ).toEqual([
      ["log-parse", "REREAD_TEST_ORACLE", "passed", null, "added"],
      ["pdf-render", "RETRY_PACKAGE_INSTALL", "failed_again", "PKG_INSTALL", "added"],
      ["train-model", "EVIDENCE_GUIDED_RETRY", "passed", null, "added"],
    ]);
    // Each recovery names the death ingest recorded for its trial.
    const deaths = new Map<string, number>(
      JSON.parse(ingest.stdout).recorded.map((d: { session: string; id: number }) => [
        d.session,
        d.id,
      ]),
    );
    for (const r of recorded.recoveries) expect(r.death_id).toBe(deaths.get(r.trial_id));
    expect(recorded.unrecorded).toEqual([
      {
        trial_id: "summarize-docs__Se5",
        task: "summarize-docs",
        reason: "the rerun gave its task no verdict (not run, or only harness errors)",
      },
    ]);
    expect([recorded.added, recorded.already_present]).toEqual([3, 0]);

    // The same comparison again adds nothing.
    const again = JSON.parse((await runFak(args, { cwd })).stdout).plan_recorded;
    expect([again.added, again.already_present]).toEqual([0, 3]);
    expect(again.recoveries.map((r: { id: number }) => r.id)).toEqual(
      recorded.recoveries.map((r: { id: number }) => r.id),
    );

    const worked = await runFak(["memory", "prior-art", "log-parse", "--db", db], { cwd });
    expect(worked.stdout).toMatch(
      /failure:\d+ \[refuted by real checks\] \(real: harbor example-harbor-job\/log-parse__Qc3\) \[recovered by REREAD_TEST_ORACLE in example-harbor-job-b\]/,
    );
    const failed = await runFak(["memory", "prior-art", "pdf-render", "--db", db], { cwd });
    expect(failed.stdout).toContain(
      "[RETRY_PACKAGE_INSTALL in example-harbor-job-b failed again: PKG_INSTALL; not a fix]",
    );
    expect(failed.stdout).not.toContain("recovered by RETRY_PACKAGE_INSTALL");

    const text = await runFak(args.slice(0, -1), { cwd });
    expect(text.stdout).toContain(
      "recorded 3 recoveries (2 passed, 1 failed again): 0 added, 3 already there; 3 linked to a death in the memory",
    );
  });

  it("refuses a fixture replay on either side with exit 2, and never opens the memory", async () => {
    const cwd = temp();
    const rep = join(cwd, "rep");
    expect((await runFak(["replay", SUITE, "--out", rep], { cwd })).status).toBe(0);
    expect((await runFak(["plan", A, "--out", join(cwd, "plan")], { cwd })).status).toBe(0);
    const dbFile = join(cwd, "never.db");
    for (const [a, b] of [
      [`${rep}/report.json#raw`, `${rep}/report.json#fak`],
      [A, `${rep}/report.json#fak`],
    ]) {
      const r = await runFak(
        ["compare", a ?? "", b ?? "", "--plan", join(cwd, "plan", "plan.json")].concat([
          "--record",
          `file:${dbFile}`,
        ]),
        { cwd },
      );
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/is a fixture replay; a simulation claims no result/);
      expect(existsSync(dbFile)).toBe(false);
    }
  });

  it("--record without --plan is a usage error", async () => {
    const cwd = temp();
    const r = await runFak(["compare", A, B, "--record", `file:${join(cwd, "m.db")}`], { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--record needs --plan");
    expect(existsSync(join(cwd, "m.db"))).toBe(false);
  });
});
