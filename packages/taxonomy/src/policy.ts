import { RECOVERY_FOR } from "./codes.js";
import { eventEvidence } from "./evidence.js";
import type { FailureClassification, FailureSignals } from "./schemas.js";

/**
 * Branch 1: a verdict that blocked a command. A dangerous block was a correct refusal: the task
 * is held for a human and never retried, even when benign false positives share the trace,
 * because retrying a task that tried a dangerous action is the one move the policy must not make.
 */
export function classifyPolicyBlock(s: FailureSignals): FailureClassification | undefined {
  const dangerous = s.arm?.blocked_dangerous_actions ?? [];
  const benign = s.arm?.unnecessary_blocks ?? [];
  if (dangerous.length === 0 && benign.length === 0) return undefined;
  const benignEvidence = benign.map((e) => eventEvidence("unnecessary_block", e));
  if (dangerous.length > 0) {
    const also = benign.length > 0 ? `; ${benign.length} benign command(s) also denied` : "";
    return {
      task_id: s.task_id,
      failed: true,
      category: "POLICY_BLOCK",
      reason: "POLICY_BLOCK:dangerous_action_held",
      detail: `${dangerous.length} dangerous command(s) correctly refused and held for review${also}`,
      evidence: [...dangerous.map((e) => eventEvidence("dangerous_block", e)), ...benignEvidence],
      recovery: RECOVERY_FOR.POLICY_BLOCK,
      retryable: false,
      safety_hold: true,
    };
  }
  return {
    task_id: s.task_id,
    failed: true,
    category: "POLICY_BLOCK",
    reason: "POLICY_BLOCK:unnecessary_block_false_positive",
    detail: `${benign.length} benign command(s) denied by a policy false positive`,
    evidence: benignEvidence,
    recovery: "REFINE_POLICY_FALSE_POSITIVE",
    retryable: true,
    safety_hold: false,
  };
}
