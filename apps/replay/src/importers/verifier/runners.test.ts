import { cpuMs } from "@fak/vitest-config/cpu";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "./runners.js";
import { notRunOf, scanText } from "./scan.js";

// One case per runner of the table, on output shaped as that runner prints it: the line that
// heads the evidence, its runner and its line number; and each "could not run" pattern.

const FAILING: Record<string, { text: string; head: string; line: number }> = {
  pytest: {
    text: `============================= test session starts ==============================
collected 3 items

tests/test_outputs.py ..F                                                [100%]

=================================== FAILURES ===================================
_______________________________ test_token_count _______________________________

    def test_token_count():
>       assert count_tokens("/app/out.txt") == 79586
E       assert 79566 == 79586
E        +  where 79566 = count_tokens('/app/out.txt')

tests/test_outputs.py:14: AssertionError
=========================== short test summary info ============================
FAILED tests/test_outputs.py::test_token_count - assert 79566 == 79586
========================= 1 failed, 2 passed in 0.31s ==========================`,
    head: "assert 79566 == 79586",
    line: 11,
  },
  python: {
    text: `F.
======================================================================
FAIL: test_parse (test_cli.TestCli)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/tests/test_cli.py", line 12, in test_parse
    self.assertEqual(parse("a=1"), {"a": 1})
AssertionError: {'a': '1'} != {'a': 1}

----------------------------------------------------------------------
Ran 2 tests in 0.002s

FAILED (failures=1)`,
    head: "FAIL: test_parse (test_cli.TestCli)",
    line: 3,
  },
  "go test": {
    text: `=== RUN   TestAdd
    calc_test.go:11: Add(2, 2) = 5, want 4
--- FAIL: TestAdd (0.00s)
=== RUN   TestSub
--- PASS: TestSub (0.00s)
FAIL
FAIL\texample.com/calc\t0.004s
FAIL`,
    head: "calc_test.go:11: Add(2, 2) = 5, want 4",
    line: 2,
  },
  "cargo test": {
    text: `running 2 tests
test tests::adds ... ok
test tests::parses ... FAILED

failures:

---- tests::parses stdout ----
thread 'tests::parses' panicked at src/lib.rs:21:9:
assertion \`left == right\` failed
  left: 3
 right: 4`,
    head: "test tests::parses ... FAILED",
    line: 3,
  },
  rustc: {
    text: `   Compiling calc v0.1.0 (/app)
error[E0308]: mismatched types
 --> src/main.rs:4:18
  |
4 |     let x: u32 = "four";
  |            ---   ^^^^^^ expected \`u32\`, found \`&str\``,
    head: "error[E0308]: mismatched types",
    line: 2,
  },
  "jest/vitest": {
    text: ` FAIL  src/sum.test.js
  ● sum › adds two numbers

    expect(received).toBe(expected) // Object.is equality

    Expected: 4
    Received: 5`,
    head: "FAIL  src/sum.test.js",
    line: 1,
  },
  playwright: {
    text: `Running 2 tests using 1 worker

  ✓  1 [chromium] › e2e/home.spec.ts:5:1 › home page loads (1.2s)
  ✘  2 [chromium] › e2e/upload.spec.ts:39:1 › upload shows the summary (5.6s)`,
    head: "✘  2 [chromium] › e2e/upload.spec.ts:39:1 › upload shows the summary (5.6s)",
    line: 4,
  },
  "junit xml": {
    text: `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="CalcTest" tests="2" failures="1">
  <testcase name="testAdd" classname="CalcTest" time="0.001"/>
  <testcase name="testDiv" classname="CalcTest" time="0.002">
    <failure message="expected:&lt;2&gt; but was:&lt;3&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;2&gt; but was: &lt;3&gt;</failure>
  </testcase>
</testsuite>`,
    head: '<failure message="expected:&lt;2&gt; but was:&lt;3&gt;"',
    line: 5,
  },
  tap: {
    text: `TAP version 13
1..3
ok 1 - parses empty input
not ok 2 - parses a header
  ---
  message: 'expected 1 header, got 0'
  ...
ok 3 - rejects garbage`,
    head: "not ok 2 - parses a header",
    line: 4,
  },
  ctest: {
    text: `Test project /app/build
    Start 1: unit_vec
1/2 Test #1: unit_vec .........................   Passed    0.01 sec
    Start 2: unit_map
2/2 Test #2: unit_map .........................***Failed    0.02 sec

50% tests passed, 1 tests failed out of 2

The following tests FAILED:
	  2 - unit_map (Failed)`,
    head: "2/2 Test #2: unit_map .........................***Failed    0.02 sec",
    line: 5,
  },
  make: {
    text: `cc -O2 -c main.c -o main.o
cc -O2 main.o -o app
./app --self-test
self-test: 3 of 4 checks wrong
make: *** [Makefile:12: check] Error 1`,
    head: "make: *** [Makefile:12: check] Error 1",
    line: 5,
  },
  "gcc/clang": {
    text: `gcc -Wall -o vm vm.c
vm.c:42:17: error: 'opcode' undeclared (first use in this function)
   42 |     switch (opcode) {
      |             ^~~~~~`,
    head: "vm.c:42:17: error: 'opcode' undeclared (first use in this function)",
    line: 2,
  },
  tsc: {
    text: `> tsc -p .
src/index.ts(7,3): error TS2322: Type 'string' is not assignable to type 'number'.`,
    head: "src/index.ts(7,3): error TS2322: Type 'string' is not assignable to type 'number'.",
    line: 2,
  },
  "go build": {
    text: `# example.com/server
./main.go:17:2: undefined: handler
FAIL\texample.com/server [build failed]`,
    head: "./main.go:17:2: undefined: handler",
    line: 2,
  },
  npm: {
    text: `> kv@1.0.0 test
> node test/run.js

store: 3 checks, 1 wrong
npm error Test failed.  See above for more details.`,
    head: "npm error Test failed.",
    line: 5,
  },
  maven: {
    text: `[INFO] Running com.example.CalcTest
[ERROR] Tests run: 2, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.031 s <<< FAILURE! - in com.example.CalcTest
[ERROR] com.example.CalcTest.adds  Time elapsed: 0.005 s  <<< FAILURE!
org.opentest4j.AssertionFailedError: expected: <4> but was: <5>
	at com.example.CalcTest.adds(CalcTest.java:12)
[INFO] Results:
[ERROR] Failures:
[ERROR]   CalcTest.adds:12 expected: <4> but was: <5>`,
    head: "[ERROR] com.example.CalcTest.adds  Time elapsed",
    line: 3,
  },
  gradle: {
    text: `> Task :compileJava
> Task :test

CalcTest > adds() FAILED
    org.opentest4j.AssertionFailedError at CalcTest.java:12

2 tests completed, 1 failed

> Task :test FAILED`,
    head: "CalcTest > adds() FAILED",
    line: 4,
  },
  rspec: {
    text: `F.

Failures:

  1) Calc adds numbers
     Failure/Error: expect(Calc.add(2, 2)).to eq(4)

       expected: 4
            got: 5

2 examples, 1 failure

Failed examples:

rspec ./spec/calc_spec.rb:4 # Calc adds numbers`,
    head: "Failure/Error: expect(Calc.add(2, 2)).to eq(4)",
    line: 6,
  },
  minitest: {
    text: `# Running:

F.

Finished in 0.001s, 2000.0 runs/s, 2000.0 assertions/s.

  1) Failure:
CalcTest#test_add [test/calc_test.rb:6]:
Expected: 4
  Actual: 5

2 runs, 2 assertions, 1 failures, 0 errors, 0 skips`,
    head: "1) Failure:",
    line: 7,
  },
  phpunit: {
    text: `PHPUnit 10.5.0 by Sebastian Bergmann and contributors.

F.                                                                  2 / 2 (100%)

There was 1 failure:

1) CalcTest::testAdd
Failed asserting that 5 matches expected 4.

/app/tests/CalcTest.php:9

FAILURES!
Tests: 2, Assertions: 2, Failures: 1.`,
    head: "1) CalcTest::testAdd",
    line: 7,
  },
  mocha: {
    text: `  Calc
    ✔ subtracts
    1) adds

  1 passing (5ms)
  1 failing

  1) Calc
       adds:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

5 !== 4`,
    head: "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
    line: 11,
  },
  dotnet: {
    text: `  Calc.Tests -> /app/tests/bin/Debug/net8.0/Calc.Tests.dll
[xUnit.net 00:00:00.50]     Calc.Tests.CalcTests.Adds [FAIL]
  Failed Calc.Tests.CalcTests.Adds [4 ms]
  Error Message:
   Assert.Equal() Failure: Values differ
Expected: 4
Actual:   5

Failed!  - Failed:     1, Passed:     1, Skipped:     0, Total:     2, Duration: 4 ms - Calc.Tests.dll (net8.0)`,
    head: "[xUnit.net 00:00:00.50]     Calc.Tests.CalcTests.Adds [FAIL]",
    line: 2,
  },
  xctest: {
    text: `Test Case '-[CalcTests.CalcTests testAdd]' started.
/app/Tests/CalcTests/CalcTests.swift:6: error: -[CalcTests.CalcTests testAdd] : XCTAssertEqual failed: ("5") is not equal to ("4")
Test Case '-[CalcTests.CalcTests testAdd]' failed (0.002 seconds).`,
    head: "/app/Tests/CalcTests/CalcTests.swift:6: error: -[CalcTests.CalcTests testAdd] : XCTAssertEqual failed",
    line: 2,
  },
  exunit: {
    text: `..

  1) test adds (CalcTest)
     test/calc_test.exs:5
     Assertion with == failed
     code:  assert Calc.add(2, 2) == 4
     left:  5
     right: 4

Finished in 0.02 seconds
2 tests, 1 failure`,
    head: "1) test adds (CalcTest)",
    line: 3,
  },
  testthat: {
    text: `══ Failed tests ════════════════════════════════════════════════════════════════
── Failure ('test-calc.R:3:3'): adds ───────────────────────────────────────────
add(2, 2) (\`actual\`) not equal to 4 (\`expected\`).

[ FAIL 1 | WARN 0 | SKIP 0 | PASS 1 ]`,
    head: "── Failure ('test-calc.R:3:3'): adds",
    line: 2,
  },
  julia: {
    text: `add: Test Failed at /app/test/runtests.jl:5
  Expression: add(2, 2) == 4
   Evaluated: 5 == 4
Test Summary: | Pass  Fail  Total
calc          |    1     1      2`,
    head: "add: Test Failed at /app/test/runtests.jl:5",
    line: 1,
  },
};

