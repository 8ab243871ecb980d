import { describeRuleExamples } from "../test-support/rule-examples.js";
import { ENV_SETUP_MISS_RULES } from "./env-setup-miss.js";

// One positive example per rule, written for these tests (tool wording, invented names).
const EXAMPLES: Record<string, string> = {
  "shell.command_not_found": "/bin/sh: 1: jqq: not found",
  "shell.command_not_found_localised": "bash: rgrep2: Befehl nicht gefunden.",
  "cmd.not_recognized":
    "'pnpx' is not recognized as an internal or external command,\r\noperable program or batch file.",
  "cmd.not_recognized_localised":
    "'gradle' n'est pas reconnu en tant que commande interne\r\nou externe, un programme exécutable ou un fichier de commandes.",
  "powershell.command_not_found":
    "make : The term 'make' is not recognized as the name of a cmdlet, function, script file, or operable program.",
  "shell.interpreter_missing": "env: 'node': No such file or directory",
  "shell.exit_127_reported": "Error: Process completed with exit code 127.",
  "shell.exec_format": "bash: ./tool-arm64: cannot execute binary file: Exec format error",
  "env.variable_unset_message": "deploy.sh: 4: S3_BUCKET: S3_BUCKET must be set",
  "service.connection_refused":
    'psycopg2.OperationalError: connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused',
  "shell.unbound_variable_localised": "bash: línea 3: DEPLOY_ENV: variable sin asignar",
  "java.main_class_missing":
    "Error: Could not find or load main class org.acme.tool.App\nCaused by: java.lang.ClassNotFoundException: org.acme.tool.App",
  "make.program_missing": "make: gcc: No such file or directory",
  "configure.prerequisite_missing":
    "checking for zlib.h... no\nconfigure: error: zlib header not found, please install zlib development files",
  "git.identity_unknown":
    "Author identity unknown\n\n*** Please tell me who you are.\n\nfatal: unable to auto-detect email address (got 'dev@box.(none)')",
  "python.venv_missing": "bash: venv/bin/activate: No such file or directory",
  "make.include_missing": "Makefile:3: build/deps.mk: No such file or directory",
  "ld.library_missing": "/usr/bin/ld: cannot find -lzstd: No such file or directory",
  "fs.permission_denied": "bash: ./run.sh: Permission denied",
  "fs.permission_denied_localised": "bash: ./start.sh: Отказано в доступе",
  "docker.daemon_unavailable":
    "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?",
  "pip.permission_denied":
    "ERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: '/usr/lib/python3/dist-packages/x'",
  "loader.missing_shared_library":
    "ImportError: libGL.so.1: cannot open shared object file: No such file or directory",
  "build.missing_header": "src/zip.c:3:10: fatal error: zlib.h: No such file or directory",
  "build.missing_toolchain":
    "error: command 'x86_64-linux-gnu-gcc' failed: No such file or directory",
  "build.missing_dependency_config":
    "Package 'libsecret-1' was not found in the pkg-config search path.",
  "node.gyp_missing_python":
    "gyp ERR! find Python Python is not set from command line or npm configuration",
  "node.legacy_binary": 'npm WARN This failure might be due to the use of legacy binary "node"',
  "toolchain.version_too_old":
    'error widget-cli@3.0.0: The engine "node" is incompatible with this module. Expected version ">=18". Got "14.21.3"',
  "java.home_missing":
    "ERROR: JAVA_HOME is not set and no 'java' command could be found in your PATH.",
  "python.local_module_missing": "ModuleNotFoundError: No module named 'src.pipeline'",
  "node.local_module_missing": "Error: Cannot find module '/srv/app/dist/server.js'",
  "git.credentials_missing":
    "git@example.com: Permission denied (publickey).\r\nfatal: Could not read from remote repository.",
  "auth.credentials_missing":
    'Unable to locate credentials. You can configure credentials by running "aws configure".',
  "tls.untrusted_certificate":
    "curl: (60) SSL certificate problem: unable to get local issuer certificate",
  "shell.unbound_variable": "./release.sh: line 4: DEPLOY_TOKEN: unbound variable",
  "env.variable_missing": "Error: environment variable DATABASE_URL is not set",
  "sudo.no_privilege":
    "sudo: a terminal is required to read the password; either use the -S option or configure an askpass helper",
  "exec.not_in_path": 'exec: "uvicorn": executable file not found in $PATH',
  "python.venv_tooling_missing":
    "The virtual environment was not created successfully because ensurepip is not available.",
  "toolchain.sdk_missing": "A compatible .NET SDK was not found.",
  "gpu.driver_missing": "RuntimeError: Found no NVIDIA driver on your system.",
  "display.missing": "_tkinter.TclError: no display name and no $DISPLAY environment variable",
  "service.not_running":
    'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: Is the server running locally?',
  "auth.login_required": "ERROR: Please run 'az login' to setup account.",
  "powershell.execution_policy":
    "File C:\\tools\\build.ps1 cannot be loaded because running scripts is disabled on this system.",
  "gem.permission": "ERROR:  While executing gem ... (Gem::FilePermissionError)",
  "locale.unsupported": "locale.Error: unsupported locale setting",
  "exec.spawn_enoent": "Error: spawn ffmpeg ENOENT",
  "build.system_library_missing": "error: linker `cc` not found",
  "toolchain.runtime_mismatch": "Error: error:0308010C:digital envelope routines::unsupported",
  "launcher.interpreter_missing":
    "Fatal error in launcher: Unable to create process using '\"C:\\Python39\\python.exe\"'",
  "windows.path_not_found_localised": "Das System kann den angegebenen Pfad nicht finden.",
  "fs.no_such_file": "cp: cannot stat 'dist/bundle.js': No such file or directory",
  "fs.no_such_file_localised":
    "ls: no se puede acceder a 'datos': No existe el archivo o el directorio",
  "powershell.command_not_found_localised":
    'Die Benennung "gradle" wurde nicht als Name eines Cmdlet, einer Funktion, einer Skriptdatei oder eines ausführbaren Programms erkannt.',
  "toolchain.not_installed": "error: toolchain '1.79.0-x86_64-unknown-linux-gnu' is not installed",
  "runtime.syntax_in_dependency":
    '  File "/usr/lib/python3.6/site-packages/newlib/core.py", line 88\n    match command:\n          ^\nSyntaxError: invalid syntax',
};

describeRuleExamples("ENV_SETUP_MISS", ENV_SETUP_MISS_RULES, EXAMPLES);
