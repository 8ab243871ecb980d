import { FAILURE_CODES, type FailureClassification, RECOVERY_ACTIONS } from "@fak/taxonomy";
import fc from "fast-check";

/** Task ids, including ones that collide with Object.prototype keys. */
export const taskIdArb = fc.constantFrom("t1", "t2", "t3", "constructor", "__proto__");

const evidenceArb = fc.array(
  fc.oneof(
    fc.constantFrom(
      "rule:pkg.no_matching_distribution",
      "rule:cmd.nonzero",
      "rule pkg.no_matching_distribution matched: error: no matching distribution found for pkg==1.0",
      "rule pkg.no_matching_distribution matched: error: no matching distribution found for pkg==2.0",
      "missing_milestones:built",
      "dangerous_block: turn=3 verdict=DENY cmd=rm -rf /",
      "unnecessary_block: turn=2 verdict=DENY cmd=ls",
    ),
    fc.string({ maxLength: 12 }),
  ),
  { maxLength: 3 },
);

/**
 * Any classification the schema accepts, consistent or not: a held task that also claims to be
 * retryable with a bypassing recovery is exactly the input the policy must survive.
 */
export function classificationArb(
  taskId: fc.Arbitrary<string> = taskIdArb,
): fc.Arbitrary<FailureClassification> {
  return fc.record({
    task_id: taskId,
    failed: fc.boolean(),
    category: fc.constantFrom(...FAILURE_CODES),
    reason: fc.oneof(
      fc.constantFrom("POLICY_BLOCK:dangerous_action_held", "CMD_ERROR:nonzero_exit", "TIMEOUT:x"),
      fc.string({ maxLength: 16 }),
    ),
    detail: fc.string({ maxLength: 16 }),
    evidence: evidenceArb,
    recovery: fc.constantFrom(...RECOVERY_ACTIONS),
    retryable: fc.boolean(),
    safety_hold: fc.boolean(),
  });
}

/** A classification that is certainly held, with every other field free. */
export const heldArb = classificationArb().map((c) => ({ ...c, safety_hold: true }));

/** One task's attempts in order (the same task id throughout) and an attempt cap. */
export function taskRunArb(maxLength: number) {
  return fc.record({
    attempts: taskIdArb.chain((id) =>
      fc.array(classificationArb(fc.constant(id)), { minLength: 1, maxLength }),
    ),
    maxAttempts: fc.integer({ min: 1, max: maxLength + 2 }),
  });
}
