import { describe, expect, it } from "vitest";
import { screensOf } from "./screens.js";
import { commandsInTrajectory, outcomesFromTrajectory, planFromTrajectory } from "./trajectory.js";

const step = (id: number, calls: object[], results: object[], extra?: object) => ({
  step_id: id,
  source: "agent",
  tool_calls: calls,
  observation: { results },
  ...(extra && { extra }),
});

describe("outcomesFromTrajectory", () => {
  it("finds exit codes in extra.tool_metadata, in the step's extra, and in the result text", () => {
    const doc = {
      steps: [
        { step_id: 1, source: "user", message: "task" },
        step(
          2,
          [{ tool_call_id: "a", arguments: { command: "make" } }],
          [{ source_call_id: "a", content: "boom", extra: { tool_metadata: { exit_code: 2 } } }],
        ),
        step(
          3,
          [{ tool_call_id: "b", arguments: { command: "ls" } }],
          [{ source_call_id: "b", content: "x" }],
          { tool_metadata: { exit_code: 0 } },
        ),
        step(
          4,
          [{ tool_call_id: "c", arguments: JSON.stringify({ cmd: "cat y" }) }],
          [{ source_call_id: "c", content: [{ type: "text", text: "[exit_code=1]\nno y" }] }],
        ),
        step(
          5,
          [{ tool_call_id: "d", arguments: { command: "sleep 99" } }],
          [
            {
              source_call_id: "d",
              content: "",
              extra: { metadata: { exit_code: 124, timed_out: true } },
            },
          ],
        ),
      ],
    };
    const source = { file: "agent/trajectory.json" };
    expect(outcomesFromTrajectory(doc)).toEqual([
      { turn: 2, command: "make", exit_code: 2, timed_out: false, stderr: "boom", source },
      { turn: 3, command: "ls", exit_code: 0, timed_out: false, source },
      {
        turn: 4,
        command: "cat y",
        exit_code: 1,
        timed_out: false,
        stderr: "[exit_code=1]\nno y",
        source,
      },
      { turn: 5, command: "sleep 99", exit_code: 124, timed_out: true, source },
    ]);
    // Given the raw text, each outcome names the line of its step.
    const raw = JSON.stringify(doc, null, 2);
    const lines = outcomesFromTrajectory(doc, raw).map((o) => o.source?.line);
    const expected = (id: number) =>
      raw.slice(0, raw.indexOf(`"step_id": ${id}`)).split("\n").length;
    expect(lines).toEqual([expected(2), expected(3), expected(4), expected(5)]);
  });

  it("yields nothing for keystrokes with only screen text (terminus-2): no exit code, no outcome", () => {
    const doc = {
      steps: [
        step(
          2,
          [
            {
              tool_call_id: "k1",
              function_name: "bash_command",
              arguments: { keystrokes: "ls\n", duration: 0.1 },
            },
            {
              tool_call_id: "k2",
              function_name: "bash_command",
              arguments: { keystrokes: "cd x\n", duration: 0.1 },
            },
          ],
          [
            {
              content:
                "New Terminal Output:\n$ ls\nfile\n$ cd x\nbash: cd: x: No such file or directory",
            },
          ],
        ),
      ],
    };
    expect(outcomesFromTrajectory(doc)).toEqual([]);
    expect(commandsInTrajectory(doc)).toBe(2);
  });

  it("reads the installed agents' forms: codex's argv and JSON output, Claude Code's converted result", () => {
    const doc = {
      steps: [
        {
          step_id: 1,
          tool_calls: [
            { tool_call_id: "a", arguments: { command: ["bash", "-lc", "make test"] } },
            { tool_call_id: "b", arguments: { command: ["pytest", "-x"] } },
          ],
          observation: {
            results: [
              {
                source_call_id: "a",
                content: '{"output":"make: *** [test] Error 2\\n","metadata":{"exit_code":2}}',
              },
              {
                source_call_id: "b",
                content: "Exit code: 1\nWall time: 1 seconds\nOutput:\nE  assert 1 == 2",
              },
            ],
          },
        },
        {
          step_id: 2,
          tool_calls: [
            { tool_call_id: "c", function_name: "Bash", arguments: { command: "ls /nope" } },
          ],
          observation: {
            results: [
              {
                source_call_id: "c",
                content:
                  "[stderr]\nls: cannot access '/nope'\n[exit_code] 2\n\n[error] tool reported failure",
              },
            ],
          },
        },
      ],
    };
    expect(outcomesFromTrajectory(doc).map((o) => [o.turn, o.command, o.exit_code])).toEqual([
      [1, "make test", 2],
      [1, "pytest -x", 1],
      [2, "ls /nope", 2],
    ]);
  });

  it("tolerates a document of the wrong shape", () => {
    expect(outcomesFromTrajectory(null)).toEqual([]);
    expect(outcomesFromTrajectory({ steps: "nope" })).toEqual([]);
    expect(outcomesFromTrajectory({ steps: [1, null, { tool_calls: [null] }] })).toEqual([]);
    expect(
      commandsInTrajectory({ steps: [1, null, { tool_calls: [null, { arguments: {} }] }] }),
    ).toBe(0);
  });
});

