// The public API of @fak/replay, as its README documents it. Internals (schema parts, file
// readers, constants) stay unexported and free to change.

// Evaluation against labelled trials (`fak eval trials`).
export {
  checkLabelPaths,
  evaluateTrials,
  type LabelledTrial,
  labelledTrialSchema,
  renderTrialEvaluation,
  type TrialEvaluation,
  type TrialJudgement,
} from "./eval/eval-trials.js";
// Fixture replay: a command suite through a raw and a fak arm.
export { type ArmName, decideTrace, replayArm } from "./fixture-replay/arms.js";
export {
  type CheckpointState,
  canonicalState,
  type EvidenceCheckpoint,
  evidenceCheckpoint,
  stateHash,
} from "./fixture-replay/checkpoint.js";
export {
  REPLAY_OUTPUT_FILES,
  writeOutputFiles,
  writeReplayOutputs,
} from "./fixture-replay/outputs.js";
export {
  type Adjudicator,
  compilePolicy,
  type Decision,
  isExecuted,
  type ToolCall,
} from "./fixture-replay/policy.js";
export { regexProblem } from "./fixture-replay/regex.js";
export {
  armTrials,
  type ReplayResult,
  replaySuite,
  replayTrials,
} from "./fixture-replay/replay.js";
export { buildReport, type ReplayOptions } from "./fixture-replay/report.js";
export { renderReportMarkdown } from "./fixture-replay/report-markdown.js";
export {
  type ArmReport,
  type ArmSummary,
  type CommandReport,
  commandReportSchema,
  type ReplaySummary,
  type TaskReport,
} from "./fixture-replay/report-schema.js";
export { checkSuite, loadSuite, parseSuite } from "./fixture-replay/suite.js";
export {
  type ArgRule,
  type CommandSuite,
  type CommandSuiteInput,
  commandSuiteSchema,
  type Policy,
  type SuiteTask,
  type TraceStep,
} from "./fixture-replay/suite-schema.js";
export { summarizeArm, summarizeReplay } from "./fixture-replay/summary.js";
// Importers: real Harbor and tb folders, one FailureSignals per trial.
export { ingestHarbor } from "./importers/harbor/index.js";
export {
  agentTrials,
  findJobs,
  findJobTargets,
  type HarnessErrorEntry,
  type IngestResult,
  ingest,
  type JobTarget,
} from "./importers/ingest.js";
export {
  type ExpectedCounts,
  type HarnessHeadline,
  type HarnessKind,
  type IngestedTrial,
  type IngestItem,
  type IngestOptions,
  type IngestRun,
  isSkipped,
  type ListedVerdict,
  type RunCounts,
  type SkippedTrial,
  type TrialClass,
} from "./importers/ingest-types.js";
export {
  assertCounts,
  PASS_RATE_BASIS,
  passRate,
  passRateText,
  sumCounts,
} from "./importers/run-counts.js";
export { ingestTb } from "./importers/tb/index.js";
// The pipeline: classify, roll up, direct retries, record death rows.
export { type ClassifiableTrial, classifyTrial } from "./pipeline/classify-trial.js";
export { commandShape } from "./pipeline/command-shape.js";
export { type DeathRow, deathRowFor } from "./pipeline/death-row.js";
export {
  classifyTrials,
  type DeathStore,
  type PipelineOptions,
  type PipelineResult,
  type RecordedDeath,
  runPipeline,
  type SavedDeath,
  type TaskPriorArt,
} from "./pipeline/pipeline.js";
export { type Trial, type TrialMeta, trialFromIngested } from "./pipeline/trial.js";
// Closing the loop: reruns planned from the decisions (`fak plan`), and their outcome.
export {
  buildPlan,
  decideTrials,
  PLAN_SCHEMA,
  type Plan,
  type PlanItem,
  type PlanOptions,
  type PlanOutcome,
  type PlanRecoveries,
  type PlanResult,
  planOutcome,
  planOutcomeSchema,
  planReadme,
  planRecoveries,
  planSchema,
  readPlan,
  readRuns,
  type UnrecordedItem,
} from "./plan/index.js";
// Run reports: per-trial rows, comparison, gates, HTML.
export {
  COMPARISON_SCHEMA,
  categoryCounts,
  compareRuns,
  csvCell,
  evidenceLine,
  failureGate,
  type GateVerdict,
  type Headline,
  type HtmlReportInput,
  headlineSchema,
  headlines,
  type Interval,
  jobLabel,
  type LoadedRun,
  type LoadOptions,
  loadRun,
  MAX_SAVED_RUN_BYTES,
  mdCell,
  meanReward,
  newcombePaired,
  pairedBootstrap,
  passAtK,
  ROW_COLUMNS,
  type RowEvidence,
  type RunComparison,
  type RunSummary,
  regressionGate,
  renderHtmlReport,
  rowsToCsv,
  rowsToJsonl,
  rowsToMarkdown,
  runComparisonSchema,
  runRows,
  runSummarySchema,
  type SkipGroup,
  scoredRows,
  skipGroups,
  summarizeRun,
  type TaskChange,
  type TaskComparison,
  type TaskSide,
  type TrialRow,
  taskOfTrialName,
  taskSide,
  trialRowSchema,
  trialRows,
  wilson,
} from "./reports/index.js";
// Following a job or run while it is written (`fak watch`).
export { type FollowOptions, type FollowResult, followRun } from "./watch/follow.js";
export {
  type WatchEndLine,
  type WatchLine,
  type WatchTrialLine,
  watchEndLineSchema,
  watchLineSchema,
  watchTrialLineSchema,
} from "./watch/watch-line.js";
