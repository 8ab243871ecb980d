import { describe, expect, it } from "vitest";
import { classifyOutcome, isFailedOutcome, lastFailedOutcome } from "./outcome.js";
import { defineRules, OUTCOME_RULES } from "./rules/index.js";

const run = (stderr: string, exit_code = 1, command = "./step.sh", timed_out = false) =>
  classifyOutcome({ command, exit_code, timed_out, stderr });

describe("isFailedOutcome / lastFailedOutcome", () => {
  it("counts non-zero exits and timeouts as failures", () => {
    expect(isFailedOutcome({ exit_code: 0 })).toBe(false);
    expect(isFailedOutcome({})).toBe(false);
    expect(isFailedOutcome({ exit_code: 2 })).toBe(true);
    expect(isFailedOutcome({ exit_code: 0, timed_out: true })).toBe(true);
  });
  it("returns the last failed outcome, or undefined", () => {
    const a = { turn: 1, exit_code: 1 };
    const b = { turn: 2, exit_code: 2 };
    expect(lastFailedOutcome([a, b, { turn: 3, exit_code: 0 }])).toBe(b);
    expect(lastFailedOutcome([{ exit_code: 0 }])).toBeUndefined();
    expect(lastFailedOutcome([])).toBeUndefined();
  });
});

describe("classifyOutcome: exit codes and the timeout flag", () => {
  it("the timeout flag wins over any text", () => {
    const c = run("E: Unable to locate package foo", 1, "apt-get install foo", true);
    expect(c.category).toBe("TIMEOUT");
    expect(c.reason).toBe("TIMEOUT:command_exceeded_budget");
    // RECOVERY_FOR: a timeout is retried from the evidence, wherever it was decided.
    expect(c.recovery).toBe("EVIDENCE_GUIDED_RETRY");
  });
  it("124 from timeout(1) is a timeout, even with an empty stderr", () => {
    expect(run("", 124, "timeout 30 make test").category).toBe("TIMEOUT");
  });
  it("137 Killed without the flag is a kill (CMD_ERROR), not a timeout", () => {
    const c = run("Killed", 137, "python train.py");
    expect(c.category).toBe("CMD_ERROR");
    expect(c.rule).toBe("resource.out_of_memory");
    expect(run("", 137).category).toBe("CMD_ERROR");
  });
  it("139 is a crash", () => {
    expect(run("", 139).reason).toBe("CMD_ERROR:crashed_exit_139");
  });
  it("127 and 126 point at the environment; 127 outranks a bare No such file (the path was the command)", () => {
    expect(run("", 127).category).toBe("ENV_SETUP_MISS");
    expect(run("", 126).category).toBe("ENV_SETUP_MISS");
    const c = run("bash: /opt/tools/bin/lint: No such file or directory", 127);
    expect(c.category).toBe("ENV_SETUP_MISS");
    expect(c.reason).toBe("ENV_SETUP_MISS:command_not_found_exit_127");
    expect(run("bash: /opt/tools/bin/lint: No such file or directory", 1).reason).toBe(
      "ENV_SETUP_MISS:no_such_file",
    );
  });
  it("exit 137 under a timeout(1) that kills is the time limit; without it, a kill", () => {
    expect(run("Killed", 137, "timeout -s KILL 60 ./bench").category).toBe("TIMEOUT");
    expect(run("", 137, "timeout --signal=9 5 make check && echo ok").category).toBe("TIMEOUT");
    expect(run("", 137, "timeout -k 5 30 pytest -x").reason).toBe(
      "TIMEOUT:timeout_signal_exit_137",
    );
    expect(run("", 143, "timeout --preserve-status 5 ./serve").category).toBe("TIMEOUT");
    expect(run("", 143, "./serve").category).toBe("CMD_ERROR");
    expect(run("Killed", 137, "timeout 60 ./bench").category).toBe("CMD_ERROR");
    expect(run("Killed", 137, "./bench").category).toBe("CMD_ERROR");
  });
  it("exit 142 (SIGALRM) is the program's own watchdog", () => {
    expect(run("", 142, "./poller").reason).toBe("TIMEOUT:alarm_exit_142");
  });
  it("127 yields to text that names another cause (a script that does not parse)", () => {
    const stderr =
      "./lib.sh: line 9: syntax error near unexpected token `done'\n./main.sh: line 3: setup_all: command not found";
    expect(run(stderr, 127).category).toBe("BAD_FILE_EDIT");
  });
  it("cmd.exe 9009 and its message point at the environment", () => {
    expect(run("", 9009).category).toBe("ENV_SETUP_MISS");
    const c = run(
      "'yarn' is not recognized as an internal or external command,\r\noperable program or batch file.\r\n",
      9009,
    );
    expect(c.rule).toBe("cmd.not_recognized");
  });
  it("Windows NTSTATUS exit codes: a missing DLL is the environment, an access violation a crash", () => {
    expect(run("", -1073741515, "app.exe").category).toBe("ENV_SETUP_MISS");
    expect(run("", 3221225781, "app.exe").category).toBe("ENV_SETUP_MISS");
    expect(run("", 3221225477, "app.exe").reason).toBe("CMD_ERROR:access_violation_0xc0000005");
  });
  it("with no rule and an ordinary exit code it is CMD_ERROR", () => {
    const c = run("something odd happened", 3);
    expect(c).toMatchObject({
      category: "CMD_ERROR",
      rule: null,
      line: null,
      recovery: "REPAIR_FAILED_COMMAND",
    });
  });
});

