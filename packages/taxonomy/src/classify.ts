import { missingMilestones } from "./evidence.js";
import { classifyLiveOutcome } from "./live.js";
import { classifyPolicyBlock } from "./policy.js";
import {
  type FailureClassification,
  type FailureSignals,
  type FailureSignalsInput,
  failureSignalsSchema,
} from "./schemas.js";
import { classifyShape } from "./shape.js";
import { judgeTrial } from "./trial/judge.js";

/**
 * Map one task's signals to one code and one legal recovery. The branches run in a fixed
 * order (policy block, live command outcomes, arm shape), so the same signals always give
 * the same classification. Input is validated (a ZodError on bad input; use `validate` to
 * get an InputError naming a file and field).
 * @example
 *   classify({ task_id: "fix-git", arm: { task_success: false, unnecessary_blocks: [
 *     { command: "git status", verdict: "DENY" }] } })
 *   // { category: "POLICY_BLOCK", recovery: "REFINE_POLICY_FALSE_POSITIVE", retryable: true, ... }
 */
export function classify(signals: FailureSignalsInput): FailureClassification {
  return classifyParsed(failureSignalsSchema.parse(signals));
}

/**
 * `classify` on signals already parsed by `failureSignalsSchema` (`validate`,
 * `parseJsonLines`): the same classification without validating them a second time.
 * @example classifyParsed(validate(failureSignalsSchema, JSON.parse(line), { file, line: n }))
 */
export function classifyParsed(s: FailureSignals): FailureClassification {
  const passed = s.trial
    ? s.trial.passed === true || (s.trial.passed === undefined && !taskFailed(s))
    : !taskFailed(s);
  if (passed) {
    return {
      task_id: s.task_id,
      failed: false,
      category: "NONE",
      reason: "NONE",
      detail: "",
      evidence: [],
      recovery: "NONE",
      retryable: false,
      safety_hold: false,
      ...(s.trial ? { attribution: "agent" as const } : {}),
    };
  }
  if (s.trial) return judgeTrial(s);
  return classifyPolicyBlock(s) ?? classifyLiveOutcome(s) ?? classifyShape(s);
}

/**
 * A task failed when its arm did not succeed (an absent arm is not a success) or a required
 * milestone is missing.
 * @example taskFailed(failureSignalsSchema.parse({ task_id: "t", arm: { task_success: true } })) // false
 */
export function taskFailed(s: FailureSignals): boolean {
  if (!s.arm?.task_success) return true;
  return missingMilestones(s.required_milestones, s.completed_milestones).length > 0;
}
