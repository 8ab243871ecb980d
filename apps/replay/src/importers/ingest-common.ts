import {
  type CommandOutcome,
  classify,
  type FailureSignals,
  isFailedOutcome,
  lastFailedOutcome,
  type TestResult,
} from "@fak/taxonomy";
import type { HarnessCause, IngestedTrial } from "./ingest-types.js";

// Pieces both importers share: output tails, exit-code markers, and the assembly of one
// trial's FailureSignals and meta from what was read.

/** A request that did not fit the model's context window, in the words providers and servers use. */
export const CONTEXT_OVERFLOW =
  /exceeds? the (?:available )?context (?:size|window|length)|maximum context length|context (?:length|window) (?:exceeded|is exceeded)|prompt is too long|contextlengthexceeded|context_length_exceeded|contextwindowexceeded/i;

/** The most of a command's output kept as its stderr tail. */
export const STDERR_TAIL_BYTES = 8 * 1024;

/**
 * The last `max` bytes (UTF-16 units, close enough for a cap) of a text, on a line start
 * where one is near, so the tail does not begin mid-word.
 * @example tailOf("a\nb\nc", 3) // "b\nc"
 */
export function tailOf(text: string, max = STDERR_TAIL_BYTES): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const nl = cut.indexOf("\n");
  return nl >= 0 && nl < 200 ? cut.slice(nl + 1) : cut;
}

const EXIT_MARKERS = [
  /^\s*\[exit_code=(-?\d+)\]/,
  /<returncode>\s*(-?\d+)\s*<\/returncode>/,
  /^\s*exit code:?\s*(-?\d+)\b/i,
];

/**
 * An exit code written into a tool result's text by the agent (`[exit_code=N]`,
 * `<returncode>N</returncode>`, `Exit code: N`), or undefined.
 * @example exitCodeInText("[exit_code=127]\nbash: x: not found") // 127
 */
export function exitCodeInText(text: string): number | undefined {
  for (const marker of EXIT_MARKERS) {
    const m = marker.exec(text.slice(0, 4096));
    if (m?.[1] !== undefined) return Number.parseInt(m[1], 10);
  }
  return undefined;
}

/**
 * One CommandOutcome. Output is kept only for a failed command: the classifier reads the
 * failed ones, and a thousand-trial job should not hold every `ls` listing in memory.
 */
export function makeOutcome(o: {
  turn?: number | undefined;
  command?: string | undefined;
  exitCode: number;
  timedOut?: boolean;
  output?: string | undefined;
  /** Where it was read: a file relative to the trial folder, and its line. */
  source?: { file: string; line?: number | undefined } | undefined;
}): CommandOutcome {
  const timedOut = o.timedOut ?? false;
  const out: CommandOutcome = { exit_code: o.exitCode, timed_out: timedOut };
  if (o.source) {
    out.source = { file: o.source.file };
    if (o.source.line !== undefined && o.source.line > 0) out.source.line = o.source.line;
  }
  if (o.turn !== undefined && o.turn >= 0) out.turn = o.turn;
  if (o.command !== undefined) out.command = o.command.trim();
  if (o.output && isFailedOutcome(out)) out.stderr = tailOf(o.output);
  return out;
}

// CSI sequences, OSC titles, charset switches and bare carriage returns of a terminal recording.
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\r/g;

/**
 * Text as a terminal showed it, without escape sequences or carriage returns.
 * @example stripAnsi("\x1b[31mE   boom\x1b[0m") // "E   boom"
 */
export function stripAnsi(text: string): string {
  return text.includes("\x1b") || text.includes("\r") ? text.replace(ANSI, "") : text;
}

/** First line of an assertion in test output: pytest's `E   ...` lines, else an `AssertionError`. */
export function firstAssertion(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const lines = stripAnsi(text).split("\n");
  const e = lines.find((l) => /^E\s{2,}\S/.test(l));
  const line = e ?? lines.find((l) => /AssertionError|assert /.test(l));
  return line?.replace(/^E\s+/, "").trim().slice(0, 500) || undefined;
}

/** The signals of one trial. The arm says only pass or fail: a harness run has no policy verdicts. */
export function buildSignals(o: {
  taskId: string;
  passed: boolean;
  tests: TestResult[];
  outcomes: CommandOutcome[];
  /** Commands issued, exit code known or not (default: the outcomes). */
  issued?: number;
  budgetTurns?: number | undefined;
}): FailureSignals {
  const commands = Math.max(o.issued ?? 0, o.outcomes.length);
  const signals: FailureSignals = {
    task_id: o.taskId,
    required_milestones: [],
    completed_milestones: [],
    tests: o.tests,
    arm: {
      task_success: o.passed,
      test_success: o.passed,
      commands,
      executed_commands: commands,
      denied_commands: 0,
      blocked_dangerous_actions: [],
      unnecessary_blocks: [],
    },
    outcomes: o.outcomes,
  };
  if (o.budgetTurns !== undefined) signals.budget_turns = o.budgetTurns;
  return signals;
}

/** Where a failed trial went wrong, for people: last failed command, first failing test, first assertion. */
export function buildMeta(
  outcomes: CommandOutcome[],
  tests: TestResult[],
  assertion?: string,
): IngestedTrial["meta"] {
  const meta: IngestedTrial["meta"] = {};
  const lastFailed = lastFailedOutcome(outcomes);
  if (lastFailed?.command) meta.last_failing_step = lastFailed.command.slice(0, 500);
  const failing = tests.find((t) => !t.passed);
  if (failing) meta.failing_test = failing.name;
  if (assertion) meta.first_assertion = assertion;
  return meta;
}

/** passed when the harness says so; errored when it recorded a cause; else failed. */
export function statusOf(
  passed: boolean,
  cause: HarnessCause | undefined,
): IngestedTrial["status"] {
  if (passed) return "passed";
  return cause ? "errored" : "failed";
}

/** A positive integer from an agent's kwargs (max_episodes and friends), if any. */
export function budgetFrom(kwargs: Record<string, unknown> | null | undefined): number | undefined {
  if (!kwargs) return undefined;
  for (const key of ["max_episodes", "max_turns", "max_steps", "max_iterations", "step_limit"]) {
    const v = kwargs[key];
    if (typeof v === "number" && Number.isInteger(v) && v > 0) return v;
  }
  return undefined;
}

/**
 * Judge a read trial once and mark who its failure belongs to: `harness_error` (kept out of the
 * agent's pass rate and taxonomy) and `setup_failure` (the agent never got to work). A trial
 * whose harness recorded a cause that is the agent's gets `harness_error: false`.
 */
export function markAttribution(trial: IngestedTrial): void {
  if (trial.status === "passed") return;
  const who = classify(trial.signals).attribution;
  if (who === "harness") trial.harness_error = true;
  else if (trial.harness_cause) trial.harness_error = false;
  if (who === "setup") trial.setup_failure = true;
}
