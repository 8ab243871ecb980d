import { type OutcomeCode, RECOVERY_FOR, type RecoveryAction } from "./codes.js";
import { NormalizedTail } from "./normalize.js";
import { endedByTimeout, endsWithInstall, isInstallLogLine } from "./rules/context.js";
import { EXIT_CODES } from "./rules/exit-codes.js";
import { OUTCOME_RULES, type OutcomeRule } from "./rules/index.js";
import { type Match, matchTail } from "./rules/match.js";
import type { CommandOutcomeInput } from "./schemas.js";

/** The category of one failed command, the rule that decided it and the line it matched. */
export interface OutcomeClassification {
  category: OutcomeCode;
  /** `CODE:sub_reason`, e.g. `PKG_INSTALL:no_matching_distribution`. */
  reason: string;
  recovery: RecoveryAction;
  /** Id of the rule that fired; null when only the timeout flag, the exit code or the fallback decided. */
  rule: string | null;
  /** The normalised line the rule matched (trimmed, at most 240 characters). */
  line: string | null;
  evidence: string[];
}

const INSTALL_FALLBACK_PRIORITY = 16;
/** Rules that only say "a path is missing": an exit code's own reading says more. */
const GENERIC_PATH_RULES = new Set([
  "fs.no_such_file",
  "fs.no_such_file_localised",
  "windows.path_not_found_localised",
]);
const MAX_LINE = 240;
const BLANKS_TO_FOLD = /\s\s|[^\S ]/;

/**
 * A command outcome failed when it exited non-zero or timed out.
 * @example isFailedOutcome({ exit_code: 0, timed_out: true }) // true
 */
export function isFailedOutcome(o: CommandOutcomeInput): boolean {
  return o.timed_out === true || (o.exit_code ?? 0) !== 0;
}

/**
 * The last failed outcome of a run, the one the live-outcome branch classifies.
 * @example lastFailedOutcome([{ exit_code: 1 }, { exit_code: 0 }]) // { exit_code: 1 }
 */
export function lastFailedOutcome<T extends CommandOutcomeInput>(
  outcomes: readonly T[],
): T | undefined {
  for (let i = outcomes.length - 1; i >= 0; i--) {
    const o = outcomes[i]!;
    if (isFailedOutcome(o)) return o;
  }
  return undefined;
}

/**
 * Classify one failed command. The timeout flag, exit 124 (timeout(1)) and a signal status
 * that a timeout(1) in the command sent (137 under `-s KILL`) decide first; then
 * the highest-priority rule matching a line of the normalised stderr tail (ties: install, bad
 * edit, environment, timeout, command error; then the earliest line, the likelier root cause);
 * then what the exit code or an install command implies; else CMD_ERROR.
 * @example
 *   classifyOutcome({ command: "pip install foo", exit_code: 1,
 *     stderr: "ERROR: No matching distribution found for foo" })
 *   // { category: "PKG_INSTALL", reason: "PKG_INSTALL:no_matching_distribution",
 *   //   rule: "pip.no_matching_distribution", recovery: "RETRY_PACKAGE_INSTALL", ... }
 */
export function classifyOutcome(
  o: CommandOutcomeInput,
  rules: readonly OutcomeRule[] = OUTCOME_RULES,
): OutcomeClassification {
  const exit = Number.isFinite(o.exit_code) ? (o.exit_code as number) : 0;
  const tail = NormalizedTail.of(typeof o.stderr === "string" ? o.stderr : "");
  const lines = () => tail.lines();
  // An install is under way when the failing link of the command installs, or the log shows
  // an install tool at work (its lines read up to the first header); only the former lets a
  // bare failure default to PKG_INSTALL.
  const installStep = endsWithInstall(o.command, lines);
  const matches = matchTail(tail, rules, installStep || (() => tail.someLine(isInstallLogLine)));
  const head = describeCommand(o, exit);

  const killedByTimeout = endedByTimeout(o.command, exit);
  if (o.timed_out === true || exit === 124 || killedByTimeout) {
    const [why, reason] =
      o.timed_out === true
        ? ["the timeout flag is set", "command_exceeded_budget"]
        : killedByTimeout
          ? [`exit ${exit}: a signal from timeout(1)`, `timeout_signal_exit_${exit}`]
          : ["exit 124 (timeout(1))", "timeout_exit_124"];
    const best = matches.find((m) => m.rule.category === "TIMEOUT");
    return best
      ? fromRule(best, [head, why])
      : result("TIMEOUT", reason, null, null, [head, `${why}: the command ran out of time`]);
  }
  const best = matches[0];
  const fallback = fallbackFor(exit, installStep);
  if (best && (!fallback || best.rule.priority > fallback.priority)) return fromRule(best, [head]);
  if (fallback) {
    // A weaker line of the same category still names what the exit code implies, unless it
    // is only the generic missing path (127 with "No such file": the path was the command).
    const same = matches.find(
      (m) => m.rule.category === fallback.category && !GENERIC_PATH_RULES.has(m.rule.id),
    );
    if (same) return fromRule(same, [head, fallback.why]);
    return result(fallback.category, fallback.reason, null, null, [head, fallback.why]);
  }
  return result("CMD_ERROR", "command_failed", null, null, [
    head,
    "no rule matched the stderr tail",
  ]);
}

interface Fallback {
  category: OutcomeCode;
  reason: string;
  priority: number;
  why: string;
}

function fallbackFor(exit: number, install: boolean): Fallback | undefined {
  const code = EXIT_CODES.get(exit);
  if (code && (!install || code.priority >= INSTALL_FALLBACK_PRIORITY)) {
    const { category, reason, priority } = code;
    return { category, reason, priority, why: `exit ${exit} decided: ${reason}` };
  }
  if (install) {
    return {
      category: "PKG_INSTALL",
      reason: "install_command_failed",
      priority: INSTALL_FALLBACK_PRIORITY,
      why: "a package install failed and no line names a more specific cause",
    };
  }
  return undefined;
}

function fromRule(m: Match, evidence: string[]): OutcomeClassification {
  const line = m.line.length > MAX_LINE ? `${m.line.slice(0, MAX_LINE - 1)}…` : m.line;
  const sub = m.rule.id.includes(".") ? m.rule.id.slice(m.rule.id.indexOf(".") + 1) : m.rule.id;
  return result(m.rule.category, sub, m.rule.id, line, [
    ...evidence,
    `rule ${m.rule.id} matched: ${line}`,
    `means: ${m.rule.means}`,
  ]);
}

function result(
  category: OutcomeCode,
  sub: string,
  rule: string | null,
  line: string | null,
  evidence: string[],
): OutcomeClassification {
  return {
    category,
    reason: `${category}:${sub}`,
    recovery: RECOVERY_FOR[category],
    rule,
    line,
    evidence,
  };
}

function describeCommand(o: CommandOutcomeInput, exit: number): string {
  const turn = typeof o.turn === "number" ? `turn ${o.turn} ` : "";
  // Blanks folded to one space (only a run or a blank other than a space needs it).
  const command = typeof o.command === "string" ? o.command : "";
  const cmd = (BLANKS_TO_FOLD.test(command) ? command.replace(/\s+/g, " ") : command)
    .trim()
    .slice(0, 200);
  const flag = o.timed_out === true ? " (timed out)" : "";
  return `${turn}exit ${exit}${flag}${cmd ? `: ${cmd}` : ""}`;
}
