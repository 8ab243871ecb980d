// Run reports: flat per-trial rows, runs loaded for comparison, the comparison, CI gates,
// the statistics behind them, and the self-contained HTML report.

export { compareRuns, taskOfTrialName, taskSide } from "./compare.js";
export {
  csvCell,
  mdCell,
  ROW_COLUMNS,
  rowsToCsv,
  rowsToJsonl,
  rowsToMarkdown,
} from "./formats.js";
export { failureGate, type GateVerdict, regressionGate } from "./gates.js";
export { type HtmlReportInput, renderHtmlReport } from "./html.js";
export { runRows } from "./job-files.js";
export { type LoadedRun, type LoadOptions, loadRun, MAX_SAVED_RUN_BYTES } from "./load.js";
export { evidenceLine, headlines, jobLabel, skipGroups, trialRows } from "./rows.js";
export type * from "./schemas.js";
export {
  COMPARISON_SCHEMA,
  headlineSchema,
  runComparisonSchema,
  runSummarySchema,
  trialRowSchema,
} from "./schemas.js";
export { type Interval, newcombePaired, pairedBootstrap, passAtK, wilson } from "./stats.js";
export { categoryCounts, meanReward, scoredRows, summarizeRun } from "./summary.js";
