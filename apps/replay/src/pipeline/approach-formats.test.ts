import { rm } from "node:fs/promises";
import { join } from "node:path";
import { classify } from "@fak/taxonomy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ingest } from "../importers/ingest.js";
import type { IngestedTrial } from "../importers/ingest-types.js";
import {
  type FakeCommand,
  tempDir,
  writeHarborJob,
  writeTbRun,
} from "../test-support/harness-folders.js";
import { deathRowFor } from "./death-row.js";
import { trialFromIngested } from "./trial.js";

// Every agent format the importers read, written in its real shape with invented words: the
// recorded approach is the agent's stated plan, else its deciding step without shell noise.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const PLAN = "Build the wheel locally, then serve it from a static http.server on port 8080";
const commands: FakeCommand[] = [
  {
    command: "ls -la /app\n",
    said: "Analysis: An empty /app.\nPlan: Look around the folder first.",
  },
  {
    command: "true\ncd pkg && python -m build 2>&1 | tail -5\n",
    said: `Analysis: Nothing is built yet.\nPlan: ${PLAN}.`,
    exit: 1,
    output: "error: no module named build",
  },
];

function approachOf(trial: IngestedTrial | undefined): string | undefined {
  if (!trial) return undefined;
  const t = trialFromIngested(trial);
  const row = deathRowFor(classify(trial.signals), trial.signals, t.meta ?? {}, "s");
  return row?.approach;
}

async function harborApproach(as: "trajectory" | "episodes" | "command-dirs", said = true) {
  const cmds = said ? commands : commands.map(({ said: _, ...c }) => c);
  const job = await writeHarborJob(join(root, `job-${as}`), {
    trials: [{ name: "serve-pkg__X1", reward: 0, commandsAs: as, commands: cmds }],
  });
  const { trials } = await ingest("harbor", [job]);
  return { trial: trials[0], approach: approachOf(trials[0]) };
}

describe("the approach recorded from each agent format", () => {
  it("ATIF trajectory.json: the step message's plan", async () => {
    const { trial, approach } = await harborApproach("trajectory");
    expect(trial?.meta.plan).toBe(`${PLAN}.`);
    expect(approach).toBe(`fake-agent/acme/model-1: ${PLAN}. (CMD_ERROR)`);
  });

  it("Harbor episodes: the response's text block", async () => {
    const { trial, approach } = await harborApproach("episodes");
    expect(trial?.meta.plan).toBe(`${PLAN}.`);
    expect(approach).toContain(`: ${PLAN}. (`);
  });

  it("tb mini-swe-agent: the THOUGHT section of sessions/agent.log", async () => {
    const run = await writeTbRun(join(root, "run-1"), "run-1", [
      {
        task: "serve-pkg",
        is_resolved: false,
        failure_mode: "unset",
        tests: { test_served: "failed" },
        log: commands.map((c) => ({ ...c, said: c.said?.replace(/^Analysis:.*\nPlan: /, "") })),
      },
    ]);
    const { trials } = await ingest("tb", [run]);
    expect(trials[0]?.meta.plan).toBe(`${PLAN}.`);
    expect(approachOf(trials[0])).toContain(`: ${PLAN}. (`);
  });

  it("no stated plan: the deciding step, shell noise removed", async () => {
    for (const as of ["trajectory", "episodes", "command-dirs"] as const) {
      const { trial, approach } = await harborApproach(as, false);
      expect(trial?.meta.plan, as).toBeUndefined();
      expect(approach, as).toMatch(/\/acme\/model-1: last step `python -m build` \(CMD_ERROR\)$/);
    }
  });
});
