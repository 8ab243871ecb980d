import { defineRules, RULE_PRIORITY } from "./rule.js";

const P = RULE_PRIORITY;

/** Something the environment should provide is missing: a tool, a library, a credential, a variable, a permission. */
export const ENV_SETUP_MISS_RULES = defineRules("ENV_SETUP_MISS", P.environment, [
  // missing commands
  {
    id: "shell.command_not_found",
    pattern:
      /command not found|exec: (line \d+: )?\S+: not found|^which: no \S+ in \(|^(\S+: )?(line )?\d+: \S+: not found$|^fish: unknown command|^zsh: no such file or directory: /,
    means: "the command is not installed or not on PATH",
  },
  {
    id: "shell.command_not_found_localised",
    pattern:
      /befehl nicht gefunden|kommando nicht gefunden|commande introuvable|orden no encontrada|no se encontró la orden|comando no encontrado|comando não encontrado|команда не найдена|未找到命令|找不到命令|コマンドが見つかりません|comando non trovato|명령을 찾을 수 없습니다/,
    means: "the command is not installed or not on PATH (localised shell)",
  },
  {
    id: "cmd.not_recognized",
    pattern: /is not recognized as an internal or external command|operable program or batch file/,
    means: "cmd.exe cannot find the command (errorlevel 9009)",
  },
  {
    id: "cmd.not_recognized_localised",
    pattern:
      /ist nicht als interner oder externer befehl|ist entweder falsch geschrieben oder( konnte nicht gefunden werden)?$|n'est pas reconnu en tant que commande interne|no se reconoce como un comando interno o externo|não é reconhecido como um comando interno|не является внутренней или внешней|不是内部或外部命令|内部コマンドまたは外部コマンド|として認識されていません/,
    means: "cmd.exe cannot find the command (localised)",
  },
  {
    id: "powershell.command_not_found",
    pattern: /is not recognized as (the|a) name of a cmdlet|commandnotfoundexception/,
    means: "PowerShell cannot find the cmdlet, function or program",
  },
  {
    id: "shell.interpreter_missing",
    pattern:
      /^(\/usr\/bin\/|\/bin\/)?env: ['"]?[\w.+-]+['"]?: |bad interpreter: |cannot execute: required file not found/,
    means: "the script's interpreter (shebang) is not installed",
    priority: 35,
  },
  {
    id: "shell.exit_127_reported",
    pattern: /(exit code|exit status|exited with code|returned a non-zero code):? 12[67]\b/,
    means: "a wrapper reports the child's 126/127: command missing or not executable",
  },
  {
    id: "shell.exec_format",
    pattern: /cannot execute binary file|exec format error/,
    means: "the binary is for another architecture or OS",
    priority: 35,
  },
  // permissions
  {
    id: "fs.permission_denied",
    pattern: /permission denied|\beacces\b|access is denied|operation not permitted/,
    means: "the user lacks permission (a missing +x bit, a root-owned path)",
  },
  {
    id: "fs.permission_denied_localised",
    pattern:
      /keine berechtigung|zugriff verweigert|permission non accordée|accès refusé|permiso denegado|acceso denegado|permissão negada|acesso negado|отказано в доступе|доступ запрещ[её]н|权限不够|拒绝访问|权限被拒绝|許可がありません|permesso negato|허가 거부|アクセスが拒否されました/,
    means: "the user lacks permission (localised)",
  },
  {
    id: "docker.daemon_unavailable",
    pattern:
      /permission denied while trying to connect to the docker daemon|cannot connect to the docker daemon|is the docker daemon running/,
    means: "the Docker daemon is not running or the user is not in the docker group",
    priority: 35,
  },
  {
    id: "pip.permission_denied",
    pattern:
      /could not install packages due to an (oserror|environmenterror): \[(errno 13|winerror 5)\]/,
    means: "pip cannot write to a system site-packages",
    priority: 55,
  },
  // libraries, toolchains, build prerequisites
  {
    id: "loader.missing_shared_library",
    pattern:
      /error while loading shared libraries|cannot open shared object file|library not loaded|dll load failed|\.dll was not found|the specified module could not be found|glibc_[\d.]+' not found|glibcxx_[\d.]+' not found/,
    means: "a shared library the program links against is not installed or not on the loader path",
    priority: P.rootCause,
  },
  {
    id: "build.missing_header",
    pattern:
      /fatal error: [\w/.+-]+\.(h|hh|hpp|hxx): (no such file or directory|[^:]*$)|fatal error: '[\w/.+-]+\.h(pp)?' file not found|cannot open include file: '[^']+': no such file/,
    means: "a development header (a -dev package) is not installed",
    priority: 35,
  },
  {
    id: "build.missing_toolchain",
    pattern:
      /unable to execute '?[\w.+-]+'?: no such file or directory|command '[\w./+-]*(gcc|g\+\+|cc|clang|cl\.exe)' failed|microsoft visual c\+\+ [\d.]+( or greater)? is required|no cmake_\w+_compiler could be found|c compiler cannot create executables|no acceptable c compiler found|cmake_make_program is not set/,
    means: "a compiler or build tool is not installed",
    priority: 35,
  },
  {
    id: "build.missing_dependency_config",
    pattern:
      /could not find a package configuration file provided by|was not found in the pkg-config search path|could not find \w+ \(missing: /,
    means: "a system library the build looks for is not installed",
    priority: 35,
  },
  {
    id: "node.gyp_missing_python",
    pattern: /gyp err! find (python|vs)|can't find python executable/,
    means: "node-gyp needs Python or a C++ toolchain",
    priority: 47,
  },
  {
    id: "node.legacy_binary",
    pattern: /legacy binary "node"/,
    means: "Debian's legacy node binary is too old for the code",
    priority: 60,
  },
  {
    id: "toolchain.version_too_old",
    pattern:
      /the engine "node" is incompatible|unsupported engine|err_pnpm_unsupported_engine|requires node(\.js)? (version )?(>=|\d)|requires rustc \d|may not be used on the stable release channel|go\.mod requires go|requires go >= ?\d|note: module requires go \d|unsupportedclassversionerror|compiled by a more recent version of the java runtime|invalid (target|source) release: \d|cmake [\d.]+ or higher is required/,
    unless: /^(npm )?warn(ing)?\b/,
    means: "the installed toolchain is too old (or new) for the project",
    priority: 45,
  },
  {
    id: "java.home_missing",
    pattern:
      /java_home is (not set|set to an invalid directory)|no java runtime present|unable to locate a java runtime/,
    means: "no Java runtime is configured",
  },
  {
    id: "python.local_module_missing",
    pattern:
      /no module named '?(_\w+|pip|venv|ensurepip|distutils|(src|app|apps|tests?|lib|utils|core|common|scripts|config|settings)([\w.]*))'?$/,
    means: "a module of the project itself, or of the interpreter's own install, is missing",
    priority: 46,
  },
  {
    id: "node.local_module_missing",
    pattern:
      /cannot find module '(\.{1,2}\/|\/|[a-z]:[\\/])|can't resolve '\.{1,2}\/|failed to resolve import "\.{1,2}\//,
    means: "a project file the program loads does not exist (not built or wrong directory)",
    priority: 46,
  },
  // credentials and variables
  {
    id: "git.credentials_missing",
    pattern:
      /could not read (username|password) for|terminal prompts disabled|authentication failed for|permission to \S+ denied to|support for password authentication was removed|permission denied \(publickey|host key verification failed|could not read from remote repository/,
    means: "git has no usable credentials or known host for the remote",
  },
  {
    id: "auth.credentials_missing",
    pattern:
      /unable to locate credentials|no valid credential sources found|could not find default credentials|the security token included in the request is (invalid|expired)|expiredtoken|nocredentialserror|no credentials (found|provided)|credentials (not found|were not found)|unauthorized: authentication required|requested access to the resource is denied|couldn't find a valid proxy|could not find a valid proxy certificate|npm (err!|error) code e401|not logged in|api key (is )?(not|missing)|missing api key/,
    means: "a credential, token or login the command needs is missing",
  },
  {
    id: "tls.untrusted_certificate",
    pattern:
      /x509: certificate signed by unknown authority|certificate verify failed|ssl certificate problem|unable_to_get_issuer_cert_locally|self_signed_cert_in_chain/,
    means: "the environment does not trust the server's certificate (proxy / CA bundle)",
  },
  {
    id: "shell.unbound_variable",
    pattern: /: unbound variable|parameter null or not set|: parameter not set/,
    means: "a required variable is not set (set -u)",
  },
  {
    id: "shell.unbound_variable_localised",
    pattern:
      /: \S+ ist nicht gesetzt|: variable sans liaison|: variable sin asignar|: 未割り当ての変数です|: не заданы границы переменной|: variável não associada|: 未绑定的变量/,
    means: "a required variable is not set (set -u, localised bash)",
  },
  {
    id: "java.main_class_missing",
    pattern:
      /could not find or load main class|impossible de trouver ou de charger la classe principale|hauptklasse .* konnte nicht gefunden oder geladen werden/,
    means: "the main class is not on the classpath: the project was not compiled there",
  },
  {
    id: "env.variable_missing",
    pattern:
      /environment variable ['"$]?\w+['"]? (is )?(not set|not defined|missing|required|unset)|\b\w+ environment variable is not (set|defined)|missing required environment variable|raise keyerror\(key\) from none|([/\\]os\.py|<frozen os>)", line \d+, in __getitem__|<frozen os>:\d+: keyerror/,
    means: "a required environment variable is not set",
    priority: 35,
  },

  {
    id: "env.variable_unset_message",
    // A program's own guard, e.g. `${API_TOKEN:?API_TOKEN must be set}` or `throw new
    // Error("DATABASE_URL is not set")`: an upper-snake name (lower-cased here) said to be unset.
    pattern:
      /(^|[\s:'"$])[a-z][a-z0-9]*_[a-z0-9_]*['"]?:? (is not set|must be set|is (required|unset|undefined|empty)|not set|not defined)\b/,
    means: "a required environment variable is not set (the program's own check)",
    // Below test failures: an assertion message may read "user_id is required".
    priority: P.testFailure - 1,
  },
  {
    id: "service.connection_refused",
    // Nothing listens where the command connects: the database, API or daemon it needs is not
    // running (during an install the registry's refusal is an install failure, a higher rule).
    pattern:
      /connection refused|econnrefused|failed to connect to .* couldn't connect to server|could not connect to server: connection/,
    means: "the service the command connects to is not running (nothing listens on that port)",
  },
  {
    id: "make.program_missing",
    // make could not run a recipe's program: "make: cc: No such file or directory", "Error 127"
    pattern:
      /^make(\[\d+\])?: [\w.+-]+: (no such file or directory|command not found)$|^make(\[\d+\])?: \*\*\* .*error 127$/,
    means: "a program a make recipe runs (a compiler, a tool) is not installed",
    priority: 35,
  },
  {
    id: "configure.prerequisite_missing",
    pattern:
      /^configure: error: .*(not found|no acceptable|cannot find|could not find|is required|not installed|missing|please install)/,
    means: "a configure script did not find a library, header or tool the build needs",
    priority: 35,
  },
  {
    id: "git.identity_unknown",
    pattern:
      /please tell me who you are|unable to auto-detect email address|(author|committer) identity unknown|empty ident name .* not allowed/,
    means: "git has no user.name / user.email configured",
  },
  {
    id: "python.venv_missing",
    pattern:
      /(^|[\s/'"])\.?(venv|virtualenv|env)[/\\](bin|scripts)[/\\](activate|python[\d.]*|pip[\d.]*)(\.\w+)?'?: (no such file|not found)/,
    means: "the virtual environment the command uses was never created",
    priority: 35,
  },
  {
    id: "make.include_missing",
    pattern: /^makefile:\d+: \S+: no such file or directory$/,
    means: "the Makefile includes a file a configure step generates, and it was not run",
    priority: 35,
  },
  {
    id: "ld.library_missing",
    pattern:
      /ld(\.\w+)?: cannot find -l\S+: no such file or directory|ld: library not found for -l/,
    means: "a library the link needs (its -dev package) is not installed",
    priority: 35,
  },
  {
    id: "sudo.no_privilege",
    pattern:
      /a terminal is required to read the password|no tty present and no askpass program|is not in the sudoers file|are you root\?|could not open lock file .*permission denied/,
    means: "the command needs root and cannot get it",
    priority: 55,
  },
  {
    id: "exec.not_in_path",
    pattern: /executable file not found in \$path|no such file or directory: unknown$/,
    means: "the executable is not in the image or on PATH",
  },
  {
    id: "python.venv_tooling_missing",
    pattern:
      /ensurepip is not available|no virtual environment found|pyenv: version `[^`']+'? is not installed|rbenv: version `[^`']+'? is not installed|version "v?[\d.]+" is not yet installed/,
    means: "the interpreter version or its venv tooling is not installed",
  },
  {
    id: "toolchain.sdk_missing",
    pattern:
      /a compatible \.net sdk was not found|you must install or update \.net to run this application|sdk location not found|no \.net sdks were found|it was not possible to find any compatible framework version|netsdk1045|unsupported class file major version|could not determine java version|source option \d+ is no longer supported|release version \d+ not supported|your ruby version is .*, but your gemfile specified|your php version \(.*\) does not satisfy|it is missing from your system|composer detected issues in your platform|xcrun: error: invalid active developer path/,
    means:
      "the SDK, runtime or platform extension the project needs is missing or the wrong version",
    priority: 45,
  },
  {
    id: "gpu.driver_missing",
    pattern:
      /no cuda gpus are available|cuda driver version is insufficient|found no nvidia driver|could not select device driver .* with capabilities: \[\[gpu\]\]|nvidia-smi has failed/,
    means: "no usable GPU driver in the environment",
  },
  {
    id: "display.missing",
    pattern:
      /could not load the qt platform plugin|cannot open display|no display name and no \$display/,
    means: "no display server is available",
  },
  {
    id: "service.not_running",
    pattern:
      /the connection to the server .* was refused - did you specify the right host|has not been booted with systemd as init system|: unrecognized service$|your shell has not been properly configured to use 'conda activate'|(openapi|\/api\?timeout=\d+s).*connect: connection refused|is the server running|can't connect to (local )?mysql server|could not connect to redis at|error: no configuration has been provided/,
    means: "a service the command talks to is not running or not configured",
    priority: 35,
  },
  {
    id: "auth.login_required",
    pattern:
      /run:? '?(az|gcloud auth|gh auth|docker|npm|huggingface-cli) login|gh_token|could not automatically determine credentials|defaultcredentialserror|set the gh_token|no api key provided|api_key client option must be set|may require 'docker login'|401 client error: unauthorized/,
    means: "the command needs a login or API key the environment does not provide",
  },
  {
    id: "powershell.execution_policy",
    pattern:
      /running scripts is disabled on this|is not digitally signed|about_execution_policies|pssecurityexception/,
    means: "PowerShell's execution policy forbids the script",
  },
  {
    id: "gem.permission",
    pattern: /gem::filepermissionerror/,
    means: "gem cannot write to the system gem directory",
    priority: 55,
  },
  {
    id: "locale.unsupported",
    pattern: /locale\.error: unsupported locale setting|cannot set lc_\w+ to default locale/,
    means: "the locale is not generated in this environment",
  },

  {
    id: "exec.spawn_enoent",
    pattern:
      /spawn \S+ enoent|\[(errno 2|winerror 2)\] (no such file or directory|the system cannot find the file specified): '[^'/\\.]+'$/,
    means: "a program the command launches is not installed",
    priority: 35,
  },
  {
    id: "build.system_library_missing",
    pattern:
      /linker `[^`]+` not found|unable to find a build program corresponding to|could not find \w+, try to set the path|package requirements \(.*\) were not met|could not find directory of openssl installation|python3-venv|ensurepip is not\b/,
    means: "a system library or build tool is not installed",
    priority: 35,
  },
  {
    id: "toolchain.runtime_mismatch",
    pattern:
      /error:0308010c:digital envelope routines::unsupported|python (>= ?)?\d\.\d+ (or (later|newer|higher) )?is required|no module named '?tkinter'?$|error\[e0658\]|feature `edition20\d\d` is required/,
    means: "the runtime version or build lacks what the project needs",
    priority: 45,
  },

  {
    id: "launcher.interpreter_missing",
    pattern:
      /fatal error in launcher: unable to create process|no developer tools were found|could not find any visual studio installation/,
    means: "a launcher's interpreter or the platform's developer tools are missing",
    priority: 35,
  },

  {
    id: "powershell.command_not_found_localised",
    pattern:
      /wurde nicht als name eines cmdlet|n'est pas reconnu comme nom d'applet de commande|no se reconoce como nombre de un cmdlet|não é reconhecido como nome de cmdlet|не распознано как имя командлета|项识别为 cmdlet|用語として認識されません/,
    means: "PowerShell cannot find the command (localised)",
  },

  {
    id: "toolchain.not_installed",
    pattern:
      /toolchain '[^']+' is not installed|target may not be installed|rustup target add \S+`?$|reference assemblies for .* were not found|msb3644|detected dubious ownership in repository/,
    means: "the toolchain, SDK pack or repository ownership the command needs is not set up",
    priority: 35,
  },

  {
    id: "runtime.syntax_in_dependency",
    pattern: /(^|[ :|>\]])(syntaxerror|indentationerror): /,
    // the location header of the parse error, not any frame: Python's `File "...", line N`
    // (frames add ", in f") or Node's `path:line`
    after:
      /^(e )?file "[^"]*[/\\](site|dist)-packages[/\\][^"]*", line \d+$|^\S*[/\\]node_modules[/\\]\S+:\d+$/,
    means: "a published dependency does not parse: the runtime is too old for it",
    priority: 45,
  },
  // A path the command expected and did not find: the taxonomy's definition ("missing file,
  // binary, permission, or unset variable the environment was expected to provide"). One failed
  // command cannot tell that the agent should have made the file itself; that belongs to the
  // trial-level judgement, which sees what happened later. Below the specific rules above
  // (tools, interpreters, libraries, headers) and below failing tests, so those still decide.
  {
    id: "fs.no_such_file",
    pattern:
      /no such file or directory|the system cannot find the (file|path) specified|cannot find path '.*' because it does not exist/,
    means:
      "a path the command expected does not exist (missing from the environment, or not produced yet)",
    priority: 22,
  },
  {
    id: "fs.no_such_file_localised",
    pattern:
      /datei oder verzeichnis nicht gefunden|aucun fichier ou (dossier|répertoire) de ce (type|nom)|no existe el (archivo|fichero) o (el )?directorio|(arquivo|ficheiro) ou (diretório|pasta) (inexistente|não encontrado)|нет такого файла или каталога|没有那个文件或目录|没有该文件或目录|系统找不到指定的(文件|路径)|そのようなファイルやディレクトリはありません|ファイルまたはディレクトリがありません|file o directory non esistente|그런 파일이나 디렉터리가 없습니다|指定されたファイルが見つかりません|指定されたパスが見つかりません/,
    means: "a path the command expected does not exist (localised)",
    priority: 22,
  },
  {
    id: "windows.path_not_found_localised",
    pattern:
      /das system kann (den angegebenen pfad|die angegebene datei) nicht finden|le chemin d'accès spécifié est introuvable|le fichier spécifié est introuvable|el sistema no puede encontrar (la ruta|el archivo) especificad[oa]|o sistema não pode encontrar o (caminho|arquivo) especificado|системе не удается найти указанный (путь|файл)/,
    means: "Windows cannot find the path or file the command expected (localised)",
    priority: 22,
  },
]);
