// Closing the loop: a plan of reruns from fak's decisions (`fak plan`), and what the rerun did
// (`fak compare --plan`). The top layer of @fak/replay: it reads runs through the importers,
// decides through the pipeline and the retry policy, and compares through the reports.
export { type BriefInput, briefFor } from "./brief.js";
export { type DecidedTrial, type DecideOptions, decideTrials } from "./decide.js";
export { type DerivedConfig, deriveConfig } from "./harbor.js";
export { heldLineReason } from "./held-lines.js";
export {
  type PlanOutcome,
  type PlanOutcomeGroup,
  planOutcome,
  planOutcomeSchema,
  readPlan,
} from "./outcome.js";
export { buildPlan, type PlanOptions, type PlanResult, type PriorArtSource } from "./plan.js";
export { QUOTE_MAX_CHARS, quote } from "./quote.js";
export { type ReadRuns, readRuns } from "./read-runs.js";
export { decisionCounts, planReadme, shellWord } from "./readme.js";
export { type PlanRecoveries, planRecoveries, type UnrecordedItem } from "./recoveries.js";
export {
  PLAN_SCHEMA,
  type Plan,
  type PlanDecision,
  type PlanItem,
  planItemSchema,
  planSchema,
} from "./schema.js";
export { promptTemplate, tbRerun } from "./tb.js";
