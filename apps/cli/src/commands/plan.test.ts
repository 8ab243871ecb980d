import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const A = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));
const B = fileURLToPath(new URL("../../../replay/examples/harbor-job-b", import.meta.url));

let dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "fak-plan-cli-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe("fak plan", () => {
  it("--json prints the plan it writes to --out, with its README", async () => {
    const cwd = temp();
    const out = join(cwd, "plan");
    const r = await runFak(["plan", A, "--out", out, "--json"], { cwd });
    expect(r.status, r.stderr).toBe(0);
    const { planSchema } = await import("@fak/replay");
    const plan = planSchema.parse(JSON.parse(r.stdout));
    expect(JSON.parse(readFileSync(join(out, "plan.json"), "utf8"))).toEqual(plan);
    expect(plan.items.map((i) => [i.task, i.decision])).toEqual([
      ["log-parse", "retry"],
      ["pdf-render", "retry"],
      ["summarize-docs", "rerun_unchanged"],
      ["train-model", "retry"],
    ]);
    expect(plan.harbor.resume).toEqual([{ job: A, filter_error_types: ["RuntimeError"] }]);
    expect(plan.harbor.configs.map((c) => c.slice(out.length + 1))).toEqual(
      ["log-parse", "pdf-render", "train-model"].map((t) =>
        expect.stringMatching(new RegExp(`^harbor-fak-retry__${t}__.*\\.json$`)),
      ),
    );
    expect(plan.harbor.notes).toEqual([]);
    const config = JSON.parse(readFileSync(plan.harbor.configs[0] ?? "", "utf8"));
    expect(config.datasets).toEqual([
      { name: "example-bench", version: "1.0", task_names: ["log-parse"], n_tasks: null },
    ]);
    expect(readFileSync(join(out, "README.md"), "utf8")).toContain(
      `harbor jobs resume -p ${A} -f RuntimeError`,
    );
  });

  it("prints a table for people and cites the memory's prior art with --db", async () => {
    const cwd = temp();
    const db = `file:${join(cwd, "m.db")}`;
    const rec = await runFak(
      [
        "memory",
        "record",
        "--json",
        "--db",
        db,
        "--session",
        "s",
        "--task",
        "log-parse",
        "--approach",
        "grep the log for ERROR lines",
        "--death-reason",
        "verifier: test_counts missed multi-line entries",
      ],
      { cwd },
    );
    expect(rec.status, rec.stderr).toBe(0);
    const id = JSON.parse(rec.stdout).id as number;
    const out = join(cwd, "plan");
    const r = await runFak(["plan", A, "--out", out, "--db", db], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/log-parse +log-parse__Qc3 +retry +REREAD_TEST_ORACLE +failure:\d+/);
    expect(r.stdout).toContain(`what to run: ${join(out, "README.md")}`);
    const plan = JSON.parse(readFileSync(join(out, "plan.json"), "utf8"));
    const item = plan.items.find((i: { task: string }) => i.task === "log-parse");
    expect(item.memories_injected).toContain(id);
    expect(item.brief).toContain(`failure:${id}`);
  });

  it("refuses a folder that holds no run: exit 2, nothing written", async () => {
    const cwd = temp();
    const out = join(cwd, "plan");
    const r = await runFak(["plan", cwd, "--out", out], { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^fak: .*not a Harbor job, tb run or folder holding them/);
    expect(existsSync(out)).toBe(false);
  });
});

describe("fak compare --plan", () => {
  it("adds plan_outcome: per decision and action, gained, lost and blocks", async () => {
    const cwd = temp();
    const out = join(cwd, "plan");
    expect((await runFak(["plan", A, "--out", out], { cwd })).status).toBe(0);
    const r = await runFak(["compare", A, B, "--plan", join(out, "plan.json"), "--json"], { cwd });
    expect(r.status, r.stderr).toBe(0);
    const { planOutcomeSchema } = await import("@fak/replay");
    const outcome = planOutcomeSchema.parse(JSON.parse(r.stdout).plan_outcome);
    expect(outcome.evidence).toBe("real");
    expect(outcome.totals).toMatchObject({ tasks_retried: 3, passes_gained: 2, passes_lost: 0 });
    expect(outcome.accepted).toBe(true);
    const text = await runFak(["compare", A, B, "--plan", join(out, "plan.json")], { cwd });
    expect(text.stdout).toContain("## Plan outcome");
    expect(text.stdout).toMatch(/retry +REREAD_TEST_ORACLE +1 +1 +1 +0 +0 -> 0/);
  });

  it("refuses a --plan file that is not a plan: exit 2", async () => {
    const cwd = temp();
    const r = await runFak(["compare", A, B, "--plan", join(cwd, "none.json")], { cwd });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("none.json");
  });
});
