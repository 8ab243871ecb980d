import type { CommandSuiteInput } from "../fixture-replay/suite-schema.js";

type TaskInput = CommandSuiteInput["tasks"][number];
type StepInput = TaskInput["trace"][number];

/** A valid trace step; override what the test is about. */
export function stepOf(command: string, extra: Partial<StepInput> = {}): StepInput {
  return {
    turn: 1,
    command,
    cwd: "/app",
    filesystem_scope: "/app",
    elapsed_ms: 100,
    cost_units: 1,
    ...extra,
  };
}

/** A valid task that allows terminal.exec and denies `rm -rf /`; override the rest. */
export function taskOf(id: string, extra: Partial<TaskInput> = {}): TaskInput {
  return {
    id,
    benchmark: "terminal-bench",
    image: "example/image:1",
    goal: `goal of ${id}`,
    budget_turns: 10,
    test_oracle: "pytest tests/",
    milestones: ["done"],
    tests: [{ name: "test_done", passed: true }],
    policy: {
      version: "fak-policy/v1",
      allow: ["terminal.exec"],
      arg_rules: [
        {
          tool: "terminal.exec",
          arg: "command",
          deny_regex: "rm\\s+-rf\\s+/(\\s|$)",
          reason: "deletes the root filesystem",
        },
      ],
    },
    trace: [stepOf("make", { milestone: "done" })],
    ...extra,
  };
}

/** A valid suite around the given tasks. */
export function suiteOf(...tasks: TaskInput[]): CommandSuiteInput {
  return {
    schema: "fak.terminalbench-command-suite.v1",
    benchmark: "terminal-bench",
    model: "m",
    tasks,
  };
}
