import { describeRuleExamples } from "../test-support/rule-examples.js";
import { CMD_ERROR_RULES } from "./cmd-error.js";

// One positive example per rule, written for these tests (tool wording, invented names).
const EXAMPLES: Record<string, string> = {
  "resource.out_of_memory": "c++: fatal error: Killed signal terminated program cc1plus",
  "resource.disk_full": "OSError: [Errno 28] No space left on device: '/tmp/cache/blob'",
  "process.crashed":
    "./bin/solver: line 3: 8812 Segmentation fault      (core dumped) ./solver data.in",
  "test.tests_failed":
    "FAILED tests/test_math.py::test_divide - ZeroDivisionError: division by zero\n===== 1 failed, 9 passed in 0.42s =====",
  "npm.no_package_json":
    "npm ERR! enoent ENOENT: no such file or directory, open '/home/u/package.json'",
  "project.manifest_missing":
    "error: could not find `Cargo.toml` in `/home/u/notes` or any parent directory",
  "inline.program_syntax":
    "jq: error: syntax error, unexpected INVALID_CHARACTER (Unix shell quoting issues?) at <top-level>, line 1:\n.users[] | .name ==\njq: 1 compile error",
  "inline.python_or_node_syntax":
    '  File "<string>", line 1\n    import json; print(json.loads(open("a").read())\n                                                    ^\nSyntaxError: \'(\' was never closed',
  "cmd.command_line_fragment":
    "'.name'' is not recognized as an internal or external command,\r\noperable program or batch file.",
  "compile.type_error":
    "src/app.ts:4:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
  "link.link_failed": "/usr/bin/ld: main.o: in function `main': undefined reference to `compute'",
  "make.no_rule": "make: *** No rule to make target 'instal'.  Stop.",
  "net.address_in_use": "OSError: [Errno 98] Address already in use",
  "net.unreachable": "curl: (6) Could not resolve host: api.internal.example",
  "usage.bad_arguments": "grep: unrecognized option '--colour-always'",
  "cmd.unquoted_path": "'C:\\Program' is not recognized as an internal or external command,",
  "npm.script_failed": 'npm ERR! Missing script: "biuld"',
  "make.recipe_failed": "make: *** [Makefile:12: all] Error 1",
  "python.uncaught_exception":
    'Traceback (most recent call last):\n  File "calc.py", line 2, in <module>\nZeroDivisionError: division by zero',
  "test.other_runners": " Test Files  2 failed | 5 passed (7)",
  "lint.problems": "Found 3 errors in 2 files (checked 10 source files)",
  "compile.undefined_name":
    "Program.cs(8,13): error CS0246: The type or namespace name 'Widget' could not be found",
  "git.usage": "error: pathspec 'feature/x' did not match any file(s) known to git",
  "http.error_status": "curl: (22) The requested URL returned error: 404",
  "shell.command_syntax": "bash: -c: line 1: syntax error near unexpected token `)'",
  "shell.glob_no_match": "zsh: no matches found: .[test]",
  "usage.unknown_subcommand":
    "usage: tool.py [-h] --input INPUT\ntool.py: error: the following arguments are required: --input",
  "runtime.panic": "panic: runtime error: index out of range [3] with length 3",
  "make.no_rule_localised": "make: *** Aucune règle pour fabriquer la cible « instal ». Arrêt.",
  "python.run_as_script": "ImportError: attempted relative import with no known parent package",
};

describeRuleExamples("CMD_ERROR", CMD_ERROR_RULES, EXAMPLES);
