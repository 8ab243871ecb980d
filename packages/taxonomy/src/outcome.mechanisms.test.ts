import { describe, expect, it } from "vitest";
import type { OutcomeCode } from "./codes.js";
import { classifyOutcome } from "./outcome.js";

// Whole failures, one or more per mechanism the classifier must tell apart, written for these
// tests from real tools' wording (invented projects, paths and names). [expected, command, exit, stderr].
const CASES: [OutcomeCode, string, number, string][] = [
  // a time limit of the test runner or of the program itself, even with the flag false
  [
    "TIMEOUT",
    "node --test --test-reporter=spec queue.test.mjs",
    1,
    "✖ flushes the outbox (201.3ms)\n  'test timed out after 200ms'\nℹ tests 1\nℹ pass 0\nℹ fail 0\nℹ cancelled 1",
  ],
  [
    "TIMEOUT",
    "ctest --test-dir out --timeout 2",
    8,
    "1/2 Test #1: parse_big ........................***Timeout   2.01 sec\n2/2 Test #2: parse_small ......................   Passed    0.01 sec\n\n50% tests passed, 1 tests failed out of 2\n\nThe following tests FAILED:\n\t  1 - parse_big (Timeout)\nErrors while running CTest",
  ],
  [
    "TIMEOUT",
    "npx jest",
    1,
    '  ● orders › syncs with the ledger\n\n    thrown: "Exceeded timeout of 5000 ms for a hook.\n    Add a timeout value to this test to increase the timeout"\n\nTests:       1 failed, 7 passed, 8 total',
  ],
  ["TIMEOUT", "python3 poll.py", 142, "bash: line 1: 2214 Alarm clock python3 poll.py"],
  ["TIMEOUT", "timeout -s KILL 20 ./stress --threads 8 && echo done", 137, ""],
  ["TIMEOUT", "timeout --preserve-status 30 ./serve", 143, ""],
  [
    "TIMEOUT",
    "flock -w 5 /var/lock/deploy.lock ./migrate.sh",
    1,
    "flock: timeout while waiting to get lock",
  ],
  [
    "TIMEOUT",
    "node fetch-rates.mjs",
    1,
    "node:internal/deps/undici/undici:13510\n      Error.captureStackTrace(err);\n            ^\n\nDOMException [TimeoutError]: The operation was aborted due to timeout\n    at new DOMException (node:internal/per_context/domexception:53:5)\n\nNode.js v20.11.0",
  ],
  [
    "TIMEOUT",
    "java -jar reporter.jar",
    1,
    'Exception in thread "main" java.net.http.HttpTimeoutException: request timed out\n\tat java.net.http/jdk.internal.net.http.HttpClientImpl.send(HttpClientImpl.java:950)',
  ],
  [
    "TIMEOUT",
    "git clone http://git.internal/tools.git",
    128,
    "Cloning into 'tools'...\nfatal: unable to access 'http://git.internal/tools.git/': Operation too slow. Less than 1000 bytes/sec transferred the last 30 seconds",
  ],
  [
    "TIMEOUT",
    "git fetch origin",
    128,
    "Connection timed out during banner exchange\nConnection to git.internal port 22 timed out\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.",
  ],
  // wget's own wording of an HTTP error, and a C preprocessor that meets a line it cannot read
  [
    "CMD_ERROR",
    "wget -O tool-1.0.tar.gz https://example.org/releases/tool-1.0.tar.gz",
    8,
    "HTTP request sent, awaiting response... 404 Not Found\n2026-01-02 10:00:00 ERROR 404: Not Found.",
  ],
  [
    "BAD_FILE_EDIT",
    "gcc hello.c -o hello",
    1,
    "hello.c:1:2: error: invalid preprocessing directive #!",
  ],
  // an assertion that quotes what it expected is a failing test, not a C parser
  [
    "CMD_ERROR",
    "pytest -q",
    1,
    "E       AssertionError: expected '42' to be in result.txt\nFAILED tests/test_out.py::test_value",
  ],
  // a program killed without a time limit is still a kill
  ["CMD_ERROR", "timeout 600 ./bench", 137, "Killed"],
  // a path the command expected and did not find is the environment's (the taxonomy's definition)
  [
    "ENV_SETUP_MISS",
    "cd deploy/k8s && kubectl apply -f .",
    1,
    "bash: cd: deploy/k8s: No such file or directory",
  ],
  [
    "ENV_SETUP_MISS",
    "cp build/app.tgz /srv/releases/",
    1,
    "cp: cannot stat 'build/app.tgz': No such file or directory",
  ],
  [
    "ENV_SETUP_MISS",
    "ls reports",
    2,
    "ls: no se puede acceder a 'reports': No existe el archivo o el directorio",
  ],
  [
    "ENV_SETUP_MISS",
    "tar xzf dist.tgz",
    2,
    "tar (child): dist.tgz: Cannot open: No such file or directory\ntar (child): Error is not recoverable: exiting now\ntar: Child returned status 2\ntar: Error is not recoverable: exiting now",
  ],
  ["ENV_SETUP_MISS", "./tools/lint", 127, "bash: ./tools/lint: No such file or directory"],
  [
    "ENV_SETUP_MISS",
    ". .venv/bin/activate && pytest",
    1,
    "bash: .venv/bin/activate: No such file or directory",
  ],
  [
    "ENV_SETUP_MISS",
    "make",
    2,
    "Makefile:4: config.mk: No such file or directory\nmake: *** No rule to make target 'config.mk'.  Stop.",
  ],
  [
    "ENV_SETUP_MISS",
    "gcc -o sync sync.c -lzstd",
    1,
    "/usr/bin/ld: cannot find -lzstd: No such file or directory\ncollect2: error: ld returned 1 exit status",
  ],
  // inline programs belong to the command; program files are files
  [
    "CMD_ERROR",
    "jq '.items[] | select(.age > 30' people.json",
    3,
    "jq: error: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1:\n.items[] | select(.age > 30\njq: 1 compile error",
  ],
  [
    "CMD_ERROR",
    "sed -e 's/a/b' notes.txt",
    1,
    "sed: -e expression #1, char 5: unterminated `s' command",
  ],
  [
    "CMD_ERROR",
    'python3 -c "print(sum([1, 2)"',
    1,
    "  File \"<string>\", line 1\n    print(sum([1, 2)\n                   ^\nSyntaxError: closing parenthesis ')' does not match opening parenthesis '['",
  ],
  [
    "BAD_FILE_EDIT",
    "sed -f cleanup.sed log.txt",
    1,
    "sed: file cleanup.sed line 2: unknown option to `s'",
  ],
  [
    "BAD_FILE_EDIT",
    "awk -f totals.awk sales.csv",
    2,
    "awk: totals.awk: line 4: missing } near end of file",
  ],
  [
    "CMD_ERROR",
    "java -jar cli.jar run | jq -r '.name'",
    9009,
    "'.name'' is not recognized as an internal or external command,\r\noperable program or batch file.\r\n",
  ],
  [
    "TIMEOUT",
    "npx vitest run",
    1,
    " FAIL  src/queue.test.ts > queue > drains\nError: Test timed out in 5000ms.\nIf this is a long-running test, pass a timeout value as the last argument.",
  ],
  [
    "ENV_SETUP_MISS",
    "make",
    2,
    "cc -c -o main.o main.c\nmake: cc: No such file or directory\nmake: *** [<builtin>: main.o] Error 127",
  ],
  [
    "ENV_SETUP_MISS",
    "./configure --with-ssl",
    1,
    "checking for SSL_new in -lssl... no\nconfigure: error: OpenSSL library not found",
  ],
  [
    "BAD_FILE_EDIT",
    "mvn -q compile",
    1,
    "[ERROR] COMPILATION ERROR :\n[ERROR] /src/main/java/acme/Cli.java:[40,18] ';' expected\n[ERROR] BUILD FAILURE",
  ],
  [
    "BAD_FILE_EDIT",
    "poetry lock",
    1,
    "The Poetry configuration is invalid:\n  - Additional properties are not allowed ('descripton' was unexpected)",
  ],
  [
    "ENV_SETUP_MISS",
    "kubectl apply -f app.yaml",
    1,
    'error: error validating "app.yaml": error validating data: failed to download openapi: Get "http://localhost:8080/openapi/v2?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused',
  ],
  // a service nothing listens for is not running; a registry refusing an install is the install
  [
    "ENV_SETUP_MISS",
    "python3 seed.py",
    1,
    'Traceback (most recent call last):\n  File "/srv/seed.py", line 4, in <module>\n    conn = socket.create_connection(("127.0.0.1", 6379))\nConnectionRefusedError: [Errno 111] Connection refused',
  ],
  [
    "PKG_INSTALL",
    "npm install zod --registry http://127.0.0.1:4873/",
    1,
    "npm error code ECONNREFUSED\nnpm error syscall connect\nnpm error errno ECONNREFUSED\nnpm error FetchError: request to http://127.0.0.1:4873/zod failed, reason: connect ECONNREFUSED 127.0.0.1:4873",
  ],
  [
    "BAD_FILE_EDIT",
    "node tools/gen.js",
    1,
    'file:///srv/tools/gen.js:2\nconst path = require("node:path");\n             ^\n\nReferenceError: require is not defined in ES module scope, you can use import instead\nThis file is being treated as an ES module because it has a \'.js\' file extension and \'/srv/package.json\' contains "type": "module".',
  ],
  [
    "PKG_INSTALL",
    "terraform validate",
    1,
    "Error: Missing required provider\n\nThis configuration requires provider registry.terraform.io/hashicorp/tls,\nbut that provider isn't available. You may be able to install it\nautomatically by running:\n  terraform init",
  ],
  [
    "ENV_SETUP_MISS",
    "cmake -S . -B out",
    1,
    "CMake Error at CMakeLists.txt:1 (cmake_minimum_required):\n  CMake 3.28 or higher is required.  You are running version 3.22.1",
  ],
  [
    "ENV_SETUP_MISS",
    "npm run build",
    1,
    'Der Befehl "tsc" ist entweder falsch geschrieben oder\r\nkonnte nicht gefunden werden.\r\n',
  ],
  [
    "ENV_SETUP_MISS",
    "pip install pandas",
    1,
    "ERROR: Could not install packages due to an OSError: [WinError 5] Access is denied: 'c:\\\\program files\\\\python312\\\\lib\\\\site-packages\\\\pandas'\r\nConsider using the `--user` option or check the permissions.\r\n",
  ],
  [
    "ENV_SETUP_MISS",
    "./gradlew assembleDebug",
    1,
    "* What went wrong:\nCould not determine the dependencies of task ':app:compileDebugKotlin'.\n> SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable.",
  ],
  [
    "ENV_SETUP_MISS",
    "systemctl start redis",
    1,
    "System has not been booted with systemd as init system (PID 1). Can't operate.\nFailed to connect to bus: Host is down",
  ],
  ["ENV_SETUP_MISS", "service mysql start", 1, "mysql: unrecognized service"],
  [
    "BAD_FILE_EDIT",
    "dotnet build",
    1,
    "/src/Api/Api.csproj(9,3): error MSB4025: The project file could not be loaded. The 'ItemGroup' start tag on line 5 position 4 does not match the end tag of 'Project'.",
  ],
  [
    "BAD_FILE_EDIT",
    "pip install .",
    2,
    '  File "/usr/lib/python3/dist-packages/pip/_vendor/tomli/_parser.py", line 580, in parse_basic_str\n    raise suffixed_err(src, pos, f"Illegal character {char!r}")\npip._vendor.tomli.TOMLDecodeError: Illegal character \'\\n\' (at line 5, column 12)',
  ],
  ["BAD_FILE_EDIT", "pytest", 4, "ERROR: /work/api/setup.cfg:14: unexpected value continuation"],
  [
    "ENV_SETUP_MISS",
    "pytest -q",
    1,
    "    def test_connect():\n>       url = os.environ[\"REDIS_URL\"]\n\n<frozen os>:679: KeyError\n=========================== short test summary info ============================\nFAILED tests/test_cache.py::test_connect - KeyError: 'REDIS_URL'\n1 failed in 0.21s",
  ],
  [
    "ENV_SETUP_MISS",
    'set -u; ./publish.sh "$RELEASE_TAG"',
    1,
    "bash: Zeile 1: RELEASE_TAG ist nicht gesetzt.",
  ],
  [
    "PKG_INSTALL",
    "sudo apt-get install -y libgeo-dev && make",
    100,
    "E: Impossible de trouver le paquet libgeo-dev",
  ],
  ["CMD_ERROR", "make dist", 2, "make: *** Sem regra para processar o alvo 'dist'.  Pare."],
  [
    "ENV_SETUP_MISS",
    "gcc -c codec.c",
    1,
    "codec.c:2:10: fatal error: opus/opus.h: Datei oder Verzeichnis nicht gefunden\n    2 | #include <opus/opus.h>\n      |          ^~~~~~~~~~~~~\ncompilation terminated.",
  ],
  [
    "CMD_ERROR",
    "sed -e 's/x/y' a.txt",
    1,
    "sed: -e expresión #1, carácter 5: orden `s' sin terminar",
  ],
  // configuration the environment lacks
  [
    "ENV_SETUP_MISS",
    "node server.mjs",
    1,
    "file:///srv/app/server.mjs:3\n  throw new Error('SESSION_SECRET is not set');\n  ^\n\nError: SESSION_SECRET is not set\n    at file:///srv/app/server.mjs:3:9\n\nNode.js v20.11.0",
  ],
  ["ENV_SETUP_MISS", "sh release.sh", 2, "release.sh: 3: NPM_TOKEN: NPM_TOKEN must be set"],
  [
    "ENV_SETUP_MISS",
    "python3 sync.py",
    1,
    'Traceback (most recent call last):\n  File "/srv/sync.py", line 3, in <module>\n    bucket = os.environ["S3_BUCKET"]\n             ~~~~~~~~~~^^^^^^^^^^^^^\n  File "<frozen os>", line 679, in __getitem__\nKeyError: \'S3_BUCKET\'',
  ],
  [
    "ENV_SETUP_MISS",
    'git commit -m "wip"',
    128,
    "Author identity unknown\n\n*** Please tell me who you are.\n\nRun\n\n  git config --global user.email \"you@example.com\"\n\nfatal: unable to auto-detect email address (got 'ci@runner.(none)')",
  ],
  [
    "ENV_SETUP_MISS",
    "cargo build --target wasm32-unknown-unknown",
    101,
    "error[E0463]: can't find crate for `core`\n  |\n  = note: the `wasm32-unknown-unknown` target may not be installed\n  = help: consider downloading the target with `rustup target add wasm32-unknown-unknown`",
  ],
  [
    "ENV_SETUP_MISS",
    "pwsh -File .\\build.ps1",
    1,
    ".\\build.ps1 : File C:\\src\\build.ps1 cannot be loaded because running scripts is disabled on this\r\nsystem. For more information, see about_Execution_Policies at https:/go.microsoft.com/fwlink/?LinkID=135170.\r\n    + CategoryInfo          : SecurityError: (:) [], PSSecurityException",
  ],
  // broken configuration and source files
  ["BAD_FILE_EDIT", "git log", 128, "fatal: bad config line 9 in file .git/config"],
  [
    "BAD_FILE_EDIT",
    "ssh -F ops/ssh_config bastion",
    255,
    "ops/ssh_config: line 3: Bad configuration option: identityfle\nops/ssh_config: terminating, 1 bad configuration options",
  ],
  [
    "BAD_FILE_EDIT",
    "apt-get update",
    100,
    "E: Malformed entry 2 in list file /etc/apt/sources.list.d/internal.list (Component)\nE: The list of sources could not be read.",
  ],
  [
    "BAD_FILE_EDIT",
    "composer update",
    1,
    '[Seld\\JsonLint\\ParsingException]\n"./composer.json" does not contain valid json\nParse error on line 7:\n...',
  ],
  [
    "BAD_FILE_EDIT",
    "cargo build",
    101,
    'error: invalid string\nexpected `"`, `\'`\n --> Cargo.toml:4:11\n  |\n4 | version = 0.1.0"\n  |           ^',
  ],
  [
    "BAD_FILE_EDIT",
    "./gradlew build",
    1,
    "e: file:///work/app/build.gradle.kts:21:14: Unexpected tokens (use ';' to separate expressions on the same line)\n\nFAILURE: Build failed with an exception.",
  ],
  [
    "BAD_FILE_EDIT",
    "cmake -S . -B out",
    1,
    'CMake Error at CMakeLists.txt:7 (add_libary):\n  Unknown CMake command "add_libary".',
  ],
  [
    "BAD_FILE_EDIT",
    "patch -p1 < hotfix.diff",
    1,
    "patching file src/auth.c\nHunk #1 FAILED at 42.\n1 out of 1 hunk FAILED -- saving rejects to file src/auth.c.rej",
  ],
  [
    "BAD_FILE_EDIT",
    "pnpm install",
    1,
    " ERROR  × read package manager policy\n  ╰─▶ trailing comma at line 6 column 1",
  ],
  [
    "BAD_FILE_EDIT",
    "bash deploy.sh",
    2,
    "deploy.sh: línea 9: error sintáctico: no se esperaba el final del fichero",
  ],
  ["BAD_FILE_EDIT", "make", 2, "Makefile:3: *** faltando o separador.  Pare."],
  // published packages that are missing
  [
    "PKG_INSTALL",
    "perl report.pl",
    2,
    "Can't locate Spreadsheet/XLSX.pm in @INC (you may need to install the Spreadsheet::XLSX module) (@INC contains: /etc/perl /usr/share/perl5) at report.pl line 4.\nBEGIN failed--compilation aborted at report.pl line 4.",
  ],
  [
    "PKG_INSTALL",
    "rustc main.rs",
    1,
    "error[E0432]: unresolved import `rand`\n --> main.rs:1:5\n  |\n1 | use rand::Rng;\n  |     ^^^^ use of unresolved module or unlinked crate `rand`",
  ],
  [
    "PKG_INSTALL",
    "gradlew.bat build",
    1,
    'Exception in thread "main" java.io.IOException: Downloading from https://services.gradle.org/distributions/gradle-8.5-bin.zip failed: timeout',
  ],
];

describe("classifyOutcome tells the mechanisms apart", () => {
  for (const [expected, command, exit_code, stderr] of CASES) {
    it(`${command} (exit ${exit_code}) -> ${expected}`, () => {
      expect(classifyOutcome({ command, exit_code, stderr }).category).toBe(expected);
    });
  }
});
