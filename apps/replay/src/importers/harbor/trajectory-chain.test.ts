import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyTrial } from "../../pipeline/classify-trial.js";
import { tempDir, writeHarborJob, writeJson } from "../../test-support/harness-folders.js";
import { ingest } from "../ingest.js";
import { readTrajectoryChain } from "./trajectory-chain.js";

// terminus-2's continued trajectories, in the shape Harbor's golden files show
// (trajectory.json -> continued_trajectory_ref -> trajectory.cont-1.json, whose first steps are
// the earlier conversation copied in): built here, nothing copied from a real run.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const agentStep = (
  id: number,
  command: string,
  screen: string,
  complete = false,
  copied = false,
) => ({
  step_id: id,
  source: "agent",
  message: `{"analysis": "step ${id}", "commands": [], "task_complete": ${complete}}`,
  tool_calls: [
    {
      tool_call_id: `c${id}`,
      function_name: "bash_command",
      arguments: { keystrokes: `${command}\n` },
    },
  ],
  observation: {
    results: [
      { content: `New Terminal Output:\nroot@box:/app# ${command}\n${screen}\nroot@box:/app# ` },
    ],
  },
  ...(copied ? { is_copied_context: true } : {}),
});

async function jobWithChain(extra: (agent: string) => Promise<void> = async () => {}) {
  const job = await writeHarborJob(join(root, "job"), {
    trials: [{ name: "chain__1", reward: 0 }],
  });
  const agent = join(job, "chain__1", "agent");
  await rm(join(agent, "trajectory.json"), { force: true });
  await writeJson(join(agent, "trajectory.json"), {
    schema_version: "ATIF-v1.7",
    agent: { name: "terminus-2" },
    steps: [
      { step_id: 1, source: "user", message: "build the tool" },
      agentStep(2, "make", "make: *** No targets specified and no makefile found.  Stop."),
      agentStep(3, "ls", "Makefile.in"),
    ],
    continued_trajectory_ref: "trajectory.cont-1.json",
  });
  await writeJson(join(agent, "trajectory.cont-1.json"), {
    schema_version: "ATIF-v1.7",
    agent: { name: "terminus-2", extra: { continuation_index: 1 } },
    steps: [
      { step_id: 1, source: "user", message: "build the tool", is_copied_context: true },
      agentStep(
        2,
        "make",
        "make: *** No targets specified and no makefile found.  Stop.",
        false,
        true,
      ),
      { step_id: 3, source: "user", message: "You are picking up work from a previous agent" },
      agentStep(
        4,
        "./configure && make",
        "gcc: error: unrecognized option '--fast'\nmake: *** [all] Error 1",
      ),
      agentStep(5, "echo done", "done", true),
    ],
  });
  await extra(agent);
  return job;
}

describe("continued trajectories", () => {
  it("the trial's last steps come from the last continuation, copied steps read once", async () => {
    const job = await jobWithChain();
    const { trials } = await ingest("harbor", [job]);
    const t = trials[0]!;
    const agent = t.signals.trial?.agent;
    // 2 agent steps in trajectory.json + 2 new ones in the continuation (the copied one skipped).
    expect(agent).toMatchObject({ steps: 4, submitted: true });
    const screens = t.signals.trial?.screens ?? [];
    expect(screens.map((s) => [s.file, s.turn, s.command])).toEqual([
      ["agent/trajectory.json", 2, "make"],
      ["agent/trajectory.json", 3, "ls"],
      ["agent/trajectory.cont-1.json", 7, "./configure && make"],
      ["agent/trajectory.cont-1.json", 8, "echo done"],
    ]);
    const raw = await readFile(join(job, "chain__1", "agent", "trajectory.cont-1.json"), "utf8");
    const line = raw.split("\n").findIndex((l) => l.includes('"step_id": 4')) + 1;
    expect(screens[2]?.line).toBe(line);
    expect(classifyTrial(t)).toMatchObject({
      attribution: "agent",
      decided_by: { file: "agent/trajectory.cont-1.json", line },
    });
  });

  it("is bounded: a loop, a path out of the folder and a missing file each end the chain with a note", async () => {
    const job = await jobWithChain(async (agent) => {
      const cont = JSON.parse(await readFile(join(agent, "trajectory.cont-1.json"), "utf8"));
      await writeJson(join(agent, "trajectory.cont-1.json"), {
        ...cont,
        continued_trajectory_ref: "trajectory.json",
      });
    });
    const agent = join(job, "chain__1", "agent");
    let notes: string[] = [];
    let chain = await readTrajectoryChain(agent, "agent", notes);
    expect(chain.map((c) => c.file)).toEqual([
      "agent/trajectory.json",
      "agent/trajectory.cont-1.json",
    ]);
    expect(notes).toEqual([expect.stringMatching(/"trajectory\.json" loops back; not followed/)]);

    const first = JSON.parse(await readFile(join(agent, "trajectory.json"), "utf8"));
    await writeJson(join(agent, "trajectory.json"), {
      ...first,
      continued_trajectory_ref: "../verifier/reward.json",
    });
    notes = [];
    chain = await readTrajectoryChain(agent, "agent", notes);
    expect(chain).toHaveLength(1);
    expect(notes).toEqual([expect.stringMatching(/is not a file name beside it; not followed/)]);

    await writeJson(join(agent, "trajectory.json"), {
      ...first,
      continued_trajectory_ref: "trajectory.cont-9.json",
    });
    notes = [];
    chain = await readTrajectoryChain(agent, "agent", notes);
    expect(chain).toHaveLength(1);
    expect(notes).toEqual([
      expect.stringMatching(/trajectory\.cont-9\.json: named as a continuation but not readable/),
    ]);
  });
});
