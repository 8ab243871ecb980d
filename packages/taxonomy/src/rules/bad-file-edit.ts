import { defineRules, RULE_PRIORITY } from "./rule.js";

const P = RULE_PRIORITY;

/** A source or configuration file does not parse: the fix is the file, not the environment. */
export const BAD_FILE_EDIT_RULES = defineRules("BAD_FILE_EDIT", P.badEdit, [
  // scripts saved with CRLF line endings: the shell or env sees "python\r"
  {
    id: "script.crlf_line_endings",
    pattern:
      /\\r'?: (no such file|not found|command not found)|\$'\\r': command not found|^: (no such file or directory|not found|command not found)$|bad interpreter: .*\^m|\/bin\/(ba)?sh\^m/,
    means: "a script was saved with CRLF line endings",
    priority: 75,
  },
  // bash 5.1+ no longer names the interpreter it could not find; for a shell script (whose
  // /bin/sh or bash interpreter exists wherever bash prints this) that means a mangled shebang
  {
    id: "script.crlf_shell_shebang",
    pattern: /\.(sh|bash): cannot execute: required file not found/,
    means: "a shell script's shebang names no existing file: saved with CRLF line endings",
    priority: 75,
  },
  // Makefile
  {
    id: "make.missing_separator",
    pattern: /\*\*\* ?missing separator|missing separator\. ?stop/,
    means: "a Makefile recipe line is not indented with a tab",
  },
  {
    id: "make.syntax",
    pattern:
      /\*\*\* ?(recipe commences before first target|commands commence before first target|unterminated variable reference|missing 'endif'|extraneous '(endif|else)'|invalid syntax in conditional|missing target pattern|multiple target patterns)/,
    means: "the Makefile does not parse",
  },
  // shells
  {
    id: "shell.syntax_error",
    pattern:
      /syntax error near unexpected token|syntax error: unexpected end of file|unexpected eof while looking for matching|syntax error: "[^"]*" unexpected|syntax error: (word|end of file|newline) unexpected|parse error near|syntax error: unterminated quoted string|syntax error in conditional expression/,
    means: "a shell script does not parse",
  },
  {
    id: "shell.offending_line",
    pattern: /^(\S+: )?line \d+: ?`.*'$/,
    means: "bash echoing the line of a parse error",
  },
  {
    id: "shell.syntax_error_localised",
    pattern:
      /syntaxfehler beim unerwarteten|erreur de syntaxe près du symbole|error sintáctico cerca|error de sintaxis cerca|erro de sintaxe próximo|синтаксическая ошибка рядом|附近有语法错误|未预期的符号|予期しないトークン|構文エラー/,
    means: "a shell script does not parse (localised message)",
  },
  // Python, JavaScript, TypeScript
  {
    id: "python.syntax_error",
    pattern: /(^|[ :|>\]])(\w+\.)*(syntaxerror|indentationerror|taberror): /,
    means: "a source file does not parse",
  },
  {
    id: "js.parse_error",
    pattern:
      /module parse failed: unexpected|parsing error: |\[plugin:vite:[^\]]+\].*(unexpected|expected)|transform failed with \d+ errors?|^error: expected ".*" but found|unexpected token \(\d+:\d+\)/,
    means: "a JavaScript/TypeScript file does not parse",
  },
  {
    id: "js.module_system_mismatch",
    pattern:
      /require is not defined in es module scope|cannot use import statement outside a module|to treat it as a commonjs script|exports is not defined in es module scope/,
    means:
      'a file\'s module syntax (import / require) disagrees with package.json "type" or its extension',
  },
  {
    id: "ts.syntax_error",
    pattern: /error ts(1|17)\d{3}:|error ts5\d{3}:/,
    means: "tsc reports a syntax error (TS1xxx)",
  },
  // data and config formats
  {
    id: "npm.package_json_invalid",
    pattern:
      /code ejsonparse|failed to parse package\.json data|package\.json must be actual json|json\.parse failed to parse json data/,
    means: "package.json is not valid JSON",
    priority: 60,
  },
  {
    id: "json.decode_error",
    pattern:
      /jsondecodeerror|expecting (property name enclosed in double quotes|',' delimiter|':' delimiter|value): line \d+|unterminated string starting at: line \d+/,
    means: "a JSON file does not parse (Python)",
  },
  {
    id: "json.parse_error",
    pattern:
      /in json at position \d+|is not valid json|does not contain valid json|jsonlint\\parsingexception|json\.parse |unexpected end of json input|bad control character in string literal in json|invalid json|json parse error|trailing comma at line \d+ column \d+|error parsing json|failed to parse json/,
    means: "a JSON file does not parse",
  },
  {
    id: "json.go_syntax",
    pattern:
      /invalid character '.{1,4}' (looking for beginning of|after (object key|array element|top-level value))/,
    means: "a JSON file does not parse (Go)",
  },
  {
    id: "jq.parse_error",
    pattern: /^(jq: error.*|)parse error: .* at line \d+, column \d+/,
    means: "jq could not parse its JSON input",
  },
  {
    id: "python.json_load_frame",
    // Not a socket's or a response's data (`json.loads(s.recv(4096))`, `json.loads(r.text)`):
    // an answer that is not JSON says nothing about a file.
    pattern:
      /(^|= ?)json\.loads?\((?![^)]{0,60}(?:\.recv\(|\.text\b|\.content\b|\bstdout\b|\bresp(?:onse)?\b|urlopen\())/,
    means: "a traceback ending in json.load: the JSON being read is broken",
    priority: 21,
  },
  {
    id: "yaml.go_yaml_error",
    pattern:
      /^(error: )?yaml: (line \d+: )?(mapping values|did not find expected|could not find expected|found character that cannot start|found unexpected end of stream|block sequence entries|found undefined alias|control characters are not allowed|unmarshal errors)|yaml: line \d+:/,
    means: "a YAML file does not parse (Go yaml)",
  },
  {
    id: "yaml.python_scanner",
    pattern:
      /yaml\.(scanner\.scannererror|parser\.parsererror|composer\.composererror|constructor\.constructorerror)|while (scanning|parsing) a (simple key|block mapping|block collection|flow mapping|quoted scalar)/,
    means: "a YAML file does not parse (PyYAML)",
  },
  {
    id: "yaml.js_error",
    pattern:
      /yamlexception|bad indentation of a (mapping|sequence) entry|can ?not read a block mapping entry|end of the stream or a document separator is expected/,
    means: "a YAML file does not parse (js-yaml)",
  },
  {
    id: "yaml.syntax_error",
    pattern:
      /mapping values are not allowed (here|in this context)|did not find expected (key|node content|'-' indicator|<document start>)|could not find expected ':'|found character that cannot start any token|syntax error while loading yaml|error (parsing|converting) yaml|invalid yaml|failed to parse yaml/,
    means: "a YAML file does not parse",
  },
  {
    id: "toml.parse_error",
    pattern:
      /could not parse input as toml|tomldecodeerror|toml parse error|tomlkit\.exceptions|invalid toml|error parsing toml|failed to parse manifest at/,
    means: "a TOML file (Cargo.toml, pyproject.toml) does not parse",
    // published packages ship valid TOML: under an install it is the project's own file
    // (a registry manifest an old cargo cannot read has its own, higher rule)
    priority: 52,
  },
  {
    id: "toml.located_error",
    // cargo and the toml crate print the message first and the location after it: the location
    // line alone says the .toml file is what must change.
    pattern: /^--> \S*\.toml:\d+:\d+$/,
    means: "a TOML file (Cargo.toml, pyproject.toml) does not parse or holds an invalid value",
  },
  {
    id: "xml.parse_error",
    pattern:
      /parseerror: (not well-formed|mismatched tag|unclosed token|junk after document)|xmlsyntaxerror|non-parseable pom|the markup in the document following the root element|xml document structures must start and end|error msb4025|the project file could not be loaded|^\[fatal error\] \S+:\d+:\d+:/,
    means: "an XML file does not parse",
  },
  {
    id: "ini.parse_error",
    pattern:
      /configparser\.\w*error|file contains no section headers|source contains parsing errors|\S\.(ini|cfg):\d+: (unexpected value continuation|expected|unexpected)/,
    means: "an INI/cfg file does not parse",
  },
  {
    id: "pip.invalid_requirement",
    pattern: /invalid requirement: /,
    means: "a requirements file has a malformed line",
  },
  {
    id: "dockerfile.parse_error",
    pattern: /dockerfile parse error|unknown instruction: /,
    means: "the Dockerfile does not parse",
  },
  {
    id: "compose.invalid_file",
    pattern:
      /additional propert(y|ies) (.* )?(is|are) not allowed|the poetry configuration is invalid|compose file .* is invalid because|top-level object must be a mapping|unsupported config option for|services\.\S+ (must be a|contains an invalid type)/,
    means: "the compose file does not match the compose schema",
  },
  {
    id: "nginx.config_syntax",
    pattern:
      /\[emerg\].*(unexpected|unknown directive|invalid number of arguments|is not terminated|directive is not allowed here|unexpected end of file|invalid parameter)/,
    means: "an nginx configuration file does not parse",
  },
  {
    id: "apache.config_syntax",
    pattern: /syntax error on line \d+ of|ah00526/,
    means: "an Apache configuration file does not parse",
  },
  {
    id: "terraform.hcl_syntax",
    pattern:
      /error: (argument or block definition required|missing attribute separator|invalid block definition|unclosed configuration block|invalid expression|missing newline after argument|argument definition required|invalid character|unterminated template string|invalid multi-line string|missing item separator|unsupported block type|unsupported argument|missing required argument|duplicate argument)|a block definition must have block content|block content delimited by "\{" and "\}"|an argument or block definition is required here|expected a newline or comma to mark the beginning of the next attribute/,
    means: "a Terraform/HCL file does not parse",
  },
  {
    id: "cmake.parse_error",
    pattern: /parse error\. (expected|function missing ending)/,
    means: "a CMakeLists.txt does not parse",
  },
  {
    id: "git.conflict_markers",
    pattern: /conflict marker|unexpected token .*<<<<<<<|^<<<<<<< /,
    means: "a file still holds merge-conflict markers",
  },
  // compiled languages
  {
    id: "c.syntax_error",
    pattern:
      /(^|[\s:])error: expected .* (before|after|at end of input|at end of declaration)|(^|[\s:])error: expected (expression|identifier|declaration|statement|unqualified-id|primary-expression|'[^']+')|error: invalid preprocessing directive|error: stray '.{1,6}' in program|error: missing terminating . character|error: unterminated|error c2(143|059|061|062|146|447): syntax error|extraneous closing brace|expected '}' at end of input/,
    means: "a C/C++ file does not parse",
  },
  {
    id: "rust.syntax_error",
    pattern:
      /un-?closed delimiter|unexpected closing delimiter|mismatched closing delimiter|^error: expected one of |^error: expected (item|expression|identifier|pattern|type|`[^`]+`)|unknown start of token|^error: unterminated (double quote string|block comment|character literal|raw string)|expected one of `[^`]+`(, `[^`]+`)*,? or (an operator|`[^`]+`)/,
    means: "a Rust file does not parse",
  },
  {
    id: "go.syntax_error",
    pattern:
      /syntax error: (unexpected|non-declaration statement|missing|else must)|expected '[^']+', found|expected (declaration|operand|statement), found|illegal character u\+|string literal not terminated|newline in string/,
    means: "a Go file does not parse",
  },
  {
    id: "java.syntax_error",
    pattern:
      /(error: |\.java:\[\d+,\d+\] )(';'|'\)'|'\('|'\]'|'\}'|<identifier>|class, interface, (enum,? )?(or record )?) expected|reached end of file while parsing|illegal start of (expression|type)|unclosed (string|character) literal/,
    means: "a Java file does not parse",
  },
  {
    id: "php_ruby.syntax_error",
    pattern: /php parse error|syntax error, unexpected|unterminated string meets end of file/,
    means: "a PHP or Ruby file does not parse",
  },
  {
    id: "syntax_error.localised",
    pattern:
      /syntaxfehler|erreur de syntaxe|error de sintaxis|error sintáctico|erro de sintaxe|синтаксическая ошибка|语法错误|構文エラー/,
    means: "a file does not parse (localised message)",
    priority: 35,
  },

  {
    id: "esbuild.parse_error",
    pattern: /expected "[^"]+" but found "[^"]*"|\[error\] (unexpected|expected) /,
    means: "esbuild cannot parse a source file",
  },
  {
    id: "csharp.syntax_error",
    pattern: /error cs10\d\d:/,
    means: "a C# file does not parse (CS10xx)",
  },
  {
    id: "lua_perl.syntax_error",
    pattern: /'[^']+' expected near '|syntax error at .* line \d+, near/,
    means: "a Lua or Perl file does not parse",
  },
  {
    id: "config.syntax_near_line",
    pattern:
      /syntax error near line \d+|errors in crontab file|could not parse statement starting at line|failed to read \S*\.env: line \d+/,
    means: "a configuration file (sudoers, crontab, .env) does not parse",
  },
  {
    id: "template.syntax_error",
    pattern:
      /templatesyntaxerror|parse error at \(|template: \S+: (unexpected|function ".*" not defined)/,
    means: "a template (Jinja, Go/Helm) does not parse",
  },
  {
    id: "k8s.manifest_invalid",
    pattern:
      /error validating data: validationerror|invalid workflow file|go: errors parsing go\.mod/,
    means: "a manifest or module file fails its schema",
  },

  {
    id: "make.missing_separator_localised",
    pattern:
      /\*\*\* ?(fehlender trenner|séparateur manquant|falta un separador|faltando (o )?separador|пропущен разделитель|遗漏分隔符|分離記号を欠いています)/,
    means: "a Makefile recipe line is not indented with a tab (localised make)",
  },

  {
    id: "git.bad_config",
    pattern:
      /bad config line \d+ in (file|blob|standard input)|bad config variable '|bad numeric config value|bad boolean config value|invalid config format|fatal: invalid key: /,
    means: "a git config file (.git/config, ~/.gitconfig) does not parse",
  },
  {
    id: "apt.sources_malformed",
    pattern:
      /malformed (entry|line) \d+ in (list|source list|sources) file|the list of sources could not be read|type '[^']*' is not known on line \d+ in source list|conflicting values set for option \S+ regarding source/,
    means: "an apt sources file (sources.list, *.list, *.sources) does not parse",
    // the fetch never starts: outranks any install failure reported after it
    priority: 56,
  },
  {
    id: "gradle.build_script_syntax",
    pattern:
      /unexpected token: .* @ line \d+, column \d+|could not compile (build|settings|init|script) file|^e: \S+\.gradle\.kts:\d+:\d+:? |^e: \S+\.kts?:\d+:\d+:? (expecting |unexpected tokens|unclosed comment|incomplete code|unterminated)/,
    means: "a Gradle build script (Groovy or Kotlin) or a Kotlin file does not parse",
  },
  {
    id: "ssh.config_invalid",
    pattern: /bad configuration option: |terminating, \d+ bad configuration options?/,
    means: "an ssh or sshd configuration file holds an unknown or malformed option",
  },
  {
    id: "script_file.syntax_error",
    // awk -f / sed -f programs kept in a file (inline ones are the command's: inline.program_syntax)
    pattern:
      /^(g|m)?awk: \S+:( line)? ?\d+: .*(syntax error|missing . near|unexpected|runaway|unterminated)|^sed: file \S+ line \d+: /,
    means: "an awk or sed program file does not parse",
  },
  {
    id: "cmake.unknown_command",
    pattern: /unknown cmake command "/,
    means: "a CMakeLists.txt calls a command that does not exist (a typo)",
  },
  {
    id: "patch.does_not_apply",
    pattern:
      /patch does not apply|^error: patch failed: |corrupt patch at line \d+|malformed patch at line \d+|hunks? #?\d* ?failed at \d+|\b\d+ out of \d+ hunks? failed|only garbage was found in the patch input|patch: \*\*\*\* malformed patch/,
    means: "a patch or diff does not apply to the files (malformed, or written against other text)",
  },
  {
    id: "powershell.parse_error",
    pattern:
      /^parsererror: |missing closing '\}' in statement block|unexpected token '.*' in expression or statement|the string is missing the terminator/,
    means: "a PowerShell script does not parse",
  },
]);
