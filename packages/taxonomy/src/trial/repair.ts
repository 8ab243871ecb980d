import type { Step } from "./steps.js";

// "A failed command counts only if nothing later repaired it": the same command, or the same
// target (the same program on a shared argument: a path, a package, a URL), succeeded later.
// Looking around (ls, cat, which, grep ...) is exploration: its failures never count.

const PROBES = new Set([
  "ls",
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "file",
  "stat",
  "test",
  "[",
  "[[",
  "which",
  "type",
  "command",
  "whereis",
  "grep",
  "egrep",
  "rg",
  "find",
  "locate",
  "pwd",
  "echo",
  "printf",
  "ps",
  "pgrep",
  "env",
  "printenv",
  "id",
  "whoami",
  "df",
  "du",
  "wc",
  "diff",
  "cmp",
  "readlink",
  "realpath",
  "tree",
  "history",
  "true",
  "false",
  "sleep",
  "clear",
  "cd",
  "kill",
  "pkill",
  "curl -i",
  "nproc",
  "uname",
  "date",
  "hostname",
  "jobs",
  "wait",
  // Looking at the system's state (sockets, network, memory, mounts, binaries).
  "ss",
  "netstat",
  "lsof",
  "free",
  "top",
  "lsblk",
  "lscpu",
  "xxd",
  "hexdump",
  "od",
  "strings",
  "nm",
  "ldd",
  "man",
]);

const WRAPPERS = new Set(["sudo", "env", "time", "nohup", "timeout", "exec", "nice", "stdbuf"]);

/** The words of the command's last link (`a && b | c` gives the words of `c`'s pipeline head). */
function words(command: string): string[] {
  const links = command
    .split(/&&|\|\||;|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  // The failing link is usually the last meaningful one; a pipe's head does the work.
  const last = links.at(-1) ?? "";
  const head = last.split(/\s\|\s?/)[0] ?? "";
  return head.split(/\s+/).filter(Boolean);
}

/** The program a command runs, past wrappers (`sudo`, `env X=1`, `timeout 60`). */
export function programOf(command: string): string {
  const w = words(command);
  let i = 0;
  while (i < w.length) {
    const word = w[i]!;
    if (
      WRAPPERS.has(word) ||
      /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) ||
      /^-|^\d+[smh]?$/.test(word)
    ) {
      i++;
      continue;
    }
    break;
  }
  return (w[i] ?? "").replace(/^.*\//, "");
}

/** The arguments that name what the command works on (paths, packages, URLs), not flags. */
function targets(command: string): Set<string> {
  const w = words(command);
  const out = new Set<string>();
  for (const word of w.slice(1)) {
    const t = word.replace(/^['"]|['"]$/g, "");
    if (t.length < 3 || t.startsWith("-") || /^\d+$/.test(t) || /^[<>|&]/.test(t)) continue;
    if (/^(install|add|run|build|test|get|update|upgrade|clone|push|pull|checkout|commit)$/.test(t))
      continue;
    out.add(t.replace(/[=<>~^].*$/, "").replace(/\/+$/, ""));
  }
  return out;
}

/**
 * Whether a failed step only looked around (its failure says nothing about the solution).
 * @example isProbe("ls /app/output") // true
 */
export function isProbe(command: string | undefined): boolean {
  if (!command) return false;
  const links = command
    .split(/&&|\|\||;|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return links.length > 0 && links.every((l) => PROBES.has(programOf(l)));
}

function norm(command: string): string {
  return command.replace(/\s+/g, " ").trim();
}

/** Whether `later` (which succeeded) repaired `failed`. */
export function repairs(failed: Step, later: Step): boolean {
  if (later.failed || !failed.command || !later.command) return false;
  if (norm(failed.command) === norm(later.command)) return true;
  const prog = programOf(failed.command);
  if (!prog || prog !== programOf(later.command)) return false;
  const a = targets(failed.command);
  if (a.size === 0) return true;
  for (const t of targets(later.command)) if (a.has(t)) return true;
  return false;
}

/**
 * The failed steps nothing later repaired, in order; exploration is left out.
 * @example unrepaired(steps).at(-1) // the failure still standing at the end, if any
 */
export function unrepaired(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  steps.forEach((s, i) => {
    if (!s.failed || isProbe(s.command)) return;
    for (let j = i + 1; j < steps.length; j++) if (repairs(s, steps[j]!)) return;
    out.push(s);
  });
  return out;
}
