import { rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { FailureSignalsInput } from "@fak/taxonomy";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestedTrial } from "../importers/ingest-types.js";
import { emptyCounts } from "../importers/run-counts.js";
import { tempDir, writeJson } from "../test-support/harness-folders.js";
import { buildPlan } from "./plan.js";

// The safety invariant of a plan, over generated runs: a held task (any trial of it a correct
// refusal) appears in no rerun, no brief and no resume line, in either harness.

const TASKS = ["a", "b", "c", "d"];
const EXCEPTIONS = ["CancelledError", "ApiRateLimitError", "RuntimeError", "AgentTimeoutError"];

const event = (commands: string[]) =>
  fc.record({ command: fc.constantFrom(...commands), verdict: fc.constant("DENY" as const) });

const signalsArb = (task: string): fc.Arbitrary<FailureSignalsInput> =>
  fc.record({
    task_id: fc.constant(task),
    tests: fc.array(fc.record({ name: fc.constantFrom("t1", "t2"), passed: fc.boolean() }), {
      maxLength: 2,
    }),
    arm: fc.record({
      task_success: fc.constantFrom(false, false, true),
      blocked_dangerous_actions: fc.oneof(
        fc.constant<{ command: string; verdict: "DENY" }[]>([]),
        fc.array(event(["rm -rf /", "curl x | sh"]), { minLength: 1, maxLength: 1 }),
      ),
      unnecessary_blocks: fc.array(event(["ls", "git diff"]), { maxLength: 1 }),
    }),
    outcomes: fc.array(
      fc.record({
        command: fc.constantFrom("pip install qqq", "make", "./go.sh"),
        exit_code: fc.constantFrom(0, 1, 2, 127),
        stderr: fc.constantFrom(
          "",
          "ERROR: No matching distribution found for qqq\n",
          "bash: ./go.sh: No such file or directory\n",
          "make: *** [Makefile:3: all] Error 2\n",
        ),
      }),
      { maxLength: 2 },
    ),
  });

const trialSpec = fc
  .record({
    task: fc.constantFrom(...TASKS),
    harness: fc.constantFrom("harbor" as const, "tb" as const),
    status: fc.constantFrom("passed" as const, "failed" as const, "errored" as const),
    harnessError: fc.constantFrom(false, false, true),
    exception: fc.option(fc.constantFrom(...EXCEPTIONS), { nil: undefined }),
  })
  .chain((s) => signalsArb(s.task).map((signals) => ({ ...s, signals })));

let root = "";
let harborJob = "";
let tbRun = "";
beforeAll(async () => {
  root = await tempDir("fak-plan-safety-");
  harborJob = join(root, "job");
  tbRun = join(root, "runs", "run-1");
  await mkdir(harborJob, { recursive: true });
  await mkdir(tbRun, { recursive: true });
  await writeJson(join(harborJob, "config.json"), {
    job_name: "job",
    agents: [{ name: "claude-code" }],
    datasets: [{ name: "bench", version: "1.0", task_names: ["*"] }],
  });
  await writeJson(join(tbRun, "run_metadata.json"), {
    run_id: "run-1",
    agent_name: "claude-code",
    dataset_name: "bench",
    dataset_version: "1.0",
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a plan's safety invariant", () => {
  it("never reruns, briefs or resumes a held task", async () => {
    const seen = { held: 0, heldBesideRerun: 0, resumed: 0, harborConfigs: 0, tbCommands: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(trialSpec, { minLength: 1, maxLength: 10 }), async (specs) => {
        const trials: IngestedTrial[] = specs.map((s, i) => {
          const trial_id =
            s.harness === "harbor" ? `${s.task}__t${i}` : `${s.task}.${i}-of-9.run-1`;
          const path =
            s.harness === "harbor" ? join(harborJob, trial_id) : join(tbRun, s.task, trial_id);
          const t: IngestedTrial = {
            harness: s.harness,
            job: s.harness === "harbor" ? "job" : "run-1",
            trial_id,
            task: s.task,
            status: s.status,
            signals: s.signals as IngestedTrial["signals"],
            meta: {},
            path,
            attempt: i + 1,
          };
          if (s.exception) {
            t.harness_cause = {
              category: "UNKNOWN",
              reason: `UNKNOWN:harness_error:${s.exception}`,
              name: s.exception,
              attribution: s.harnessError ? "harness" : "agent",
              agent_fault: !s.harnessError,
            } as IngestedTrial["harness_cause"] & object;
          }
          if (s.harnessError && s.status !== "passed") t.harness_error = true;
          return t;
        });
        const empty = { runs: [], counts: emptyCounts(), skipped: [], harness_errors: [] };
        const { plan, files } = await buildPlan(
          {
            harbor: { ...empty, trials: trials.filter((t) => t.harness === "harbor") },
            tb: { ...empty, trials: trials.filter((t) => t.harness === "tb") },
          },
          { out: join(root, "plan"), planId: "p" },
        );
        const held = new Set(plan.items.filter((i) => i.decision === "hold").map((i) => i.task));
        if (held.size > 0) seen.held++;
        if (held.size > 0 && plan.items.some((i) => i.rerun !== null)) seen.heldBesideRerun++;
        if (plan.harbor.resume.length > 0) seen.resumed++;
        if (plan.harbor.configs.length > 0) seen.harborConfigs++;
        if (plan.tb.commands.length > 0) seen.tbCommands++;
        for (const item of plan.items) {
          if (held.has(item.task)) {
            expect(item.decision).toBe("hold");
            expect(item.brief).toBeNull();
            expect(item.brief_file).toBeNull();
            expect(item.rerun).toBeNull();
            expect(item.memories_injected).toEqual([]);
          }
          if (item.decision !== "retry") expect(item.brief).toBeNull();
        }
        for (const [name, text] of Object.entries(files)) {
          if (!name.startsWith("harbor-")) continue;
          const config = JSON.parse(text) as { datasets: { task_names: string[] }[] };
          for (const d of config.datasets)
            for (const t of d.task_names) expect(held.has(t)).toBe(false);
        }
        for (const argv of [...plan.tb.commands, ...plan.tb.incomplete.map((c) => c.argv)]) {
          argv.forEach((a, i) => {
            if (a === "-t") expect(held.has(argv[i + 1] ?? "")).toBe(false);
          });
        }
        for (const r of plan.harbor.resume) {
          for (const t of trials) {
            if (t.harness !== "harbor" || !t.harness_cause) continue;
            if (r.filter_error_types.includes(t.harness_cause.name)) {
              expect(held.has(t.task)).toBe(false);
              // Resume reruns every trial of the type: each must be a harness-caused one.
              expect(t.harness_error).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
    // The generator reaches every case the invariant is about.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(5);
  });
});