describe("classifyOutcome: root cause beats consequence", () => {
  it("a missing shared library followed by FileNotFoundError is ENV_SETUP_MISS", () => {
    const stderr = [
      "./bin/align: error while loading shared libraries: libhts.so.3: cannot open shared object file: No such file or directory",
      "Traceback (most recent call last):",
      '  File "post.py", line 4, in <module>',
      "FileNotFoundError: [Errno 2] No such file or directory: 'out/aligned.bam'",
    ].join("\n");
    expect(run(stderr).rule).toBe("loader.missing_shared_library");
  });
  it("an install log with a transient Read timed out is PKG_INSTALL", () => {
    const stderr = [
      "Collecting numpy==1.26.4",
      "  Downloading numpy-1.26.4.tar.gz (15.8 MB)",
      "ReadTimeoutError: HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out.",
    ].join("\n");
    expect(run(stderr, 1, "pip install -r requirements.txt").category).toBe("PKG_INSTALL");
    // the same line outside an install is a plain timeout
    expect(run("socket read: Read timed out", 1, "./fetch-report.sh").category).toBe("TIMEOUT");
  });
  it("make's Error 2 is CMD_ERROR unless the text says more", () => {
    expect(run("make: *** [Makefile:20: build] Error 2", 2, "make").category).toBe("CMD_ERROR");
    const stderr = "Makefile:20: *** missing separator.  Stop.\nmake: *** [all] Error 2";
    expect(run(stderr, 2, "make").category).toBe("BAD_FILE_EDIT");
  });
  it("an OOM kill inside a build is CMD_ERROR even under an install command", () => {
    expect(
      run("g++: fatal error: Killed signal terminated program cc1plus", 1, "pip install bigext")
        .category,
    ).toBe("CMD_ERROR");
  });
});

describe("classifyOutcome: progress and success lines never route", () => {
  it("go: downloading beside a failing test is CMD_ERROR", () => {
    const stderr = [
      "go: downloading github.com/stretchr/testify v1.9.0",
      "--- FAIL: TestParse (0.00s)",
      "    parse_test.go:12: got 3, want 4",
      "FAIL\texample.com/parse\t0.004s",
    ].join("\n");
    expect(run(stderr, 1, "go test ./...").category).toBe("CMD_ERROR");
  });
  it("Collecting/Downloading lines do not make a failure PKG_INSTALL", () => {
    const stderr = [
      "Collecting pytest",
      "Downloading pytest-8.0.0-py3-none-any.whl (334 kB)",
      "FAILED tests/test_io.py::test_roundtrip - AssertionError: assert b'' == b'x'",
    ].join("\n");
    expect(run(stderr, 1, "python -m pytest").category).toBe("CMD_ERROR");
  });
  it("a test named after timeouts is still a failing test", () => {
    const stderr =
      "FAILED tests/test_net.py::test_timeout_retry - AssertionError: expected retry\n== 1 failed in 2.1s ==";
    expect(run(stderr, 1, "pytest").category).toBe("CMD_ERROR");
  });
});

describe("classifyOutcome: ecosystems, locales, Windows", () => {
  const cases: [string, string, number, string][] = [
    [
      "src/App.tsx(9,5): error TS17002: Expected corresponding JSX closing tag for 'div'.",
      "BAD_FILE_EDIT",
      2,
      "tsc",
    ],
    [
      "src/a.ts(3,14): error TS7006: Parameter 'x' implicitly has an 'any' type.",
      "CMD_ERROR",
      2,
      "tsc",
    ],
    ["/entrypoint.sh: exec: line 9: gunicorn: not found", "ENV_SETUP_MISS", 127, "docker run app"],
    [
      "terminate called after throwing an instance of 'std::out_of_range'\nAborted (core dumped)",
      "CMD_ERROR",
      134,
      "./solver",
    ],
    [
      "ERROR: No matching distribution found for torchx==0.0.1",
      "PKG_INSTALL",
      1,
      "pip install torchx==0.0.1",
    ],
    [
      '  File "app.py", line 7\n    return x +\n             ^\nSyntaxError: invalid syntax',
      "BAD_FILE_EDIT",
      1,
      "python app.py",
    ],
    ["zsh: command not found: kubectx", "ENV_SETUP_MISS", 127, "kubectx"],
    ["bash: terraform: orden no encontrada", "ENV_SETUP_MISS", 127, "terraform init"],
    ["bash: ./x: Permission non accordée", "ENV_SETUP_MISS", 126, "./x"],
    [
      "cat: config.yml: そのようなファイルやディレクトリはありません",
      "ENV_SETUP_MISS",
      1,
      "cat config.yml",
    ],
    [
      "sh: línea 3: error sintáctico cerca del elemento inesperado `fi'",
      "BAD_FILE_EDIT",
      2,
      "sh build.sh",
    ],
    ["curl: (28) Превышено время ожидания операции", "TIMEOUT", 28, "curl https://example.org"],
    ["wget: tempo esgotado na conexão", "TIMEOUT", 4, "wget https://example.org/x"],
    [
      "'rg' は、内部コマンドまたは外部コマンド、\r\n操作可能なプログラムまたはバッチ ファイルとして認識されていません。",
      "ENV_SETUP_MISS",
      9009,
      "rg foo",
    ],
    [
      "rg : The term 'rg' is not recognized as the name of a cmdlet, function, script file, or operable program.\r\n    + FullyQualifiedErrorId : CommandNotFoundException",
      "ENV_SETUP_MISS",
      1,
      "rg foo",
    ],
    [
      "'node' 不是内部或外部命令，也不是可运行的程序\r\n或批处理文件。",
      "ENV_SETUP_MISS",
      9009,
      "node app.js",
    ],
  ];
  for (const [stderr, expected, exit, command] of cases) {
    it(`${command} -> ${expected}`, () => {
      expect(run(stderr, exit, command).category).toBe(expected);
    });
  }
});

