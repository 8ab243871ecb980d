// The test runners and compilers whose output a verifier leaves, as data: one entry per runner,
// so a new runner is one entry (and one test in runners.test.ts). For each: the lines that mark a
// failing test or an error (the first of them, in file order, heads the evidence), and the lines
// that say the verifier could not run its tests at all, with what kind of "could not run" it is
// (`NotRunKind`; who it belongs to is decided in not-run.ts, from the labelling rules).
//
// Every pattern is anchored or bounded (no nested quantifiers): each is tried on one line at a
// time, and lines are capped before they are tried (scan.ts), so a crafted line cannot stall it.

/** Why a verifier could not run its tests. */
export type NotRunKind =
  /** The verifier's toolchain is older than the project needs (go.mod's go line, rust-version). */
  | "toolchain_too_old"
  /** The project the tests run on is not there (the repository was not mounted or copied). */
  | "workspace_missing"
  /** The test command names a folder with no package in it (`go test ./` at a bare root). */
  | "no_package"
  /** The tests could not import a module (the agent's own, or one the environment lacks). */
  | "import_failed"
  /** The test runner or a tool it needs is not installed. */
  | "tool_missing"
  /** The verifier's own test script cannot run in its shell (CRLF line ends, a bash option under sh). */
  | "script_broken";

export interface NotRunPattern {
  kind: NotRunKind;
  pattern: RegExp;
}

export interface Runner {
  name: string;
  /** A line that is a failing test, a failed assertion or a compiler error of this runner. */
  failure: RegExp[];
  /**
   * A line that reports one test's outcome, with groups `name` and `verdict` (a verdict that
   * matches PASSED is a pass): the tests of a verifier that left no structured report.
   */
  outcome?: RegExp;
  /** Lines that say the runner could not run the tests. */
  notRun?: NotRunPattern[];
}

/** An outcome verdict that is a pass. */
export const PASSED = /^(?:PASS|PASSED|ok|Passed|passed|✓|√)$/;

/** A file path with a line (and column) as compilers print it: `src/a.c:12:5`. */
const AT = String.raw`[\w./~+-]{1,300}:\d{1,7}(?::\d{1,7})?`;

