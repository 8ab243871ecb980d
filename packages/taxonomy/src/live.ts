import { capEvidence } from "./evidence.js";
import { classifyOutcome, lastFailedOutcome } from "./outcome.js";
import type { FailureClassification, FailureSignals } from "./schemas.js";

/**
 * Branch 2: the last failed command (non-zero or timed out) decides, through the live-outcome
 * rules. stderr is match material only: `detail` names the turn and the exit, never the text;
 * the evidence names the rule that fired (`rule:<id>`, for machines) and, in the outcome
 * classifier's own words, the one line it matched, each entry capped.
 */
export function classifyLiveOutcome(s: FailureSignals): FailureClassification | undefined {
  const last = lastFailedOutcome(s.outcomes);
  if (!last) return undefined;
  const verdict = classifyOutcome(last);
  const where =
    last.turn === undefined
      ? `command ${s.outcomes.lastIndexOf(last) + 1}`
      : `turn ${last.turn} command`;
  const how = last.timed_out ? "timed out" : `exited ${last.exit_code}`;
  const evidence = verdict.rule ? [`rule:${verdict.rule}`] : [];
  for (const entry of verdict.evidence) evidence.push(capEvidence(entry));
  return {
    task_id: s.task_id,
    failed: true,
    category: verdict.category,
    reason: verdict.reason,
    detail: `${where} ${how}`,
    evidence,
    recovery: verdict.recovery,
    retryable: true,
    safety_hold: false,
  };
}
