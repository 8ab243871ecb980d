// Recoveries: what came of a planned rerun of a failed trial (`fak compare ... --plan --record`).
// One append-only row per death the plan reran, linked to that death's failure row by its
// source key, holding the plan's decision and action, the brief, the memory rows the brief
// quoted, and whether the rerun passed or failed again (with its category). Prior art reads them
// to say which recovery of a dead branch worked, and never offers one that failed as a fix.
export { type RecoverySummary, readRecoveries } from "./read.js";
export { insertRecoveries, type RecoveryResult } from "./record.js";
export {
  RECOVERY_OUTCOMES,
  type RecoveryInput,
  type RecoveryOutcome,
  recoveryInputSchema,
} from "./schema.js";
