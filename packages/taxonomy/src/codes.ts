/**
 * The closed vocabulary. A task gets exactly one of these codes, never free text;
 * finer causes go in `reason` as `CODE:sub_reason`.
 */
export const FAILURE_CODES = [
  "NONE",
  "CMD_ERROR",
  "ENV_SETUP_MISS",
  "TIMEOUT",
  "PKG_INSTALL",
  "BAD_FILE_EDIT",
  "TEST_MISUNDERSTOOD",
  "POLICY_BLOCK",
  "BUDGET_EXHAUSTED",
  "UNKNOWN",
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

/**
 * The legal recovery moves. Every one is task-agnostic: none injects a task's private
 * answer, none rewrites the task's tests, none bypasses a correct refusal.
 */
export const RECOVERY_ACTIONS = [
  "NONE",
  "NORMALIZE_COMMAND",
  "REPAIR_FAILED_COMMAND",
  "RETRY_PACKAGE_INSTALL",
  "RESTORE_CHECKPOINT_AND_RETRY",
  "EVIDENCE_GUIDED_RETRY",
  "REREAD_TEST_ORACLE",
  "REFINE_POLICY_FALSE_POSITIVE",
  "ESCALATE_FOR_REVIEW",
] as const;

export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

/** What each recovery does, for people reading a directive. */
export const RECOVERY_DESCRIPTIONS: Readonly<Record<RecoveryAction, string>> = {
  NONE: "nothing legal can improve the outcome",
  NORMALIZE_COMMAND: "re-issue the command with normalised syntax (quoting, flags, paths)",
  REPAIR_FAILED_COMMAND: "re-issue the failed command after a generic, answer-free repair",
  RETRY_PACKAGE_INSTALL: "retry the install with a refreshed index or another public source",
  RESTORE_CHECKPOINT_AND_RETRY: "roll back to the last good checkpoint and retry the step",
  EVIDENCE_GUIDED_RETRY: "resume from the captured evidence instead of starting over",
  REREAD_TEST_ORACLE: "re-read the public test oracle before retrying",
  REFINE_POLICY_FALSE_POSITIVE: "narrow the policy so the wrongly denied benign command is allowed",
  ESCALATE_FOR_REVIEW: "hold the correctly refused action for a human; never bypass it",
};

/**
 * The one recovery for each code, wherever the code was decided (a live command, a whole trial,
 * arm shape). Only a policy block depends on more than its code: a benign block (a false
 * positive) gets REFINE_POLICY_FALSE_POSITIVE, a dangerous one the ESCALATE_FOR_REVIEW below.
 *
 * TIMEOUT gets EVIDENCE_GUIDED_RETRY, not RESTORE_CHECKPOINT_AND_RETRY: a time limit ended the
 * work, so re-running the same step from a checkpoint would spend the same time again, while
 * the evidence (which command ran long, how far it got) lets the next attempt take a faster
 * route (run it in the background, on less input, with its own time limit).
 */
export const RECOVERY_FOR: Readonly<Record<FailureCode, RecoveryAction>> = {
  NONE: "NONE",
  CMD_ERROR: "REPAIR_FAILED_COMMAND",
  ENV_SETUP_MISS: "REPAIR_FAILED_COMMAND",
  TIMEOUT: "EVIDENCE_GUIDED_RETRY",
  PKG_INSTALL: "RETRY_PACKAGE_INSTALL",
  BAD_FILE_EDIT: "RESTORE_CHECKPOINT_AND_RETRY",
  TEST_MISUNDERSTOOD: "REREAD_TEST_ORACLE",
  POLICY_BLOCK: "ESCALATE_FOR_REVIEW",
  BUDGET_EXHAUSTED: "EVIDENCE_GUIDED_RETRY",
  UNKNOWN: "NONE",
};

/** Actions that could bypass a safety hold: never given to a held task. */
export const HOLD_BYPASSING_ACTIONS: ReadonlySet<RecoveryAction> = new Set<RecoveryAction>([
  "REFINE_POLICY_FALSE_POSITIVE",
  "NORMALIZE_COMMAND",
]);

/** The policy verdicts a CommandEvent may carry. */
export const VERDICTS = [
  "ALLOW",
  "DENY",
  "TRANSFORM",
  "QUARANTINE",
  "REQUIRE_WITNESS",
  "DEFER",
  "INDETERMINATE",
] as const;

export type Verdict = (typeof VERDICTS)[number];

/** The live-outcome categories: what a single failed command can be classified as. */
export const OUTCOME_CODES = [
  "CMD_ERROR",
  "ENV_SETUP_MISS",
  "TIMEOUT",
  "PKG_INSTALL",
  "BAD_FILE_EDIT",
] as const satisfies readonly FailureCode[];

export type OutcomeCode = (typeof OUTCOME_CODES)[number];
