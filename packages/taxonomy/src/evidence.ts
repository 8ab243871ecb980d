import type { CommandEvent, TestResult } from "./schemas.js";

/** Longest evidence entry kept: one matched line, never a whole log. */
export const EVIDENCE_MAX_CHARS = 200;

/** Cut a single line to the evidence cap, marking the cut so nobody mistakes it for the whole. */
export function capEvidence(text: string, max = EVIDENCE_MAX_CHARS): string {
  // Most entries are one line already: the replace would change nothing.
  const oneLine = (
    text.includes("\n") || text.includes("\r") ? text.replace(/\s*[\r\n]+\s*/g, " ") : text
  ).trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}

/** One policy verdict as evidence: the kind of block, where it happened, the refused command. */
export function eventEvidence(kind: string, event: CommandEvent): string {
  const turn = event.turn === undefined ? "" : ` turn=${event.turn}`;
  return capEvidence(`${kind}:${turn} verdict=${event.verdict} cmd=${event.command}`);
}

/** The names of the tests that failed, one entry each. */
export function failedTestEvidence(tests: readonly TestResult[]): string[] {
  return tests.filter((t) => !t.passed).map((t) => capEvidence(`failed_test:${t.name}`));
}

/** Required milestones that were not completed, sorted so the result is stable. */
export function missingMilestones(
  required: readonly string[],
  completed: readonly string[],
): string[] {
  const done = new Set(completed);
  return [...new Set(required.filter((m) => !done.has(m)))].sort();
}