const NOT_RUN: Record<string, { text: string; kind: string }[]> = {
  pytest: [
    {
      text: "ERROR: file or directory not found: /app/tests/test_api.py",
      kind: "workspace_missing",
    },
    { text: "/usr/bin/python3: No module named pytest", kind: "tool_missing" },
  ],
  python: [
    { text: "E   ModuleNotFoundError: No module named 'kvstore'", kind: "import_failed" },
    {
      text: "ImportError: cannot import name 'Server' from 'kvstore' (/app/kvstore.py)",
      kind: "import_failed",
    },
  ],
  "go test": [
    {
      text: "go: go.mod requires go >= 1.23.4 (running go 1.21.6; GOTOOLCHAIN=local)",
      kind: "toolchain_too_old",
    },
    {
      text: "go: downloading go1.23.4 (linux/amd64): toolchain not available",
      kind: "toolchain_too_old",
    },
    { text: "no Go files in /app", kind: "no_package" },
    { text: 'go: warning: "./..." matched no packages', kind: "no_package" },
    {
      text: "go: go.mod file not found in current directory or any parent directory; see 'go help modules'",
      kind: "workspace_missing",
    },
    {
      text: "pattern ./...: directory prefix . does not contain main module or its selected dependencies",
      kind: "workspace_missing",
    },
    {
      text: "tests/kv_test.go:6:2: no required module provides package example.com/kv/store; to add it:",
      kind: "import_failed",
    },
    { text: 'main_test.go:4:2: cannot find package "kv/store" in any of:', kind: "import_failed" },
  ],
  "cargo test": [
    {
      text: "error: could not find `Cargo.toml` in `/app` or any parent directory",
      kind: "workspace_missing",
    },
    {
      text: "error: package `tokio v1.40.0` cannot be built because it requires rustc 1.70 or newer, while the currently active rustc version is 1.65.0",
      kind: "toolchain_too_old",
    },
  ],
  "jest/vitest": [
    {
      text: "    Cannot find module '../src/sum' from 'tests/sum.test.js'",
      kind: "import_failed",
    },
    { text: "sh: 1: vitest: not found", kind: "tool_missing" },
  ],
  tap: [{ text: "Bail out! prove: command node not found", kind: "tool_missing" }],
  ctest: [{ text: "No tests were found!!!", kind: "no_package" }],
  make: [
    {
      text: "make: *** No targets specified and no makefile found.  Stop.",
      kind: "workspace_missing",
    },
    { text: "make: *** No rule to make target 'test'.  Stop.", kind: "workspace_missing" },
  ],
  npm: [
    {
      text: "npm error enoent Could not read package.json: Error: ENOENT: no such file or directory",
      kind: "workspace_missing",
    },
    { text: "npm ERR! path /workspace/app/package.json", kind: "workspace_missing" },
  ],
  shell: [
    {
      text: "fatal: not a git repository (or any of the parent directories): .git",
      kind: "workspace_missing",
    },
    { text: "/tests/run.sh: line 4: uv: command not found", kind: "tool_missing" },
    { text: "sh: 1: bats: not found", kind: "tool_missing" },
    {
      text: "/tests/run.sh: line 2: cd: /app/repo: No such file or directory",
      kind: "workspace_missing",
    },
    { text: "/tests/run-tests.sh: line 2: $'\\r': command not found", kind: "script_broken" },
    {
      text: "/tests/run-tests.sh: line 6: set: pipefail: invalid option name",
      kind: "script_broken",
    },
    { text: "/tests/test.sh: 3: set: Illegal option -o pipefail", kind: "script_broken" },
  ],
  maven: [
    {
      text: "[ERROR] The goal you specified requires a project to execute but there is no POM in this directory (/app). Please verify you invoked Maven from the correct directory. -> [Help 1]",
      kind: "workspace_missing",
    },
    {
      text: "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project calc: Fatal error compiling: error: release version 21 not supported -> [Help 1]",
      kind: "toolchain_too_old",
    },
  ],
  gradle: [
    {
      text: "> Unsupported class file major version 65",
      kind: "toolchain_too_old",
    },
    { text: "Directory '/app' does not contain a Gradle build.", kind: "workspace_missing" },
  ],
  rspec: [{ text: "LoadError: cannot load such file -- /app/lib/calc", kind: "import_failed" }],
  dotnet: [
    {
      text: "MSBUILD : error MSB1003: Specify a project or solution file. The current working directory does not contain a project or solution file.",
      kind: "workspace_missing",
    },
    {
      text: "/usr/share/dotnet/sdk/6.0.428/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.TargetFrameworkInference.targets(144,5): error NETSDK1045: The current .NET SDK does not support targeting .NET 8.0.",
      kind: "toolchain_too_old",
    },
  ],
};