describe("planFromTrajectory", () => {
  it("reads agent steps only: a JSON message's plan, else the reasoning of a step without a message", () => {
    const user = {
      step_id: 1,
      source: "user",
      message: "Plan: delete every file in the repository",
    };
    const json = {
      step_id: 2,
      source: "agent",
      message: JSON.stringify({
        analysis: "Nothing is installed.",
        plan: "Install the toolchain with apt, then build the extension against the system headers.",
        commands: [],
      }),
    };
    const reasoning = {
      step_id: 3,
      source: "agent",
      reasoning_content:
        "Rewrite the build script to link statically so the verifier image needs no libs.",
    };
    expect(planFromTrajectory({ steps: [user, json] })).toBe(
      "Install the toolchain with apt, then build the extension against the system headers.",
    );
    expect(planFromTrajectory({ steps: [user, reasoning] })).toBe(
      "Rewrite the build script to link statically so the verifier image needs no libs.",
    );
    expect(planFromTrajectory({ steps: [user] })).toBeUndefined();
    expect(planFromTrajectory({ nope: true })).toBeUndefined();
  });
});

describe("how a trajectory ends (screensOf)", () => {
  const call = (function_name: string, args: object) => ({
    tool_call_id: "c",
    function_name,
    arguments: args,
  });
  const end = (...last: object[]) => {
    const doc = {
      steps: [
        { step_id: 1, source: "user", message: "task" },
        step(2, [call("bash", { command: "ls" })], []),
        ...last,
      ],
    };
    const e = screensOf(doc, JSON.stringify(doc), "agent/trajectory.json");
    return { steps: e.steps, submitted: e.submitted, midWork: e.midWork === true };
  };
  it("a last step that ran a shell command is mid-work", () => {
    expect(end(step(3, [call("bash", { command: "find / -name python*" })], []))).toEqual({
      steps: 2,
      submitted: false,
      midWork: true,
    });
  });
  it("an agent that ended on its own message, or on its done call or submit command, is not", () => {
    expect(end({ step_id: 3, source: "agent", message: "Done." }).midWork).toBe(false);
    for (const [name, args] of [
      ["finish", { message: "done" }],
      ["task_done", {}],
      ["submit", {}],
      ["bash", { command: "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT" }],
      ["str_replace_editor", { path: "/app/a.py", old_str: "a", new_str: "b" }],
    ] as const) {
      const e = end(step(3, [call(name, args)], []));
      expect(e.midWork, name).toBe(false);
    }
    expect(end(step(3, [call("finish", {})], [])).submitted).toBe(true);
  });
  it("a subagent's steps (Claude Code's sidechain) are not the agent's turns", () => {
    const side = {
      ...step(3, [call("Bash", { command: "ls" })], []),
      extra: { is_sidechain: true },
    };
    expect(end(side).steps).toBe(1);
  });
});
