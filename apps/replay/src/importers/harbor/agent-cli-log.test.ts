import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyTrial } from "../../pipeline/classify-trial.js";
import {
  type FakeHarborTrial,
  tempDir,
  writeHarborJob,
} from "../../test-support/harness-folders.js";
import { ingest } from "../ingest.js";

// Harbor's installed agents: the CLI's log (agent/<name>.txt), the command-N folders Harbor ran to
// start it, and a set-up failure in exception.txt with agent/setup/. Built here in those shapes
// (Harbor's agents/installed/base.py and trial.py); nothing copied from a real run.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const MISSING_OUTPUT = {
  name: "test_door",
  passed: false,
  trace: "E   AssertionError: Missing /app/door.ump",
};

/** One trial; its agent is named for the first agent/<name>.txt among `files` (as Harbor names the log). */
async function oneTrial(
  spec: Partial<FakeHarborTrial>,
  files: Record<string, string>,
  agent = Object.keys(files)
    .map((f) => /^agent\/([\w-]+)\.txt$/.exec(f)?.[1])
    .find(Boolean),
) {
  const job = await writeHarborJob(join(root, "job"), {
    trials: [{ name: "door__a1", reward: 0, tests: [MISSING_OUTPUT], ...spec }],
  });
  for (const [rel, text] of Object.entries(files)) {
    const file = join(job, "door__a1", rel);
    await mkdir(join(file, ".."), { recursive: true });
    await writeFile(file, text);
  }
  if (agent) {
    const file = join(job, "door__a1", "result.json");
    const result = JSON.parse(await readFile(file, "utf8"));
    await writeFile(
      file,
      JSON.stringify({ ...result, agent_info: { ...result.agent_info, name: agent } }),
    );
  }
  const { trials, counts } = await ingest("harbor", [job]);
  return { t: trials[0]!, counts };
}

const started = {
  commandsAs: "command-dirs" as const,
  commands: [{ command: "codex exec --json -- 'make the door'", exit: 0 }],
};
const event = (o: unknown) => `${JSON.stringify(o)}\n`;

describe("an installed agent that could not work", () => {
  it("whose CLI's last event is the provider refusing its key is kept apart as the run's configuration", async () => {
    const log =
      event({ type: "thread.started", thread_id: "t1" }) +
      event({
        type: "error",
        message:
          "Reconnecting... 1/5 (unexpected status 401 Unauthorized: Incorrect API key provided: '')",
      }) +
      event({
        type: "turn.failed",
        error: { message: "unexpected status 401 Unauthorized: Incorrect API key provided: ''." },
      });
    const { t, counts } = await oneTrial(started, { "agent/codex.txt": log });
    expect(classifyTrial(t)).toMatchObject({
      category: "ENV_SETUP_MISS",
      attribution: "harness",
      reason: "ENV_SETUP_MISS:AgentCliError:model_config",
      decided_by: { file: "agent/codex.txt", line: 3 },
    });
    expect(counts).toMatchObject({ harness: 1, failed: 0 });
  });

  it("whose claude-code result is an error about its model is kept apart the same way", async () => {
    const log = event({
      type: "result",
      subtype: "success",
      is_error: true,
      result:
        "There's an issue with the selected model (claude-x). It may not exist or you may not have access to it.",
    });
    const { t } = await oneTrial(started, { "agent/claude-code.txt": log });
    expect(classifyTrial(t)).toMatchObject({ attribution: "harness", category: "ENV_SETUP_MISS" });
  });

  it.each([
    ["openhands-sdk", "agent/openhands_sdk.txt"],
    ["nemo-agent", "agent/nemo-agent-output.txt"],
    ["deerflow", "agent/deerflow.jsonl"],
  ])("finds %s's own log under the name Harbor gives it (%s)", async (agent, rel) => {
    const log = event({ type: "error", message: "Incorrect API key provided: ''" });
    const { t } = await oneTrial(started, { [rel]: log }, agent);
    expect(classifyTrial(t)).toMatchObject({
      attribution: "harness",
      category: "ENV_SETUP_MISS",
      decided_by: { file: rel },
    });
  });

  it("whose program the shell could not find never started: setup", async () => {
    const { t, counts } = await oneTrial(
      { commandsAs: "command-dirs", commands: [] },
      {
        "agent/pi.txt":
          "bash: line 12: /app/door.ump: No such file or directory\nbash: line 12: pi-agent: command not found\n",
      },
    );
    expect(classifyTrial(t)).toMatchObject({
      category: "ENV_SETUP_MISS",
      reason: "ENV_SETUP_MISS:agent_not_started",
      attribution: "setup",
      decided_by: {
        file: "agent/pi.txt",
        line: 2,
        text: "bash: line 12: pi-agent: command not found",
      },
    });
    expect(counts).toMatchObject({ failed: 1, harness: 0 });
  });

  it("a plain error line is the harness's only beside no failing test (the agent's output can print one)", async () => {
    const line = "Error: 429 rate_limit_error: You exceeded your current quota\n";
    const beside = await oneTrial(started, { "agent/aider.txt": line });
    expect(classifyTrial(beside.t).attribution).toBe("agent");
    const alone = await oneTrial({ ...started, tests: [] }, { "agent/aider.txt": line });
    expect(classifyTrial(alone.t)).toMatchObject({
      attribution: "harness",
      decided_by: { file: "agent/aider.txt", line: 1 },
    });
  });

  it("reads only the agent's own log: a file the agent wrote beside it, or its instruction, decides nothing", async () => {
    const own = event({ type: "thread.started" }) + event({ type: "turn.completed" });
    const planted =
      event({ type: "thread.started" }) + event({ type: "error", message: "Rate limit reached" });
    const beside = await oneTrial(
      { ...started, tests: [] },
      {
        "agent/codex.txt": own,
        "agent/zz-notes.txt": planted,
        "agent/instruction.txt": "- when no key: `API key not set`\nError: invalid api key\n",
      },
      "codex",
    );
    expect(classifyTrial(beside.t).attribution).toBe("agent");
    // A team's name for a known agent still finds its log.
    const team = await oneTrial(started, { "agent/codex.txt": planted }, "team-codex");
    expect(classifyTrial(team.t).attribution).toBe("harness");
  });

  it("a JSON line at the end of a plain-text log is not the CLI's event", async () => {
    const log = 'Starting session\n{"type":"error","message":"429 Too Many Requests"}\n';
    const { t } = await oneTrial(started, { "agent/goose.txt": log });
    expect(classifyTrial(t).attribution).toBe("agent");
  });

  it("a shell's 'command not found' ends nothing the harness already recorded (an agent timeout)", async () => {
    const { t } = await oneTrial(
      {
        ...started,
        exception: {
          type: "AgentTimeoutError",
          message: "Agent execution timed out after 900 seconds",
        },
      },
      { "agent/pi.txt": "bash: line 3: pytest: command not found\n" },
    );
    expect(classifyTrial(t)).toMatchObject({ category: "TIMEOUT", attribution: "agent" });
  });

  it("the model's own words inside an event, or an agent that ran commands, decide nothing", async () => {
    const said = event({
      type: "item.completed",
      item: { type: "agent_message", text: "Error: invalid api key. I could not finish." },
    });
    const quiet = await oneTrial(started, { "agent/codex.txt": said });
    expect(classifyTrial(quiet.t).attribution).toBe("agent");

    const refused = event({
      type: "turn.failed",
      error: { message: "Incorrect API key provided" },
    });
    const worked = await oneTrial(
      { commands: [{ command: "touch /app/door.ump", exit: 0 }] },
      { "agent/codex.txt": refused },
    );
    expect(classifyTrial(worked.t)).toMatchObject({
      attribution: "agent",
      category: "TEST_MISUNDERSTOOD",
    });
  });
});