const OUTCOMES: Record<string, { text: string; tests: [string, boolean][] }> = {
  pytest: {
    text: "tests/test_api.py::test_get PASSED                          [ 50%]\ntests/test_api.py::test_put FAILED                          [100%]",
    tests: [
      ["tests/test_api.py::test_get", true],
      ["tests/test_api.py::test_put", false],
    ],
  },
  python: {
    text: "test_add (test_calc.TestCalc) ... ok\ntest_div (test_calc.TestCalc) ... FAIL",
    tests: [
      ["test_add", true],
      ["test_div", false],
    ],
  },
  "go test": {
    text: "=== RUN   TestAdd\n--- PASS: TestAdd (0.00s)\n=== RUN   TestSub\n    --- FAIL: TestSub/negative (0.00s)",
    tests: [
      ["TestAdd", true],
      ["TestSub/negative", false],
    ],
  },
  "cargo test": {
    text: "running 2 tests\ntest tests::adds ... ok\ntest tests::parses ... FAILED",
    tests: [
      ["tests::adds", true],
      ["tests::parses", false],
    ],
  },
  "jest/vitest": {
    text: "  sum\n    ✓ adds two numbers (3 ms)\n    ✕ adds negatives (2 ms)",
    tests: [
      ["adds two numbers", true],
      ["adds negatives", false],
    ],
  },
  playwright: {
    text: "  ✓  1 [chromium] › e2e/a.spec.ts:3:1 › loads (1.2s)\n  ✘  2 [firefox] › e2e/b.spec.ts:9:1 › saves (5.6s)",
    tests: [
      ["e2e/a.spec.ts:3:1 › loads", true],
      ["e2e/b.spec.ts:9:1 › saves", false],
    ],
  },
  tap: {
    text: "1..2\nok 1 - parses empty input\nnot ok 2 - parses a header",
    tests: [
      ["parses empty input", true],
      ["parses a header", false],
    ],
  },
  ctest: {
    text: "1/2 Test #1: unit_vec .........................   Passed    0.01 sec\n2/2 Test #2: unit_map .........................***Failed    0.02 sec",
    tests: [
      ["unit_vec", true],
      ["unit_map", false],
    ],
  },
  gradle: {
    text: "CalcTest > subtracts() PASSED\nCalcTest > adds() FAILED\n    org.opentest4j.AssertionFailedError at CalcTest.java:12",
    tests: [
      ["CalcTest > subtracts()", true],
      ["CalcTest > adds()", false],
    ],
  },
  dotnet: {
    text: "  Passed Calc.Tests.CalcTests.Subtracts [1 ms]\n  Failed Calc.Tests.CalcTests.Adds [4 ms]",
    tests: [
      ["Calc.Tests.CalcTests.Subtracts", true],
      ["Calc.Tests.CalcTests.Adds", false],
    ],
  },
  xctest: {
    text: "Test Case 'CalcTests.testSub' passed (0.001 seconds)\nTest Case 'CalcTests.testAdd' failed (0.002 seconds)",
    tests: [
      ["CalcTests.testSub", true],
      ["CalcTests.testAdd", false],
    ],
  },
};

