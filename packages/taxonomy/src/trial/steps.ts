import { stripAnsi } from "../ansi.js";
import { classifyOutcome, isFailedOutcome, type OutcomeClassification } from "../outcome.js";
import type { CommandOutcome } from "../schemas.js";
import type { EvidenceLine, ScreenSignal } from "./schema.js";

/** One thing the agent did, from an exit code (outcomes) or from the screen it left (terminus-2). */
export interface Step {
  /** Position in the trial, in order. */
  index: number;
  turn?: number;
  command?: string;
  failed: boolean;
  /** The outcome rules' reading of a failed step. */
  verdict?: OutcomeClassification;
  /** Where it is, and the line that shows the failure (or the command). */
  ref?: EvidenceLine;
}

/**
 * The agent's steps in order: command outcomes (exit codes known) and screens (no exit code: a
 * screen failed when an outcome rule matches one of its lines; the fallbacks that only read an
 * exit code cannot apply to a screen).
 * @example stepsOf([{ command: "make", exit_code: 2, stderr: "make: *** [all] Error 2" }], [])
 */
export function stepsOf(
  outcomes: readonly CommandOutcome[],
  screens: readonly ScreenSignal[],
): Step[] {
  const steps: Step[] = [];
  for (const o of outcomes) {
    const step: Step = { index: 0, failed: isFailedOutcome(o) };
    if (o.turn !== undefined) step.turn = o.turn;
    if (o.command !== undefined) step.command = o.command;
    if (step.failed) step.verdict = classifyOutcome(o);
    if (o.source) {
      // The matched line as the file holds it (the rules read a folded, lower-case copy).
      const at = matchIndex(o.stderr, step.verdict?.line);
      const text =
        at === undefined ? (step.verdict?.line ?? o.command ?? "") : verbatim(o.stderr!, at);
      const start = o.source.output_line;
      const line = at !== undefined && start !== undefined ? start + at : o.source.line;
      step.ref = { file: o.source.file, text, ...(line ? { line } : {}) };
    }
    steps.push(step);
  }
  for (const s of screens) {
    const verdict = classifyOutcome({ command: s.command, exit_code: 1, stderr: s.text });
    const step: Step = { index: 0, failed: verdict.rule !== null };
    if (s.turn !== undefined) step.turn = s.turn;
    if (s.command !== undefined) step.command = s.command;
    if (step.failed) step.verdict = verdict;
    const at = step.failed ? matchIndex(s.text, verdict.line) : undefined;
    const text =
      at !== undefined
        ? verbatim(s.text, at)
        : step.failed
          ? (verdict.line ?? "")
          : (s.command ?? "");
    const line = at !== undefined && s.output_line !== undefined ? s.output_line + at : s.line;
    step.ref = { file: s.file, text, ...(line ? { line } : {}) };
    steps.push(step);
  }
  // Outcomes and screens each come in order; merge them by turn, keeping each one's order.
  const ordered = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.turn ?? 0) - (b.s.turn ?? 0) || a.i - b.i)
    .map(({ s }) => s);
  ordered.forEach((s, i) => {
    s.index = i;
  });
  return ordered;
}

/** The index of the line of `text` a rule matched (its folded copy), if it can be found. */
function matchIndex(
  text: string | undefined,
  matched: string | null | undefined,
): number | undefined {
  if (!text || !matched) return undefined;
  const want = fold(matched.endsWith("…") ? matched.slice(0, -1) : matched);
  if (!want) return undefined;
  const i = text.split("\n").findIndex((l) => fold(l).includes(want));
  return i >= 0 ? i : undefined;
}

/** Line `i` of `text` as it stands, escape sequences and surrounding blanks removed. */
function verbatim(text: string, i: number): string {
  return stripAnsi(text.split("\n")[i] ?? "").trim();
}

/** Case and blanks folded, as the rules' matched line is. */
function fold(text: string): string {
  return stripAnsi(text).toLowerCase().replace(/\s+/g, " ").trim();
}