describe("an agent whose set-up failed", () => {
  const traceback = (last: string) =>
    [
      "Traceback (most recent call last):",
      '  File "/x/harbor/trial/trial.py", line 359, in run',
      "    await self._setup_agent()",
      '  File "/x/harbor/trial/trial.py", line 232, in _setup_agent',
      "    await asyncio.wait_for(",
      '  File "/x/harbor/agents/installed/base.py", line 123, in setup',
      "    raise RuntimeError(",
      last,
      "",
    ].join("\n");

  it("reads the set-up's own output: a package it could not install is PKG_INSTALL", async () => {
    const { t, counts } = await oneTrial(
      {
        exception: { type: "RuntimeError", message: "Agent setup failed with exit code 100" },
        tests: [],
        reward: undefined,
      },
      {
        "exception.txt": traceback(
          "RuntimeError: Agent setup failed with exit code 100. See logs in agent/setup",
        ),
        "agent/setup/stdout.txt": "Reading package lists...\nE: Unable to locate package curl\n",
        "agent/setup/return-code.txt": "100",
      },
    );
    expect(classifyTrial(t)).toMatchObject({
      category: "PKG_INSTALL",
      attribution: "setup",
      decided_by: {
        file: "agent/setup/stdout.txt",
        line: 2,
        text: "E: Unable to locate package curl",
      },
    });
    expect(counts).toMatchObject({ failed: 1, harness: 0 });
  });

  it("cancelled while the agent was being set up is the harness stopping the run, not the set-up failing", async () => {
    const { t } = await oneTrial(
      { exception: { type: "CancelledError", message: "" }, tests: [], reward: undefined },
      { "exception.txt": traceback("asyncio.exceptions.CancelledError") },
    );
    expect(classifyTrial(t)).toMatchObject({ attribution: "harness" });
  });

  it("with the install command's output in the exception's message", async () => {
    const message =
      "NonZeroAgentExitCodeError: Command failed (exit 1): pip install agent-cli==9.9\nstdout: ERROR: Could not find a version that satisfies the requirement agent-cli==9.9\nERROR: No matching distribution found for agent-cli==9.9";
    const { t } = await oneTrial(
      { exception: { type: "NonZeroAgentExitCodeError", message }, tests: [], reward: undefined },
      { "exception.txt": traceback(message) },
    );
    expect(classifyTrial(t)).toMatchObject({
      attribution: "setup",
      reason: expect.stringMatching(/^PKG_INSTALL:agent_install:/),
      decided_by: { file: "exception.txt" },
    });
  });
});