export const RUNNERS: readonly Runner[] = [
  {
    name: "pytest",
    outcome: /^(?<name>[\w./-]{1,300}::\S{1,300}) (?<verdict>PASSED|FAILED|ERROR)\b/,
    failure: [
      /^E\s{2,}\S/,
      /^(?:FAILED|ERROR) [\w./-]{1,300}(?:::\S{1,300})?(?: - |$)/,
      /^_{3,} ERROR collecting \S{1,300} _{3,}$/,
    ],
    notRun: [
      { kind: "workspace_missing", pattern: /^ERROR: file or directory not found: \S/ },
      { kind: "tool_missing", pattern: /No module named '?pytest'?$/ },
    ],
  },
  {
    name: "python",
    outcome: /^(?<name>test\w{0,200}) \([\w.]{1,300}\)(?: \.\.\.)? (?<verdict>ok|FAIL|ERROR)$/,
    failure: [
      /^(?:[A-Za-z_]\w{0,100}\.){0,8}[A-Z]\w{0,100}(?:Error|Exception): \S/,
      /^(?:AssertionError|SyntaxError|IndentationError)\b/,
      /^(?:FAIL|ERROR): \w{1,200} \([\w.]{1,300}\)$/,
    ],
    notRun: [
      {
        kind: "import_failed",
        pattern: /^(?:E {2,})?ModuleNotFoundError: No module named '[\w.]+'/,
      },
      {
        kind: "import_failed",
        pattern: /^(?:E {2,})?ImportError: cannot import name '\w+' from '[\w.]+'/,
      },
    ],
  },
  {
    name: "go test",
    outcome: /^\s{0,40}--- (?<verdict>PASS|FAIL): (?<name>\S{1,300}) \(/,
    failure: [
      /^\s{0,40}--- FAIL: \S/,
      /^FAIL\t\S/,
      /^panic: \S/,
      /^\s{1,40}[\w./-]{1,300}_test\.go:\d{1,7}: \S/,
      /^FAIL\s+\S{1,300}\s+\[(?:build|setup) failed\]$/,
    ],
    notRun: [
      {
        kind: "toolchain_too_old",
        pattern:
          /^go: (?:[\w./@-]{1,300}: )?go\.mod requires go >= \S{1,40} \(running go \S{1,40}; GOTOOLCHAIN=local\)/,
      },
      {
        kind: "toolchain_too_old",
        pattern: /^go: downloading go\S{1,40}.{0,200}toolchain not available/,
      },
      { kind: "no_package", pattern: /^(?:go: )?no Go files in \S/ },
      {
        kind: "no_package",
        pattern: /^(?:go: )?(?:warning: )?"?\.\/\.\.\.?"? matched no packages/,
      },
      {
        kind: "workspace_missing",
        pattern:
          /^go: (?:cannot find main module|go\.mod file not found in current directory or any parent directory)/,
      },
      {
        kind: "workspace_missing",
        pattern: /^pattern \S{1,300}: directory prefix \S{1,300} does not contain main module/,
      },
      {
        kind: "import_failed",
        pattern:
          /(?:^|: )(?:no required module provides package [\w./-]{1,300}|cannot find package "[^"]{1,300}"|package [\w./-]{1,300} is not in (?:GOROOT|std))/,
      },
    ],
  },
  {
    name: "cargo test",
    outcome: /^test (?<name>\S{1,300}) \.\.\. (?<verdict>ok|FAILED)$/,
    failure: [
      /^test \S{1,300} \.\.\. FAILED$/,
      /^---- \S{1,300} stdout ----$/,
      /^thread '[^']{1,300}' panicked at /,
      /^error: (?:could not compile|test failed)\b/,
    ],
    notRun: [
      { kind: "workspace_missing", pattern: /^error: could not find `Cargo\.toml` in / },
      {
        kind: "toolchain_too_old",
        pattern:
          /^error: (?:package `[^`]{1,300}` cannot be built because it requires rustc|rustc \S{1,40} is not supported by the following package)/,
      },
    ],
  },
  {
    name: "rustc",
    failure: [/^error\[E\d{4}\]: \S/, /^error: (?:expected|unexpected|mismatched|cannot find) /],
  },
  {
    name: "jest/vitest",
    outcome: /^\s{0,20}(?<verdict>[✓√✕×]) (?<name>\S.{0,300}?)(?: \(\d{1,7} ?ms\))?$/,
    failure: [
      /^\s{0,20}● .{1,300} › \S/,
      /^\s{0,20}FAIL {1,2}\S{1,300}\.(?:[cm]?[jt]sx?)\b/,
      /^\s{0,20}[×✕✗] \S/,
      /^\s{0,20}AssertionError: expected .{1,500} to /,
    ],
    notRun: [
      {
        kind: "import_failed",
        pattern: /^\s{0,20}(?:Error: )?Cannot find module '[^']{1,300}' from /,
      },
      {
        kind: "tool_missing",
        pattern: /^(?:sh: \d+: )?(?:npx: )?(?:jest|vitest|mocha): (?:command )?not found/,
      },
    ],
  },
  {
    name: "playwright",
    outcome:
      /^\s{0,20}(?<verdict>[✓✘]) {1,4}\d{1,6} \[[\w .-]{1,60}\] › (?<name>\S.{0,400}?)(?: \(\d{1,7}(?:\.\d{1,3})?m?s\))?$/,
    failure: [
      /^\s{0,20}✘ {1,4}\d{1,6} \[[\w .-]{1,60}\] › \S/,
      /^\s{0,20}\d{1,6}\) \[[\w .-]{1,60}\] › \S/,
    ],
  },
  {
    name: "junit xml",
    failure: [/^\s{0,200}<(?:failure|error)\b[^>]{0,2000}>?/],
  },
  {
    name: "tap",
    outcome: /^\s{0,20}(?<verdict>ok|not ok) \d{1,7}(?: -)? (?<name>\S.{0,300})$/,
    failure: [/^\s{0,20}not ok \d{1,7}\b/],
    notRun: [{ kind: "tool_missing", pattern: /^Bail out! .{0,40}(?:not found|cannot|missing)/i }],
  },
  {
    name: "ctest",
    outcome:
      /^\s{0,10}\d{1,7}\/\d{1,7} Test\s{1,10}#\d{1,7}: (?<name>\S{1,300}) \.{0,200}\**\s{0,10}(?<verdict>Passed|Failed)/,
    failure: [
      /^\s{0,10}\d{1,7}\/\d{1,7} Test\s{1,10}#\d{1,7}: \S{1,300} \.{0,200}\**\s{0,10}(?:Failed|Exception|Timeout|Subprocess aborted)/,
      /^The following tests FAILED:$/,
    ],
    notRun: [{ kind: "no_package", pattern: /^No tests were found!!!$/ }],
  },
  {
    name: "make",
    failure: [/^make(?:\[\d{1,4}\])?: \*\*\* \S.{0,500}Error \d{1,4}/],
    notRun: [
      {
        kind: "workspace_missing",
        pattern: /^make(?:\[\d{1,4}\])?: \*\*\* No targets specified and no makefile found/,
      },
      {
        kind: "workspace_missing",
        pattern:
          /^make(?:\[\d{1,4}\])?: \*\*\* No rule to make target '?(?:test|check)'?\.\s{0,4}Stop\./,
      },
    ],
  },
  {
    // Maven's surefire: one line per failing test, the summary's `Class.test:line message`, and
    // javac's errors as Maven prints them.
    name: "maven",
    failure: [
      /^\[ERROR\] (?!Tests run:)\S{1,300}\s{1,4}Time elapsed: .{1,60}<<< (?:FAILURE|ERROR)!$/,
      /^\[ERROR\]\s{1,4}[\w$]{1,300}\.[\w$]{1,300}:\d{1,7} \S/,
      /^\[ERROR\] \S{1,300}\.(?:java|kt|scala):\[\d{1,7},\d{1,7}\] \S/,
    ],
    notRun: [
      {
        kind: "workspace_missing",
        pattern:
          /^\[ERROR\] The goal you specified requires a project to execute but there is no POM/,
      },
      {
        kind: "toolchain_too_old",
        pattern:
          /^\[ERROR\] Failed to execute goal .{1,300}(?:error: (?:invalid target release|release version \S{1,20} not supported)|has been compiled by a more recent version of the Java Runtime)/,
      },
    ],
  },
  {
    // Gradle's test task (`Class > test() FAILED`) and a compile task that failed.
    name: "gradle",
    outcome: /^(?<name>[\w.$]{1,300} > \S.{0,300}?) (?<verdict>PASSED|FAILED)$/,
    failure: [
      /^[\w.$]{1,300} > \S.{0,300} FAILED$/,
      /^> Task :(?:\S{1,200}:)?\w{0,60}[Cc]ompile\w{0,60} FAILED$/,
    ],
    notRun: [
      {
        kind: "toolchain_too_old",
        pattern: /(?:^(?:> )?|: )Unsupported class file major version \d{1,3}$/,
      },
      {
        kind: "workspace_missing",
        pattern: /^(?:> )?Directory '[^']{1,300}' does not contain a Gradle build\.?$/,
      },
    ],
  },
  {
    name: "rspec",
    failure: [/^\s{0,12}Failure\/Error: \S/, /^rspec \.\/\S{1,300}:\d{1,7} # \S/],
    notRun: [
      {
        kind: "import_failed",
        pattern: /^\s{0,12}(?:# )?(?:LoadError: )?cannot load such file -- \S/,
      },
    ],
  },
  {
    name: "minitest",
    failure: [
      /^\s{0,4}\d{1,5}\) (?:Failure|Error):$/,
      /^[\w:]{1,300}#test\w{0,200} \[\S{1,300}:\d{1,7}\]:$/,
    ],
  },
  {
    name: "phpunit",
    failure: [
      /^\d{1,5}\) [\w\\]{1,300}::\w{1,300}(?: with data set .{1,200})?$/,
      /^Failed asserting that \S/,
      /^(?:PHP )?(?:Parse|Fatal) error: {1,2}\S/,
    ],
  },
  {
    name: "mocha",
    failure: [/^\s{1,12}AssertionError(?: \[[A-Z_]{1,60}\])?: \S/],
  },
  {
    // dotnet test (xUnit, NUnit, MSTest) and the C# compiler's `file(line,col): error CS1002:`.
    name: "dotnet",
    outcome:
      /^\s{0,4}(?<verdict>Passed|Failed) (?<name>[\w.`<>,()"-]{1,300}?) \[\d{1,7}(?:\.\d{1,3})? ?m?s\]$/,
    failure: [
      /^\s{0,4}Failed [\w.`<>,()"-]{1,300} \[\d/,
      /^\[xUnit\.net [\d:.]{1,20}\]\s{1,10}\S{1,300} \[FAIL\]$/,
      /^Failed! {1,2}- Failed: /,
      /^[\w./~+\\:-]{1,300}\(\d{1,7},\d{1,7}\): error (?!TS)[A-Z]{2,6}\d{1,6}: /,
    ],
    notRun: [
      {
        kind: "workspace_missing",
        pattern: /^MSBUILD : error MSB1003: Specify a project or solution file/,
      },
      {
        kind: "toolchain_too_old",
        pattern: /error NETSDK1045: The current \.NET SDK does not support targeting/,
      },
    ],
  },
  {
    // swift test (XCTest): the failed assertion as a compiler-style line, and the test case's end.
    name: "xctest",
    outcome: /^Test Case '(?<name>[^']{1,300})' (?<verdict>passed|failed) \(/,
    failure: [
      /^\S{1,300}\.swift:\d{1,7}: error: .{1,300} : XCT\w{1,40} failed/,
      /^Test Case '[^']{1,300}' failed \(/,
    ],
  },
  {
    name: "exunit",
    failure: [
      /^\s{0,4}\d{1,5}\) test .{1,300} \([\w.]{1,300}\)$/,
      /^\s{0,8}Assertion with \S{1,10} failed$/,
      /^\s{0,8}\*\* \((?:CompileError|SyntaxError|TokenMissingError|MismatchedDelimiterError)\) \S/,
    ],
  },
  {
    name: "testthat",
    failure: [/^── (?:\d{1,5}\. )?(?:Failure|Error) (?:\(|\S)/],
  },
  {
    name: "julia",
    failure: [/^(?:\S.{0,200}: )?(?:Test Failed|Error During Test) at \S/],
  },
  {
    name: "gcc/clang",
    failure: [
      new RegExp(`^${AT}: (?:fatal )?error: \\S`),
      new RegExp(`^${AT}: undefined reference to `),
      /^collect2: error: ld returned \d+ exit status$/,
    ],
  },
  {
    name: "tsc",
    failure: [
      /^[\w./~+-]{1,300}\(\d{1,7},\d{1,7}\): error TS\d{1,6}: /,
      /^[\w./~+-]{1,300}:\d{1,7}:\d{1,7} - error TS\d{1,6}: /,
      /^error TS\d{1,6}: /,
    ],
  },
  {
    name: "go build",
    failure: [/^(?:\.\/)?[\w./-]{1,300}\.go:\d{1,7}:\d{1,7}: \S/],
  },
  {
    name: "shell",
    failure: [],
    notRun: [
      {
        kind: "tool_missing",
        pattern: /^(?:\S{1,300}: line \d{1,7}: )?([\w.+-]{1,100}): command not found$/,
      },
      { kind: "tool_missing", pattern: /^(?:\/bin\/)?sh: \d{1,7}: [\w.+-]{1,100}: not found$/ },
      {
        kind: "workspace_missing",
        pattern: /^(?:\S{1,300}: line \d{1,7}: )?cd: \S{1,300}: No such file or directory$/,
      },
      { kind: "workspace_missing", pattern: /^fatal: not a git repository\b/ },
      // The verifier's own script (under /tests/, or tb's run-tests.sh) broken
      // as written: saved with CRLF line ends, or run by sh with bash-only options.
      {
        kind: "script_broken",
        pattern:
          /^(?:\/tests\/\S{0,300}|\S{0,300}\brun-tests\.sh): (?:line \d{1,7}: |\d{1,7}: )?(?:\$'\\r': command not found|set: (?:Illegal option -o |)pipefail(?:: invalid option name)?|syntax error near unexpected token [`']\$'\\r''?)$/,
      },
    ],
  },
  {
    name: "npm",
    failure: [/^npm (?:ERR!|error) (?:Test failed\.|code ELIFECYCLE$|command failed$)/],
    notRun: [
      {
        kind: "workspace_missing",
        pattern:
          /^npm (?:ERR!|error) (?:enoent Could not read package\.json|path \S{0,300}\/package\.json$)/,
      },
    ],
  },
];
