import { defineRules, RULE_PRIORITY } from "./rule.js";

const P = RULE_PRIORITY;

/** The command ran in a sound environment and failed on its own terms. */
export const CMD_ERROR_RULES = defineRules("CMD_ERROR", P.command, [
  // resource exhaustion: root causes that explain whatever the tool printed next
  {
    id: "resource.out_of_memory",
    pattern:
      /killed signal terminated program|internal compiler error: killed|javascript heap out of memory|fatalprocessoutofmemory|reportoomfailure|out of memory|cannot allocate memory|memoryerror|oom-?kill|^killed$|: killed$|^killed\b.*\(program \S+\)|exited with code 137|exit code:? 137|exit status 137|interrupted by signal 9|sigkill|^error 137$|signal: killed|std::bad_alloc|outofmemoryerror|java heap space|gc overhead limit exceeded|killed process \d+|\benomem\b|daemon disappeared unexpectedly/,
    means: "the process was killed for lack of memory (exit 137, OOM killer)",
    priority: 80,
  },
  {
    id: "resource.disk_full",
    pattern:
      /no space left on device|\benospc\b|disk quota exceeded|not enough (free )?(disk )?space|read-only file system|\berofs\b/,
    means: "the disk is full or read-only",
    priority: 85,
  },
  {
    id: "process.crashed",
    pattern:
      /segmentation fault|sigsegv|core dumped|bus error|illegal instruction|stack smashing detected|double free or corruption|abort trap|signal 11\b|received signal sigsegv|0xc0000005|access violation|free\(\): invalid pointer|terminate called after throwing an instance of|(exit code|exit status|exited with code):? 139\b/,
    means: "the program crashed (signal)",
    priority: 60,
  },
  // failing tests
  {
    id: "test.tests_failed",
    pattern:
      /^failed \S+::|^=+ .*\b[1-9]\d* (failed|errors?)\b|^=+ failures =+$|^--- fail: |^fail\s+\S+\s+[\d.]+s$|^fail$|^[1-9]\d* failing$|^tests?: .*\b[1-9]\d* failed|test suites: [1-9]\d* failed|test result: failed|error: test failed|\b[1-9]\d* examples?, [1-9]\d* failures?|tests run: \d+, failures: [1-9]|there are test failures|^failed \((failures|errors)=\d+|^assertionerror\b|^\w*assertionerror: |^(fail|✕) /,
    means: "the test suite ran and tests failed",
    priority: P.testFailure,
  },
  // compile, type and link errors: the code is wrong, it parses
  {
    id: "compile.type_error",
    pattern:
      /error ts(2|4|6|7|18)\d{3}:|error\[e0\d{3}\]|mismatched types|cannot find (value|type|function|macro|symbol)|error: '[^']+' (was not declared|undeclared)|has no member named|no matching function for call|is not assignable to|incompatible types|could not compile `/,
    means: "the compiler rejected well-formed code (types, names)",
    priority: 17,
  },
  {
    id: "link.link_failed",
    pattern:
      /undefined reference to|error lnk(2001|2019|1120)|ld returned \d+ exit status|collect2: error|undefined symbols? for architecture|linker command failed|ld: cannot find -l/,
    means: "the link step failed",
    priority: 17,
  },
  // commands used wrongly or meeting a busy world
  {
    id: "make.no_rule",
    pattern: /no rule to make target/,
    means: "make has no rule for the target (wrong target name or directory)",
    priority: 15,
  },
  {
    id: "net.address_in_use",
    pattern:
      /eaddrinuse|address already in use|port is already allocated|only one usage of each socket address/,
    means: "the port is already taken by another process",
    priority: 35,
  },
  {
    id: "net.unreachable",
    pattern:
      /could not resolve host|could not resolve hostname|temporary failure in name resolution|name or service not known|getaddrinfo (enotfound|eai_again)|network is unreachable/,
    means: "the network or a host is unreachable",
    priority: 12,
  },
  {
    id: "usage.bad_arguments",
    pattern:
      /^usage: |unrecognized (option|arguments?)|unknown (option|flag|shorthand flag)|error: unexpected argument|no such option|invalid option/,
    means: "the command was called with arguments it does not accept",
    priority: 17,
  },
  {
    id: "cmd.unquoted_path",
    pattern: /^'[a-z]:\\program' is not recognized|the term 'x86' is not recognized/,
    means: "a path with a space was not quoted, so its first word ran as a command",
    priority: 35,
  },
  {
    id: "npm.script_failed",
    pattern:
      /npm (err!|error) (code elifecycle|lifecycle script .* failed|failed at the .* script)|missing script: /,
    means: "an npm script exited non-zero",
  },
  {
    id: "make.recipe_failed",
    pattern: /^make(\[\d+\])?: \*\*\* .*error \d+|recipe for target .* failed/,
    means: "a make recipe failed (see the lines above it)",
    priority: 5,
  },
  {
    id: "python.uncaught_exception",
    pattern: /^traceback \(most recent call last\)/,
    means: "a Python program raised an exception",
    priority: 5,
  },

  {
    id: "test.other_runners",
    pattern:
      /test files\s+[1-9]\d* failed|^failures!$|^tests: \d+, assertions: \d+, (failures|errors)|the following tests failed|^not ok \d+ |^(fail|error): test\w* \(|assertion failed|assertion .* failed/,
    means: "the test suite ran and tests failed",
    priority: P.testFailure,
  },
  {
    id: "lint.problems",
    pattern: /^found [1-9]\d* errors? in \d+ files?|✖ [1-9]\d* problems?|^e: \S+: \(\d+, \d+\): /,
    means: "a linter or type checker reported errors",
  },
  {
    id: "compile.undefined_name",
    pattern:
      /error cs[02-9]\d{3}:|cannot find '[^']+' in scope|unresolved reference|\.go:\d+:\d+: (undefined: |cannot use |too many arguments|not enough arguments|declared and not used|"[^"]+" imported and not used|missing return)/,
    means: "the compiler rejected well-formed code",
    priority: 17,
  },
  {
    id: "git.usage",
    pattern:
      /did not match any file\(s\) known to git|^fatal: not a git repository|^fatal: repository '.*' not found/,
    means: "git was pointed at a path, ref or repository that does not exist",
    priority: 17,
  },
  {
    id: "http.error_status",
    pattern:
      /curl: \(22\) the requested url returned error|^curl: \(\d+\) |\berror (4\d\d|5\d\d): [a-z]|awaiting response\.\.\. (4\d\d|5\d\d) [a-z]/,
    means: "an HTTP request failed (curl, or wget's ERROR 404)",
    priority: 12,
  },

  {
    id: "shell.command_syntax",
    pattern:
      /^(\/bin\/|\/usr\/bin\/)?(ba|z)?sh: -c: line \d+: (syntax error|unexpected eof)|^(\/bin\/|\/usr\/bin\/)?(ba|z)?sh: -c: line \d+: `/,
    means: "the command line itself does not parse (quoting), not a file",
    priority: 45,
  },
  {
    id: "shell.glob_no_match",
    pattern: /^zsh: no matches found: /,
    means: "an unquoted glob (e.g. pip install .[dev]) matched nothing",
    priority: 17,
  },

  {
    id: "usage.unknown_subcommand",
    pattern: /is not a git command|the following arguments are required|^error: unknown command /,
    means: "the command or subcommand was called wrongly",
    priority: 17,
  },
  {
    id: "runtime.panic",
    pattern: /^panic: |thread '[^']+' panicked at|^exception in thread "/,
    means: "the program panicked or threw an uncaught exception",
    priority: 5,
  },

  {
    id: "make.no_rule_localised",
    pattern:
      /keine regel, um .* zu erstellen|aucune règle pour fabriquer la cible|no hay ninguna regla para (construir|hacer) el objetivo|(nenhuma|sem) regra para processar o alvo|keine regel vorhanden, um das ziel|нет правила для сборки цели|没有规则可(以)?(制作|创建)目标|を make するルールがありません/,
    means: "make has no rule for the target (localised make)",
    priority: 15,
  },

  // a project command run outside its project (a wrong working directory)
  {
    id: "npm.no_package_json",
    pattern: /enoent.*package\.json|could not read package\.json/,
    means: "no package.json in the working directory: the command ran in the wrong directory",
    priority: 35,
  },
  {
    id: "project.manifest_missing",
    pattern:
      /could not find `cargo\.toml`|could not find a composer\.json|go\.mod file not found|could not open requirements file|neither 'setup\.py' nor 'pyproject\.toml' found|there is no pom in this directory|no targets specified and no makefile found/,
    means:
      "the project manifest is not in the working directory: the command ran in the wrong directory",
    priority: 35,
  },
  {
    id: "inline.program_syntax",
    // jq filters, awk programs, sed scripts and -c/-e one-liners live in the command line, not in a
    // file: their parse errors are the command's.
    pattern:
      /^jq: error: .* at <top-level>, line \d+|^jq: \d+ compile errors?$|^(g|m)?awk: (cmd\. )?line:? ?\d+: .*(syntax error|unexpected|unterminated)|^sed: -e \S+ (#|n°)\d+, \S+ \d+: |syntax error at -e line \d+/,
    means: "a program written inline in the command (jq filter, awk, sed, -c/-e) does not parse",
    priority: 45,
  },
  {
    id: "inline.python_or_node_syntax",
    pattern: /(^|[ :|>\]])(\w+\.)*(syntaxerror|indentationerror): /,
    after: /^file "<(string|stdin)>", line \d+$|^\[eval\d*\]:\d+$/,
    means: "a python -c / node -e one-liner in the command does not parse",
    priority: 45,
  },
  {
    id: "cmd.command_line_fragment",
    // cmd.exe does not treat '...' as quotes: a quoted jq filter or similar argument is split and
    // its pieces run as commands, so the "command" it cannot find carries a quote or starts with a dot.
    pattern:
      /^'(\S*['"]|\.[a-z])[^']*'{1,2} (is not recognized|不是内部或外部命令|n'est pas reconnu|no se reconoce|ist nicht als|não é reconhecido|не является)/,
    means: "a piece of an argument ran as a command: the command line was quoted wrongly",
    priority: 35,
  },
  {
    id: "python.run_as_script",
    pattern: /attempted relative import with no known parent package/,
    means: "a package module was run as a script (use python -m)",
    priority: 46,
  },
]);
