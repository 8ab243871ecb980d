import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { writeOutputFiles } from "../apps/replay/src/fixture-replay/outputs.js";
import { buildPlan } from "../apps/replay/src/plan/plan.js";
import { readRuns } from "../apps/replay/src/plan/read-runs.js";
import { tempDir } from "../apps/replay/src/test-support/harness-folders.js";

// `fak plan` on every real sample: each Harbor config it writes is accepted by Harbor 0.22.0's own
// JobConfig with --strict, selects exactly the tasks the plan sends there and keeps every other
// key of the original job's config; no held task is in any rerun; the README names each command.

// ../shared beside the repository, as the other conformance checks read it (FAK_SHARED overrides).
const SHARED = process.env.FAK_SHARED ?? fileURLToPath(new URL("../../shared", import.meta.url));
const SAMPLES = join(SHARED, "samples");
const TOOL = join(SHARED, "tools", "harbor-model.py");
const samples = (harness: string) =>
  readdirSync(join(SAMPLES, harness), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(SAMPLES, harness, e.name));
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const CHANGED = ["job_name", "datasets", "tasks", "extra_instruction_paths"];

describe("fak plan on the Harbor samples", () => {
  it.each(samples("harbor"))(
    "%s: configs Harbor accepts, selecting exactly the planned tasks",
    async (sample) => {
      const out = await tempDir("fak-plan-conf-");
      const { plan, files } = await buildPlan(await readRuns([sample]), { out, planId: "conf" });
      writeOutputFiles(out, files);
      expect(plan.items.length).toBeGreaterThan(0);
      expect(plan.harbor.configs.length).toBeGreaterThan(0);
      const check = spawnSync("python3", [TOOL, "--strict", "JobConfig", ...plan.harbor.configs], {
        encoding: "utf8",
      });
      expect(check.stderr).toBe("");
      expect(check.status).toBe(0);
      const held = new Set(plan.items.filter((i) => i.decision === "hold").map((i) => i.task));
      for (const file of plan.harbor.configs) {
        const config = readJson(file);
        const sent = plan.items.filter((i) => i.rerun === `harbor run -c ${file}`);
        const original = readJson(join(sent[0]?.job ?? "", "config.json"));
        const selected = config.datasets.flatMap((d: { task_names: string[] }) => d.task_names);
        expect(new Set(selected)).toEqual(new Set(sent.map((i) => i.task)));
        for (const t of selected) expect(held.has(t)).toBe(false);
        for (const key of Object.keys(original).filter((k) => !CHANGED.includes(k)))
          expect(config[key], key).toEqual(original[key]);
        const briefs = sent
          .filter((i) => i.decision === "retry")
          .map((i) => join(out, i.brief_file ?? ""));
        expect(config.extra_instruction_paths).toEqual([...new Set(briefs)]);
        expect(files["README.md"]).toContain(`harbor run -c ${file}`);
      }
      for (const r of plan.harbor.resume)
        expect(files["README.md"]).toContain(`harbor jobs resume -p ${r.job}`);
      for (const item of plan.items)
        if (item.decision === "retry" || item.decision === "rerun_unchanged")
          expect(item.rerun, item.trial_id).not.toBeNull();
    },
  );
});

describe("fak plan on the tb samples", () => {
  it.each(samples("tb"))("%s: -t selects only planned tasks, never a held one", async (sample) => {
    const out = await tempDir("fak-plan-conf-tb-");
    const { plan } = await buildPlan(await readRuns([sample]), { out, planId: "conf" });
    const planned = new Set(
      plan.items
        .filter((i) => i.decision === "retry" || i.decision === "rerun_unchanged")
        .map((i) => i.task),
    );
    const held = new Set(plan.items.filter((i) => i.decision === "hold").map((i) => i.task));
    const argvs = [...plan.tb.commands, ...plan.tb.incomplete.map((c) => c.argv)];
    expect(argvs.length).toBeGreaterThan(0);
    for (const argv of argvs) {
      const runId = argv[argv.indexOf("--run-id") + 1] ?? "";
      expect(runId.startsWith("fak-")).toBe(true);
      argv.forEach((a, i) => {
        if (a !== "-t") return;
        expect(planned.has(argv[i + 1] ?? "")).toBe(true);
        expect(held.has(argv[i + 1] ?? "")).toBe(false);
      });
    }
  });
});
