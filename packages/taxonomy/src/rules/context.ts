// What the classifier knows around a line: is a package install under way, and is this line
// mere progress? Internal: not re-exported from the package.

// A command that installs packages, whatever the ecosystem. Matched on the lower-cased command.
const INSTALL_COMMAND =
  /(^|[\s;&|('"])((pip[\d.]*|pipx|python[\d.]* -m pip|uv( pip)?|poetry|pipenv|pdm|conda|mamba|micromamba) (install|download|add|sync|lock|create|update|env (create|update))\b|install\.packages\(|luarocks install\b|(npm|pnpm|yarn|bun|cnpm) (install|i|ci|add|update|up|upgrade)\b|(npm|pnpm|yarn)\s*($|[;&|])|(apt-get|apt|aptitude|yum|dnf|microdnf|zypper|apk|brew|port|choco|winget|snap|pkg) (\S+ )*(install|add|update|upgrade)\b|pacman -s|gem install\b|bundle( install)?\s*($|[;&|])|composer (install|require|update)\b|cargo (install|fetch|update|generate-lockfile)\b|go (get|install|mod (download|tidy))\b|mvn .*dependency:|dotnet (restore|add .* package)\b|nuget (install|restore)\b|cpanm? |opam install\b|cabal install\b|rustup (toolchain )?install\b)/;

// Lines a package manager prints while it works: they mark an install log.
const INSTALL_LOG =
  /^(collecting \S|installing collected packages|building wheels? for collected packages|looking in indexes|requirement already satisfied|reading package lists|get:\d+ https?:|npm (warn |http |notice )?fetch|collecting package metadata|solving environment|\[\d\/\d\] (resolving|fetching|linking) packages|loading composer repositories|installing dependencies from lock file|downloading from \S+: https?:)|updating crates\.io index|installing build dependencies/;

// Progress and success lines never route a failure ("Collecting foo", "go: downloading ...").
const PROGRESS =
  /^(collecting |downloading |go: (downloading|finding|extracting) |fetching |resolving |get:\d+ |hit:\d+ |ign:\d+ |reading package lists|building dependency tree|reading state information|using cached |requirement already satisfied|unpacking |setting up |preparing to unpack |selecting previously unselected|\d+% |\[=*>? *\] )/;
const NOT_PROGRESS = /error|fail|fatal|exception|denied|not found|timed ?out|refused|killed/;

// timeout(1) told to end the command with SIGKILL (-s KILL, -s 9, --signal=KILL) or to follow
// TERM with KILL (-k / --kill-after): its 137 is the time limit, not the OOM killer. With
// --preserve-status it exits with the signal's own status (143 for TERM) instead of 124.
const KILLING_TIMEOUT =
  /(^|[\s;&|(])timeout\s+(-\S+\s+)*(-s\s*(sig)?(kill|9)\b|--signal[=\s](sig)?(kill|9)\b|-k\s*\d|--kill-after)/;
const PRESERVING_TIMEOUT = /(^|[\s;&|(])timeout\s+(-\S+\s+)*--preserve-status\b/;

/**
 * True when the exit status is a signal that a timeout(1) in the command sent: 137 under one
 * that kills with SIGKILL, any 129-159 under `--preserve-status`.
 * @example endedByTimeout("timeout -s KILL 30 make test", 137) // true
 */
export function endedByTimeout(command: string | undefined, exit: number): boolean {
  if (command === undefined || exit < 129 || exit > 159) return false;
  const head = command.slice(0, 2048).toLowerCase();
  return PRESERVING_TIMEOUT.test(head) || (exit === 137 && KILLING_TIMEOUT.test(head));
}

/** True when the command line is a package install. */
export function isInstallCommand(command: string | undefined): boolean {
  // A command can be a megabyte heredoc: its head says what it runs.
  return command !== undefined && INSTALL_COMMAND.test(command.slice(0, 2048).toLowerCase());
}

const LINK_SEPARATOR_CHARACTER = /[&|;\n]/;

/**
 * True when the step that failed is the install: the last link of a `a && b; c` chain, or, with
 * no command known, a log that shows an install (`lines`, or a function that gives them, asked
 * only then). "pip install -r r.txt && python app.py" failing in app.py is not an install failure.
 */
export function endsWithInstall(
  command: string | undefined,
  lines: readonly string[] | (() => readonly string[]),
): boolean {
  if (command === undefined || command.trim() === "")
    return hasInstallLog(typeof lines === "function" ? lines() : lines);
  // One link (no separator character at all) is the whole command, already known not blank.
  if (!LINK_SEPARATOR_CHARACTER.test(command)) return isInstallCommand(command);
  const links = command.split(/&&|\|\||;|\n/).filter((l) => l.trim() !== "");
  return isInstallCommand(links.at(-1));
}

/** True when some line of the normalised log is an install tool's progress header. */
export function hasInstallLog(lines: readonly string[]): boolean {
  return lines.some(isInstallLogLine);
}

/** True for a normalised line that is an install tool's progress header (never for ""). */
export function isInstallLogLine(line: string): boolean {
  return INSTALL_LOG.test(line);
}

/** True for a progress line that carries no failure word. */
export function isProgressLine(line: string): boolean {
  return PROGRESS.test(line) && !NOT_PROGRESS.test(line);
}
