import { describe, expect, it } from "vitest";
import { describeRuleExamples } from "../test-support/rule-examples.js";
import { BAD_FILE_EDIT_RULES } from "./bad-file-edit.js";

// One positive example per rule, written for these tests (tool wording, invented files).
const EXAMPLES: Record<string, string> = {
  "toml.located_error":
    "error: invalid table header\nexpected `.`, `]`\n --> Cargo.toml:8:5\n  |\n8 | [[bin]\n  |     ^",
  "ssh.config_invalid": "/home/dev/.ssh/config: line 7: Bad configuration option: forwardagnet",
  "script_file.syntax_error": "sed: file rewrite.sed line 4: unknown command: `x'",
  "cmake.unknown_command":
    'CMake Error at src/CMakeLists.txt:12 (target_link_libaries):\n  Unknown CMake command "target_link_libaries".',
  "patch.does_not_apply":
    "error: patch failed: src/api.py:18\nerror: src/api.py: patch does not apply",
  "script.crlf_shell_shebang":
    "bash: line 1: ./scripts/setup.sh: cannot execute: required file not found",
  "js.module_system_mismatch":
    "ReferenceError: require is not defined in ES module scope, you can use import instead",
  "git.bad_config": "fatal: bad config line 12 in file /home/dev/.gitconfig",
  "apt.sources_malformed":
    "E: Malformed entry 3 in list file /etc/apt/sources.list.d/mirror.list (Component)\nE: The list of sources could not be read.",
  "gradle.build_script_syntax": "e: file:///work/app/build.gradle.kts:12:9: Expecting ')'",
  "script.crlf_line_endings": "/usr/bin/env: 'bash\\r': No such file or directory",
  "make.missing_separator": "build.mk:12: *** missing separator.  Stop.",
  "make.syntax": "Makefile:7: *** recipe commences before first target.  Stop.",
  "shell.syntax_error": "./deploy.sh: line 12: syntax error: unexpected end of file",
  "shell.offending_line": "./deploy.sh: line 40: `  esac'",
  "shell.syntax_error_localised": "./setup.sh: Zeile 9: Syntaxfehler beim unerwarteten Symbol »fi«",
  "python.syntax_error":
    '  File "app/main.py", line 3\n    def broken(:\n               ^\nSyntaxError: invalid syntax',
  "js.parse_error": "Module parse failed: Unexpected token (14:2)",
  "ts.syntax_error": "src/index.ts(3,9): error TS1005: ';' expected.",
  "npm.package_json_invalid":
    "npm ERR! code EJSONPARSE\nnpm ERR! JSON.parse Failed to parse JSON data.",
  "json.decode_error":
    "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 4 column 1 (char 33)",
  "json.parse_error": "SyntaxError: Unexpected token } in JSON at position 58",
  "json.go_syntax": "Error: invalid character '}' looking for beginning of object key string",
  "jq.parse_error":
    "jq: error (at <stdin>:3): parse error: Expected separator between values at line 3, column 8",
  "python.json_load_frame": '  File "tool.py", line 9, in load\n    settings = json.load(fh)',
  "yaml.go_yaml_error": "error: yaml: line 12: did not find expected key",
  "yaml.python_scanner":
    'yaml.parser.ParserError: while parsing a block mapping\n  in "ci.yml", line 2, column 1',
  "yaml.js_error": "YAMLException: bad indentation of a mapping entry (5:9)",
  "yaml.syntax_error": "found character that cannot start any token",
  "toml.parse_error": "tomllib.TOMLDecodeError: Invalid value (at line 6, column 10)",
  "xml.parse_error": "xml.etree.ElementTree.ParseError: mismatched tag: line 8, column 2",
  "ini.parse_error": "configparser.MissingSectionHeaderError: File contains no section headers.",
  "pip.invalid_requirement":
    "ERROR: Invalid requirement: 'flask=>2.0' (from line 4 of requirements.txt)",
  "dockerfile.parse_error":
    "Dockerfile:5\n--------------------\nERROR: failed to solve: dockerfile parse error on line 5: unknown instruction: RUNN",
  "compose.invalid_file":
    "validating /srv/compose.yaml: services.web Additional property portz is not allowed",
  "nginx.config_syntax":
    'nginx: [emerg] unknown directive "servr_name" in /etc/nginx/conf.d/site.conf:3',
  "apache.config_syntax":
    "AH00526: Syntax error on line 12 of /etc/apache2/sites-enabled/site.conf:",
  "terraform.hcl_syntax": "Error: Missing newline after argument\n\n  on vars.tf line 4:",
  "cmake.parse_error":
    "CMake Error at CMakeLists.txt:9:\n  Parse error.  Expected a command name, got unquoted argument",
  "git.conflict_markers": "src/app.c:10:1: error: version control conflict marker in file",
  "c.syntax_error": "src/io.c:22:5: error: expected ';' before 'return'",
  "rust.syntax_error": "error: expected one of `,`, `:`, or `}`, found `=`",
  "go.syntax_error": "./main.go:14:1: syntax error: unexpected }, expected expression",
  "java.syntax_error": "App.java:7: error: ';' expected",
  "php_ruby.syntax_error":
    'PHP Parse error:  syntax error, unexpected token "}" in /var/www/index.php on line 20',
  "syntax_error.localised": "Erreur de syntaxe dans le fichier de configuration",
  "esbuild.parse_error": '✘ [ERROR] Expected ")" but found "{"',
  "csharp.syntax_error": "Program.cs(12,30): error CS1002: ; expected",
  "lua_perl.syntax_error": 'syntax error at deploy.pl line 18, near "}"',
  "config.syntax_near_line": ">>> /etc/sudoers.d/extra: syntax error near line 3 <<<",
  "template.syntax_error": "jinja2.exceptions.TemplateSyntaxError: unexpected '}'",
  "k8s.manifest_invalid":
    'error: error validating "deploy.yaml": error validating data: ValidationError(Deployment.spec): unknown field "replica"',
  "make.missing_separator_localised": "GNUmakefile:4: *** fehlender Trenner.  Schluss.",
  "powershell.parse_error":
    "At C:\\build\\deploy.ps1:14 char:1\r\n+ }\r\n+ ~\r\nUnexpected token '}' in expression or statement.",
};

describeRuleExamples("BAD_FILE_EDIT", BAD_FILE_EDIT_RULES, EXAMPLES);

describe("python.json_load_frame", () => {
  const rule = BAD_FILE_EDIT_RULES.find((r) => r.id === "python.json_load_frame")!;
  it("reads a file's JSON, not a socket's or a response's answer", () => {
    expect(rule.pattern.test("    settings = json.load(fh)")).toBe(true);
    expect(rule.pattern.test("    cfg = json.loads(path.read_text())")).toBe(true);
    expect(rule.pattern.test("> resp = json.loads(s.recv(4096).decode())")).toBe(false);
    expect(rule.pattern.test("    data = json.loads(r.text)")).toBe(false);
    expect(rule.pattern.test("    out = json.loads(proc.stdout)")).toBe(false);
  });
});
