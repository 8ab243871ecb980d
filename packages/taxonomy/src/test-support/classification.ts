import type { FailureClassification } from "../schemas.js";

/** A failed, retryable CMD_ERROR classification for `task_id`, with `over` laid on top. */
export const makeClassification = (
  task_id: string,
  over: Partial<FailureClassification> = {},
): FailureClassification => ({
  task_id,
  failed: true,
  category: "CMD_ERROR",
  reason: "CMD_ERROR:nonzero_exit",
  detail: "",
  evidence: [],
  recovery: "REPAIR_FAILED_COMMAND",
  retryable: true,
  safety_hold: false,
  ...over,
});