describe("classifyOutcome: evidence and custom rule tables", () => {
  it("names the rule and the line it matched", () => {
    const c = classifyOutcome({
      turn: 3,
      command: "pip install foo",
      exit_code: 1,
      stderr: "ERROR: No matching distribution found for foo",
    });
    expect(c.reason).toBe("PKG_INSTALL:no_matching_distribution");
    expect(c.rule).toBe("pip.no_matching_distribution");
    expect(c.line).toBe("error: no matching distribution found for foo");
    expect(c.evidence[0]).toBe("turn 3 exit 1: pip install foo");
    expect(c.evidence[1]).toBe(
      "rule pip.no_matching_distribution matched: error: no matching distribution found for foo",
    );
  });
  it("accepts a caller's table, extended or replacing the built-in one", () => {
    const mine = defineRules("PKG_INSTALL", 60, [
      {
        id: "acme.mirror_down",
        pattern: /acme mirror unavailable/,
        means: "the in-house mirror is down",
      },
    ]);
    const stderr = "fatal: acme mirror unavailable (503)";
    expect(classifyOutcome({ exit_code: 1, stderr }).category).toBe("CMD_ERROR");
    const c = classifyOutcome({ exit_code: 1, stderr }, [...OUTCOME_RULES, ...mine]);
    expect(c).toMatchObject({
      category: "PKG_INSTALL",
      rule: "acme.mirror_down",
      recovery: "RETRY_PACKAGE_INSTALL",
    });
  });
  it("caps the matched line", () => {
    const c = run(`error: no matching distribution found for ${"x".repeat(1000)}`);
    expect(c.line!.length).toBeLessThanOrEqual(240);
  });
});

describe("classifyOutcome: a syntax error's location decides who is to blame", () => {
  it("in a published dependency: the runtime is too old (ENV_SETUP_MISS)", () => {
    const stderr =
      "/srv/app/node_modules/fancy-lib/index.js:12\n  const x = a ?? b;\n              ^\n\nSyntaxError: Unexpected token '?'";
    expect(run(stderr, 1, "node server.js").rule).toBe("runtime.syntax_in_dependency");
  });
  it("in the project, even with library frames above it: the file (BAD_FILE_EDIT)", () => {
    const stderr = [
      "/usr/lib/python3/site-packages/_pytest/python.py:617: in _importtestmodule",
      "    mod = import_path(self.path)",
      'E     File "/work/tests/test_api.py", line 20',
      "E       assert x",
      "E   IndentationError: unexpected indent",
    ].join("\n");
    expect(run(stderr, 2, "pytest").category).toBe("BAD_FILE_EDIT");
  });
});

describe("classifyOutcome: chained commands and caller regexes", () => {
  it("an install that succeeded before a failing script does not make the failure PKG_INSTALL", () => {
    const stderr =
      'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\nZeroDivisionError: division by zero';
    expect(run(stderr, 1, "pip install -r requirements.txt && python app.py").category).toBe(
      "CMD_ERROR",
    );
    expect(run("something odd", 1, "cd web && npm ci").category).toBe("PKG_INSTALL");
  });
  it("a caller's global regex is not stateful across calls", () => {
    const rules = defineRules("ENV_SETUP_MISS", 90, [
      { id: "x.flaky", pattern: /flaky/g, means: "a global regex" },
    ]);
    const a = classifyOutcome({ exit_code: 1, stderr: "flaky\nflaky" }, rules);
    const b = classifyOutcome({ exit_code: 1, stderr: "flaky\nflaky" }, rules);
    expect(a).toEqual(b);
    expect(a.rule).toBe("x.flaky");
  });
});

describe("classifyOutcome: a compile error under an install command is the code's fault", () => {
  it("go install with an undefined name is CMD_ERROR, not PKG_INSTALL", () => {
    const stderr = "# example.com/tool/cmd\ncmd/main.go:12:9: undefined: parseFlags";
    expect(run(stderr, 1, "go install ./cmd/...").category).toBe("CMD_ERROR");
  });
});
