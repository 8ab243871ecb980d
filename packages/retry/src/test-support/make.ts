import type { FailureClassification } from "@fak/taxonomy";

/** A failed, retryable CMD_ERROR unless told otherwise. */
export function failure(over: Partial<FailureClassification> = {}): FailureClassification {
  return {
    task_id: "task-a",
    failed: true,
    category: "CMD_ERROR",
    reason: "CMD_ERROR:nonzero_exit",
    detail: "turn 2 command exited 1",
    evidence: [],
    recovery: "REPAIR_FAILED_COMMAND",
    retryable: true,
    safety_hold: false,
    ...over,
  };
}

export function held(over: Partial<FailureClassification> = {}): FailureClassification {
  return failure({
    category: "POLICY_BLOCK",
    reason: "POLICY_BLOCK:dangerous_action_held",
    recovery: "ESCALATE_FOR_REVIEW",
    retryable: false,
    safety_hold: true,
    evidence: ["dangerous_block: turn=4 verdict=DENY cmd=rm -rf ~"],
    ...over,
  });
}

export function passed(over: Partial<FailureClassification> = {}): FailureClassification {
  return failure({
    failed: false,
    category: "NONE",
    reason: "NONE",
    detail: "",
    recovery: "NONE",
    retryable: false,
    ...over,
  });
}

/** A package-install failure, with evidence shaped as the live-outcome branch writes it. */
export function installFailure(turn: number, line: string, task_id = "task-a") {
  const rule = "pip.no_matching_distribution";
  return failure({
    task_id,
    category: "PKG_INSTALL",
    reason: "PKG_INSTALL:no_matching_distribution",
    detail: `turn ${turn} command exited 1`,
    evidence: [
      `rule:${rule}`,
      `turn ${turn} exit 1: pip install -r requirements.txt`,
      `rule ${rule} matched: ${line.toLowerCase()}`,
      "means: no release of the requirement exists for this platform",
    ],
    recovery: "RETRY_PACKAGE_INSTALL",
  });
}
