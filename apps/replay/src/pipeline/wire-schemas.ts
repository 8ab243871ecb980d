import { commandReportSchema } from "../fixture/report-schema.js";
import { commandSuiteSchema } from "../fixture/suite-schema.js";
import { runComparisonSchema, trialRowSchema } from "../reports/schemas.js";

/** The wire formats this package owns, by name, for `fak schema`. */
export const replayWireSchemas = {
  CommandSuite: commandSuiteSchema,
  CommandReport: commandReportSchema,
  TrialRow: trialRowSchema,
  RunComparison: runComparisonSchema,
} as const;