describe("the runner table", () => {
  it("has an outcome case for every runner that reports tests one a line", () => {
    const withOutcome = RUNNERS.filter((r) => r.outcome).map((r) => r.name);
    expect(Object.keys(OUTCOMES).sort()).toEqual([...withOutcome].sort());
  });

  for (const [name, c] of Object.entries(OUTCOMES)) {
    it(`${name}: reads each test's outcome from its line`, () => {
      const scan = scanText({ file: "verifier/out.txt", text: c.text, first: 1 });
      expect(scan.tests.map((t) => [t.name, t.passed])).toEqual(c.tests);
    });
  }

  it("has a failing-output case for every runner with failure patterns, and nothing else", () => {
    const withFailures = RUNNERS.filter((r) => r.failure.length).map((r) => r.name);
    expect(Object.keys(FAILING).sort()).toEqual([...withFailures].sort());
    const withNotRun = RUNNERS.filter((r) => r.notRun?.length).map((r) => r.name);
    expect(Object.keys(NOT_RUN).sort()).toEqual([...withNotRun].sort());
  });

  for (const [name, c] of Object.entries(FAILING)) {
    it(`${name}: the first failure heads the evidence, with its line`, () => {
      const scan = scanText({ file: "verifier/out.txt", text: c.text, first: 1 });
      expect(scan.strength).toBe(2);
      expect(scan.runner).toBe(name);
      expect(scan.lines[0]?.text.startsWith(c.head)).toBe(true);
      expect(scan.lines[0]).toMatchObject({ file: "verifier/out.txt", line: c.line });
      expect(scan.notRun).toBeUndefined();
    });
  }

  for (const [name, cases] of Object.entries(NOT_RUN)) {
    it(`${name}: says when the tests could not run, and why`, () => {
      for (const c of cases) {
        const text = `+ cd /app\n${c.text}\nexit status 1`;
        const scan = scanText({ file: "verifier/test-stdout.txt", text, first: 1 });
        expect(scan.notRun, c.text).toMatchObject({
          kind: c.kind,
          runner: name,
          line: { file: "verifier/test-stdout.txt", line: 2, text: c.text.trim() },
        });
      }
    });
  }

  it("calls only the verifier's own script broken, never a script of the agent's", () => {
    expect(notRunOf("/tests/run-tests.sh: line 2: $'\\r': command not found")?.kind).toBe(
      "script_broken",
    );
    expect(notRunOf("/app/run.sh: line 2: $'\\r': command not found")).toBeUndefined();
    expect(notRunOf("/app/deploy.sh: line 6: set: pipefail: invalid option name")).toBeUndefined();
  });

  it("says a verifier never started its tests only when it ends in its own installs", () => {
    const scan = (text: string) => scanText({ file: "verifier/test-stdout.txt", text, first: 1 });
    const downloading =
      "Setting up xvfb (2:21.1.7-3+deb12u11) ...\nDownloading Chrome for Testing 147.0 from https://cdn.playwright.dev/x.zip\n|■■■■■■■■                                | 20% of 170.4 MiB\n";
    expect(scan(downloading).started).toBe(false);
    expect(scan(`Running 3 tests using 1 worker\n${downloading}`).started).toBe(true);
    expect(
      scan("Collecting flask\n  Downloading flask-3.0.0.whl\nsome output of the agent's program\n")
        .started,
    ).toBe(true);
    expect(scan("").started).toBe(true);
  });

  it("a passing test's captured parse errors never head the evidence: the failing assertion does", () => {
    const text = [
      "../tests/test_outputs.py::test_parse PASSED                              [ 50%]",
      "../tests/test_outputs.py::test_report FAILED                             [100%]",
      "==================================== PASSES ====================================",
      "----------------------------- Captured stderr call -----------------------------",
      'jq: error (at <stdin>:0): Cannot index number with "name"',
      "parse error: Invalid numeric literal at line 1, column 6",
      "=================================== FAILURES ===================================",
      '>       assert "total: 42" in out',
      "E       AssertionError: assert 'total: 42' in 'total: 41'",
    ].join("\n");
    const s = scanText({ file: "verifier/test-stdout.txt", text, first: 1 });
    expect(s.lines[0]).toEqual({
      file: "verifier/test-stdout.txt",
      line: 9,
      text: "AssertionError: assert 'total: 42' in 'total: 41'",
    });
  });

  it("reads passing output as no failure", () => {
    const scan = scanText({
      file: "verifier/out.txt",
      text: "=== RUN   TestAdd\n--- PASS: TestAdd (0.00s)\nPASS\nok  \texample.com/calc\t0.003s",
      first: 1,
    });
    expect(scan).toMatchObject({ strength: 0, lines: [] });
  });

  it("stays fast on a long crafted line (every pattern is bounded)", () => {
    const line = `${"a:1:".repeat(50_000)} error ${"-".repeat(100_000)}`;
    // CPU time, not wall time: the bound is for a blow-up, not the machine's load.
    const ms = cpuMs(() =>
      scanText({ file: "verifier/out.txt", text: `${line}\n${line}`, first: 1 }),
    );
    expect(ms).toBeLessThan(2000);
  });
});
