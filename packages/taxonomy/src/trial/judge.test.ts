import { describe, expect, it } from "vitest";
import { classify } from "../classify.js";
import type { FailureSignalsInput } from "../schemas.js";

// The trial-level branch order, one case per branch, on invented trials.

const verifierFailure = (text: string, line = 40) => ({
  ran: true,
  failure: [{ file: "verifier/test-stdout.txt", line, text }],
  tests_failed: 1,
});

function trial(t: FailureSignalsInput["trial"], rest: Partial<FailureSignalsInput> = {}) {
  return classify({ task_id: "t__1", arm: { task_success: false }, ...rest, trial: t });
}

describe("judging a real trial as a whole", () => {
  it("a reward above 0 is a pass even with an exception beside it", () => {
    const c = trial({
      harness: "harbor",
      passed: true,
      reward: 1,
      cause: { name: "AgentTimeoutError", message: "Agent execution timed out after 900 seconds" },
    });
    expect(c).toMatchObject({ failed: false, category: "NONE", attribution: "agent" });
  });

  it("an agent that never started is setup: its failed install is PKG_INSTALL, naming the line", () => {
    const c = trial({
      harness: "tb",
      passed: false,
      setup: {
        ran: false,
        failure: {
          file: "sessions/agent.log",
          line: 90,
          text: "bash: agentcli: command not found",
        },
        log: [
          {
            file: "sessions/agent.log",
            line: 40,
            text: "ERROR: No matching distribution found for agentcli",
          },
        ],
      },
      verifier: verifierFailure("AssertionError: output.txt missing"),
    });
    expect(c).toMatchObject({ category: "PKG_INSTALL", attribution: "setup" });
    expect(c.decided_by).toEqual({
      file: "sessions/agent.log",
      line: 40,
      text: "ERROR: No matching distribution found for agentcli",
    });
  });

  it("an agent that never started, with no install failure logged, is ENV_SETUP_MISS; cut off, TIMEOUT", () => {
    const missing = {
      file: "sessions/agent.log",
      line: 9,
      text: "bash: agentcli: command not found",
    };
    expect(trial({ harness: "tb", setup: { ran: false, failure: missing } })).toMatchObject({
      category: "ENV_SETUP_MISS",
      attribution: "setup",
    });
    const cut = { file: "sessions/agent.log", line: 300, text: "bash /tests/run-tests.sh" };
    expect(
      trial({ harness: "tb", setup: { ran: false }, agent: { steps: 2, cut_off: cut } }),
    ).toMatchObject({
      category: "TIMEOUT",
      attribution: "setup",
      decided_by: cut,
    });
  });

  it("a provider outage is the harness's, kept apart and never retried", () => {
    const c = trial({
      harness: "harbor",
      cause: {
        name: "RuntimeError",
        message: "Model call failed at episode 4: Error code: 429 - rate limited",
        file: "exception.txt",
        line: 12,
      },
      verifier: { ran: false },
    });
    expect(c).toMatchObject({
      attribution: "harness",
      category: "UNKNOWN",
      retryable: false,
      recovery: "NONE",
    });
    expect(c.reason).toBe("UNKNOWN:harness_error:RuntimeError:http_429");
    expect(c.decided_by).toMatchObject({ file: "exception.txt", line: 12 });
  });

  it("a request past the context window is the agent's budget, whatever exception carries it", () => {
    const c = trial({
      harness: "harbor",
      cause: { name: "BadRequestError", message: "the request exceeds the available context size" },
    });
    expect(c).toMatchObject({ category: "BUDGET_EXHAUSTED", attribution: "agent" });
  });

  it("tb's agent_timeout on an agent that had submitted defers to the verifier", () => {
    const base = { harness: "tb", cause: { name: "agent_timeout", file: "results.json" } };
    const submitted = trial({
      ...base,
      agent: { submitted: true, steps: 12 },
      verifier: verifierFailure("AssertionError: wrong total"),
    });
    expect(submitted).toMatchObject({ category: "TEST_MISUNDERSTOOD", attribution: "agent" });
    const working = trial({
      ...base,
      agent: { submitted: false, steps: 40 },
      verifier: verifierFailure("AssertionError: wrong total"),
    });
    expect(working).toMatchObject({ category: "TIMEOUT", reason: "TIMEOUT:agent_timeout" });
  });

  it("a parse_error whose tests ran and failed is the agent's; with nothing to read, the harness's", () => {
    const base = { harness: "tb", cause: { name: "parse_error", file: "results.json" } };
    expect(trial({ ...base, verifier: verifierFailure("AssertionError: 3 != 4") })).toMatchObject({
      attribution: "agent",
      category: "TEST_MISUNDERSTOOD",
    });
    expect(trial({ ...base, verifier: { ran: false } })).toMatchObject({ attribution: "harness" });
  });

  it("a file the verifier cannot compile or parse is BAD_FILE_EDIT; an assertion quoting values is not", () => {
    expect(
      trial({
        harness: "harbor",
        verifier: verifierFailure("/app/main.c:1:2: error: invalid preprocessing directive #!"),
      }),
    ).toMatchObject({
      category: "BAD_FILE_EDIT",
      decided_by: { file: "verifier/test-stdout.txt", line: 40 },
    });
    expect(
      trial({
        harness: "harbor",
        verifier: verifierFailure("AssertionError: expected '42' to be in out.txt"),
      }),
    ).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
    });
  });

  it("a compiler error carried as an assertion's message is the agent's file not compiling", () => {
    // As a verifier that compiles the agent's source inside a test prints it (one pytest E line).
    expect(
      trial({
        harness: "harbor",
        verifier: verifierFailure(
          "AssertionError: Compilation failed: /app/solver.c:17:5: error: expected ';' before 'return'",
        ),
      }),
    ).toMatchObject({ category: "BAD_FILE_EDIT", decided_by: { line: 40 } });
    // A missing file in that message is not a bad edit, and a test about an error is not one.
    expect(
      trial({
        harness: "harbor",
        verifier: verifierFailure(
          "AssertionError: Compilation failed: cc1: fatal error: /app/mystery.c: No such file or directory",
        ),
      }).category,
    ).toBe("TEST_MISUNDERSTOOD");
    expect(
      trial({
        harness: "harbor",
        verifier: verifierFailure("AssertionError: expected SyntaxError to be raised for '1 +'"),
      }).category,
    ).toBe("TEST_MISUNDERSTOOD");
  });

  it("an agent that saw its own tests fail and submitted anyway misread the task, not a command", () => {
    const src = (line: number) => ({ file: "sessions/agent.log", line });
    const c = trial(
      { harness: "tb", verifier: verifierFailure("assert 41 == 42"), agent: { submitted: true } },
      {
        outcomes: [
          { turn: 1, command: "python solve.py > out.txt", exit_code: 0, source: src(10) },
          {
            turn: 2,
            command: "pytest -q tests/",
            exit_code: 1,
            stderr:
              "FAILED tests/test_out.py::test_total - assert 41 == 42\n1 failed, 3 passed in 0.2s",
            source: src(20),
          },
        ],
      },
    );
    expect(c).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      reason: "TEST_MISUNDERSTOOD:submitted_with_own_tests_failing",
      decided_by: { file: "verifier/test-stdout.txt", line: 40 },
    });
    expect(c.evidence.some((e) => e.startsWith("sessions/agent.log:20"))).toBe(true);
    // A build left failing at the end still decides as the command it is.
    const build = trial(
      { harness: "tb", verifier: verifierFailure("assert 41 == 42") },
      {
        outcomes: [
          {
            turn: 1,
            command: "pytest -q",
            exit_code: 1,
            stderr: "1 failed in 0.1s\nFAILED t.py::a",
            source: src(5),
          },
          {
            turn: 2,
            command: "make",
            exit_code: 2,
            stderr: "src/a.c:3:10: fatal error: zlib.h: No such file or directory",
            source: src(30),
          },
        ],
      },
    );
    expect(build).toMatchObject({ category: "ENV_SETUP_MISS", decided_by: { line: 30 } });
  });

  it("cites the output line a rule matched, not the command's, when the output's start is known", () => {
    const output = [
      ...Array.from({ length: 120 }, (_, i) => `compiling unit ${i}`),
      "make: *** [all] Error 2",
    ];
    const c = trial(
      { harness: "tb" },
      {
        outcomes: [
          {
            turn: 1,
            command: "make",
            exit_code: 2,
            stderr: output.join("\n"),
            source: { file: "sessions/agent.log", line: 300, output_line: 302 },
          },
        ],
      },
    );
    expect(c.decided_by).toMatchObject({ file: "sessions/agent.log", line: 302 + 120 });
  });

  it("a failed command the agent repaired later does not count; one left failing at the end does", () => {
    const src = (line: number) => ({ file: "sessions/agent.log", line });
    const repaired = trial(
      { harness: "tb", verifier: verifierFailure("AssertionError: wrong answer") },
      {
        outcomes: [
          {
            turn: 1,
            command: "pip install numpy",
            exit_code: 1,
            stderr: "ERROR: Could not find a version that satisfies the requirement numpy",
            source: src(10),
          },
          { turn: 2, command: "pip install numpy==1.26.4", exit_code: 0, source: src(20) },
          { turn: 3, command: "python solve.py", exit_code: 0, source: src(30) },
        ],
      },
    );
    expect(repaired.category).toBe("TEST_MISUNDERSTOOD");
    const standing = trial(
      { harness: "tb", verifier: verifierFailure("AssertionError: binary missing") },
      {
        outcomes: [
          { turn: 1, command: "ls", exit_code: 0, source: src(5) },
          {
            turn: 2,
            command: "make -C src",
            exit_code: 2,
            stderr: "src/a.c:3:10: fatal error: zlib.h: No such file or directory",
            source: src(50),
          },
        ],
      },
    );
    expect(standing).toMatchObject({
      category: "ENV_SETUP_MISS",
      decided_by: { file: "sessions/agent.log", line: 50 },
    });
  });

  it("screens without exit codes: the first failure of the last failing batch is the root", () => {
    const screen = (turn: number, command: string, text: string) => ({
      turn,
      command,
      text,
      file: "agent/trajectory.json",
      line: turn * 10,
    });
    const c = trial({
      harness: "harbor",
      verifier: verifierFailure(
        "FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/bin/tool'",
      ),
      screens: [
        screen(2, "apt-get install -y build-essential", "Setting up build-essential"),
        screen(3, "wget -O tool.tgz https://example.org/tool.tgz", "ERROR 404: Not Found."),
        screen(3, "tar -xzf tool.tgz", ""),
        screen(3, "make install", "make: *** No targets specified and no makefile found.  Stop."),
      ],
    });
    expect(c).toMatchObject({
      category: "CMD_ERROR",
      reason: "CMD_ERROR:error_status",
      decided_by: { line: 30 },
    });
  });

  it("a missing path the agent's own earlier steps worked with is the agent's wrong path", () => {
    const c = trial(
      { harness: "harbor", verifier: verifierFailure("AssertionError: index empty") },
      {
        outcomes: [
          { turn: 1, command: "cd pkgsrc && python -m build", exit_code: 0 },
          {
            turn: 2,
            command: "cp pkgsrc/dist/* /srv/index/",
            exit_code: 1,
            stderr: "cp: cannot stat 'pkgsrc/dist/*': No such file or directory",
          },
        ],
      },
    );
    expect(c).toMatchObject({ category: "CMD_ERROR", reason: "CMD_ERROR:agent_path_missing" });
  });

  it("a verifier that failed before running any test, and a platform that failed, are the harness's", () => {
    expect(
      trial({
        harness: "harbor",
        verifier: {
          ran: true,
          failure: [
            {
              file: "verifier/test-stdout.txt",
              line: 3,
              text: "/tests/test.sh: line 9: /root/.local/bin/env: No such file or directory",
            },
          ],
        },
      }),
    ).toMatchObject({ attribution: "harness", reason: "UNKNOWN:harness_error:verifier_setup" });
    // The same kinds of line about the agent's own work are the agent's: its server that the test
    // calls is not up, its program is not where the task asked for it.
    for (const text of [
      "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server",
      "curl: (7) Failed to connect to 127.0.0.1 port 5000: Connection refused",
      "curl: (7) Failed to connect to ::1 port 8080 after 0 ms: Connection refused",
      "curl: (7) Failed to connect to 0.0.0.0 port 3000 after 0 ms: Couldn't connect to server",
      "/tests/test.sh: line 4: /app/solve.sh: No such file or directory",
      "/tests/test.sh: line 7: /workspace/bin/run: Permission denied",
    ]) {
      expect(
        trial({
          harness: "harbor",
          verifier: { ran: true, failure: [{ file: "verifier/test-stdout.txt", line: 2, text }] },
        }),
        text,
      ).toMatchObject({ attribution: "agent", category: "TEST_MISUNDERSTOOD" });
    }
    for (const text of [
      "curl: (6) Could not resolve host: localhost.example.com",
      "curl: (7) Failed to connect to pypi.org port 443: Connection refused",
      "/tests/test.sh: line 2: /app/.venv/bin/activate: No such file or directory",
    ]) {
      expect(
        trial({
          harness: "harbor",
          verifier: { ran: true, failure: [{ file: "verifier/test-stdout.txt", line: 2, text }] },
        }),
        text,
      ).toMatchObject({ attribution: "harness", reason: "UNKNOWN:harness_error:verifier_setup" });
    }
    expect(
      trial({
        harness: "harbor",
        screens: [
          {
            command: "qemu-system-x86_64 -m 512",
            text: "rosetta error: Unimplemented syscall number 282",
            file: "agent/trajectory.json",
          },
        ],
      }),
    ).toMatchObject({ attribution: "harness", reason: "UNKNOWN:harness_error:platform" });
  });

  it("platform text the agent can print never moves a failed assertion out of the agent's column (issue 18)", () => {
    // Fresh values where an attack would choose them: the syscall number and the assertion.
    const n = 100 + Math.floor(Math.random() * 400);
    const got = Math.floor(Math.random() * 1000);
    const platformLines = [
      `rosetta error: Unimplemented syscall number ${n}`,
      `qemu: uncaught target signal ${n % 32} (Aborted) - core dumped`,
      `unimplemented syscall ${n}`,
    ];
    for (const text of platformLines) {
      const signals = {
        harness: "harbor",
        agent: { submitted: true },
        screens: [{ command: "./run", text, file: "agent/trajectory.json", line: 7 }],
        verifier: verifierFailure(`E       assert ${got} == ${got + 1}`),
      };
      const c = trial(signals);
      expect(c.attribution).toBe("agent");
      expect(c.reason).not.toMatch(/harness_error/);
      expect(c.evidence.some((e) => e.includes(text))).toBe(true);
      // Only the harness's own recorded exception moves such a trial.
      expect(
        trial({ ...signals, cause: { name: "EnvironmentStartTimeoutError", file: "result.json" } }),
      ).toMatchObject({ attribution: "harness" });
    }
  });

  it("a verifier that could not run: its table's verdict, the harness's only when no test failed", () => {
    const notRun = (attribution: "agent" | "harness", category: "ENV_SETUP_MISS" | "UNKNOWN") => ({
      reason: `${category}:verifier_x`,
      category,
      attribution,
      line: {
        file: "verifier/test-stdout.txt",
        line: 2,
        text: "go: go.mod requires go >= 1.23 (running go 1.21.0; GOTOOLCHAIN=local)",
      },
    });
    expect(
      trial({
        harness: "harbor",
        verifier: { ran: true, not_run: notRun("agent", "ENV_SETUP_MISS") },
      }),
    ).toMatchObject({
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      decided_by: { file: "verifier/test-stdout.txt", line: 2 },
    });
    expect(
      trial({ harness: "harbor", verifier: { ran: true, not_run: notRun("harness", "UNKNOWN") } }),
    ).toMatchObject({ attribution: "harness", reason: "UNKNOWN:verifier_x" });
    // A failed assertion beside it keeps the trial the agent's: that text may be the agent's own.
    expect(
      trial({
        harness: "harbor",
        agent: { submitted: true },
        verifier: {
          ...verifierFailure("E       assert 1 == 2"),
          not_run: notRun("harness", "UNKNOWN"),
        },
      }),
    ).toMatchObject({ attribution: "agent", category: "TEST_MISUNDERSTOOD" });
    // Tests that failed because they could not import the agent's module: the line heads them.
    const importLine = {
      file: "verifier/test-stdout.txt",
      line: 9,
      text: "E   ModuleNotFoundError: No module named 'solver'",
    };
    const agentModule = {
      reason: "TEST_MISUNDERSTOOD:verifier_module_of_agent_missing",
      category: "TEST_MISUNDERSTOOD" as const,
      attribution: "agent" as const,
      line: importLine,
    };
    expect(
      trial({
        harness: "harbor",
        verifier: {
          ran: true,
          tests_failed: 2,
          failure: [{ ...importLine, text: "ModuleNotFoundError: No module named 'solver'" }],
          not_run: agentModule,
        },
      }),
    ).toMatchObject({
      reason: "TEST_MISUNDERSTOOD:verifier_module_of_agent_missing",
      decided_by: { line: 9 },
    });
    // The same line after another failure is only evidence.
    expect(
      trial({
        harness: "harbor",
        agent: { submitted: true },
        verifier: {
          ...verifierFailure("E       assert 1 == 2", 3),
          not_run: { ...agentModule, category: "ENV_SETUP_MISS", reason: "ENV_SETUP_MISS:x" },
        },
      }),
    ).toMatchObject({ category: "TEST_MISUNDERSTOOD", decided_by: { line: 3 } });
    // A test that passed shows the verifier did run.
    expect(
      trial({
        harness: "harbor",
        agent: { submitted: true },
        verifier: {
          ...verifierFailure("E       assert 1 == 2"),
          tests_passed: 3,
          not_run: notRun("agent", "ENV_SETUP_MISS"),
        },
      }),
    ).toMatchObject({ category: "TEST_MISUNDERSTOOD" });
  });

  it("is deterministic and leaves its input alone", () => {
    const input: FailureSignalsInput = {
      task_id: "t__2",
      trial: {
        harness: "tb",
        cause: { name: "agent_timeout" },
        agent: { submitted: true },
        verifier: verifierFailure("AssertionError: no"),
      },
    };
    const before = JSON.stringify(input);
    expect(classify(input)).toEqual(classify(input));
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe("the agent's turn budget and the test's own clock", () => {
  it("an agent that took every turn of its budget without saying it was done ran out of budget", () => {
    const agent = {
      steps: 60,
      submitted: false,
      last: { file: "agent/trajectory.json", text: "I will continue polling." },
    };
    const failing = {
      ...verifierFailure("AssertionError: Accuracy 0.51 is not at least 0.62"),
      started: true,
    };
    const screens = [
      { file: "agent/trajectory.json", line: 900, command: "sleep 60", text: "Epoch 3/15" },
    ];
    const ran = trial(
      { harness: "harbor", passed: false, agent, verifier: failing, screens },
      { budget_turns: 60 },
    );
    expect(ran).toMatchObject({
      category: "BUDGET_EXHAUSTED",
      reason: "BUDGET_EXHAUSTED:turn_budget",
    });
    // Turns left, or a finished agent: the verifier's failure decides as before.
    for (const [steps, submitted, budget] of [
      [59, false, 60],
      [60, true, 60],
      [60, false, undefined],
    ] as const) {
      const c = trial(
        {
          harness: "harbor",
          passed: false,
          agent: { steps, submitted },
          verifier: failing,
          screens,
        },
        budget === undefined ? {} : { budget_turns: budget },
      );
      expect(c.category).toBe("TEST_MISUNDERSTOOD");
    }
    // An agent that never says when it is done (an installed agent's trajectory: no screens).
    const silent = trial(
      { harness: "harbor", passed: false, agent, verifier: failing },
      { budget_turns: 60 },
    );
    expect(silent.category).toBe("TEST_MISUNDERSTOOD");
    // One whose trajectory ends on a tool call it never answered was stopped mid-work: its budget.
    const stopped = trial(
      { harness: "harbor", passed: false, agent: { ...agent, mid_work: true }, verifier: failing },
      { budget_turns: 60 },
    );
    expect(stopped.reason).toBe("BUDGET_EXHAUSTED:turn_budget");
    // With a harness cause (a CLI that crashed also stops on a tool call), the cause's branch decides.
    const crashed = trial(
      {
        harness: "harbor",
        passed: false,
        agent: { ...agent, mid_work: true },
        verifier: failing,
        cause: { name: "NonZeroAgentExitCodeError", message: "exit 1" },
      },
      { budget_turns: 60 },
    );
    expect(crashed.category).not.toBe("BUDGET_EXHAUSTED");
    // Stopped mid-work with turns left is not the budget.
    const early = trial(
      {
        harness: "harbor",
        passed: false,
        agent: { ...agent, steps: 12, mid_work: true },
        verifier: failing,
      },
      { budget_turns: 60 },
    );
    expect(early.category).toBe("TEST_MISUNDERSTOOD");
  });

  it("a timeout the test's own code raised while waiting for an output is its check failing, not a hang", () => {
    const lines = [
      '>                   raise TimeoutError("Timeout waiting for frame.bmp to be created")',
      "E                   TimeoutError: Timeout waiting for frame.bmp to be created",
    ].map((text, i) => ({ file: "verifier/test-stdout.txt", line: 202 + i, text }));
    const own = trial({
      harness: "harbor",
      passed: false,
      agent: { steps: 9, submitted: true },
      verifier: { ran: true, failure: lines, tests_failed: 1 },
    });
    expect(own.category).toBe("TEST_MISUNDERSTOOD");
    // Raised inside the program under test (subprocess's own TimeoutExpired): the tests hung.
    const hung = trial({
      harness: "harbor",
      passed: false,
      agent: { steps: 9, submitted: true },
      verifier: verifierFailure(
        "E   subprocess.TimeoutExpired: Command '['node', 'vm.js']' timed out after 30 seconds",
      ),
    });
    expect(hung.category).toBe("TIMEOUT");
  });
});

describe("a verifier that timed out", () => {
  const cause = {
    name: "VerifierTimeoutError",
    message: "Verifier execution timed out after 120.0 seconds",
    file: "exception.txt",
  };

  it("before any test started (still installing its own tools) is the harness's", () => {
    const c = trial({
      harness: "harbor",
      passed: false,
      cause,
      verifier: { ran: true, failure: [], started: false },
    });
    expect(c).toMatchObject({
      category: "TIMEOUT",
      reason: "TIMEOUT:harness_error:verifier_setup_timed_out",
      attribution: "harness",
      recovery: "NONE",
    });
  });

  it("after a test failed: the failing test decides, not the clock", () => {
    const c = trial({
      harness: "harbor",
      passed: false,
      cause,
      verifier: {
        ...verifierFailure("✘  1 [chromium] › e2e/a.spec.ts:3:1 › loads (5.6s)"),
        started: true,
      },
    });
    expect(c).toMatchObject({ category: "TEST_MISUNDERSTOOD", attribution: "agent" });
  });

  it("while tests ran with none failed yet (they hung on the agent's answer) is the agent's TIMEOUT", () => {
    const c = trial({
      harness: "harbor",
      passed: false,
      cause,
      verifier: { ran: true, failure: [], started: true, tests_passed: 2 },
    });
    expect(c).toMatchObject({ category: "TIMEOUT", attribution: "agent" });
  });

  it("with no word on whether tests started, stays the agent's TIMEOUT", () => {
    const c = trial({
      harness: "harbor",
      passed: false,
      cause,
      verifier: { ran: true, failure: [] },
    });
    expect(c).toMatchObject({ category: "TIMEOUT", attribution: "agent" });
  });
});

describe("a verifier that wrote no reward", () => {
  const cause = {
    name: "RewardFileNotFoundError",
    message: "No reward file found at jobs/j/t__1/verifier/reward.txt",
    file: "exception.txt",
  };
  const crashed = {
    outcomes: [
      {
        command: "bash /solution/solve.sh",
        exit_code: 1,
        stderr:
          "FileNotFoundError: [Errno 2] No such file or directory: '/template/report_template.xlsx'",
        source: { file: "agent/trajectory.json", line: 9 },
      },
    ],
  };

  it("is the harness's when the agent's work shows nothing wrong", () => {
    const c = trial({
      harness: "harbor",
      passed: false,
      cause,
      verifier: { ran: true, failure: [] },
    });
    expect(c).toMatchObject({ attribution: "harness" });
  });

  it("is the agent's failed last command when nothing repaired it", () => {
    const c = trial(
      { harness: "harbor", passed: false, cause, verifier: { ran: true, failure: [] } },
      crashed,
    );
    expect(c).toMatchObject({ category: "ENV_SETUP_MISS", attribution: "agent" });
  });
});
