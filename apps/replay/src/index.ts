// The public API of @fak/replay: what its README documents. Internals (schema parts, file
// readers, constants) stay unexported and free to change.

export type * from "./arms.js";
export { decideTrace, replayArm } from "./arms.js";
export type * from "./checkpoint.js";
export { canonicalState, evidenceCheckpoint, stateHash } from "./checkpoint.js";
export { commandShape } from "./command-shape.js";
export type * from "./death-row.js";
export { deathRowFor } from "./death-row.js";
export { ingestHarbor } from "./harbor/index.js";
export type * from "./ingest.js";
export { agentTrials, classifyTrial, findJobs, ingest } from "./ingest.js";
export type * from "./ingest-types.js";
export { isSkipped } from "./ingest-types.js";
export { REPLAY_OUTPUT_FILES, writeOutputFiles, writeReplayOutputs } from "./outputs.js";
export type * from "./pipeline.js";
export { classifyPipelineTrial, judgeTrials, runPipeline } from "./pipeline.js";
export type * from "./policy.js";
export { compilePolicy, isExecuted, regexProblem } from "./policy.js";
export type * from "./replay.js";
export { replaySuite, replayTrials } from "./replay.js";
export type * from "./report.js";
export { buildReport } from "./report.js";
export { renderReportMarkdown } from "./report-markdown.js";
export type * from "./report-schema.js";
export { commandReportSchema } from "./report-schema.js";
export { checkSuite, loadSuite, parseSuite } from "./suite.js";
export type * from "./suite-schema.js";
export { commandSuiteSchema } from "./suite-schema.js";
export type * from "./summary.js";
export { summarizeArm, summarizeReplay } from "./summary.js";
export { ingestTb } from "./tb/index.js";
export type * from "./trial.js";
export { trialFromIngested } from "./trial.js";
export { replayWireSchemas } from "./wire-schemas.js";
