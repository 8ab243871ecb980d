// The public API of @fak/replay: what its README documents. Internals (schema parts, file
// readers, constants) stay unexported and free to change.

export type * from "./fixture/arms.js";
export { decideTrace, replayArm } from "./fixture/arms.js";
export type * from "./fixture/checkpoint.js";
export { canonicalState, evidenceCheckpoint, stateHash } from "./fixture/checkpoint.js";
export { REPLAY_OUTPUT_FILES, writeOutputFiles, writeReplayOutputs } from "./fixture/outputs.js";
export type * from "./fixture/policy.js";
export { compilePolicy, isExecuted, regexProblem } from "./fixture/policy.js";
export type * from "./fixture/replay.js";
export { armTrials, replaySuite, replayTrials } from "./fixture/replay.js";
export type * from "./fixture/report.js";
export { buildReport } from "./fixture/report.js";
export { renderReportMarkdown } from "./fixture/report-markdown.js";
export type * from "./fixture/report-schema.js";
export { commandReportSchema } from "./fixture/report-schema.js";
export { checkSuite, loadSuite, parseSuite } from "./fixture/suite.js";
export type * from "./fixture/suite-schema.js";
export { commandSuiteSchema } from "./fixture/suite-schema.js";
export type * from "./fixture/summary.js";
export { summarizeArm, summarizeReplay } from "./fixture/summary.js";
export { ingestHarbor } from "./importers/harbor/index.js";
export type * from "./importers/ingest.js";
export { agentTrials, classifyTrial, findJobs, ingest } from "./importers/ingest.js";
export type * from "./importers/ingest-types.js";
export { isSkipped } from "./importers/ingest-types.js";
export { ingestTb } from "./importers/tb/index.js";
export { commandShape } from "./pipeline/command-shape.js";
export type * from "./pipeline/death-row.js";
export { deathRowFor } from "./pipeline/death-row.js";
export type * from "./pipeline/eval-trials.js";
export {
  checkLabelPaths,
  evaluateTrials,
  labelledTrialSchema,
  renderTrialEvaluation,
} from "./pipeline/eval-trials.js";
export type * from "./pipeline/pipeline.js";
export { classifyPipelineTrial, judgeTrials, runPipeline } from "./pipeline/pipeline.js";
export type * from "./pipeline/trial.js";
export { trialFromIngested } from "./pipeline/trial.js";
export { replayWireSchemas } from "./pipeline/wire-schemas.js";
export * from "./reports/index.js";
