import { commandReportSchema } from "./report-schema.js";
import { commandSuiteSchema } from "./suite-schema.js";

/** The wire formats this package owns, by name, for `fak schema`. */
export const replayWireSchemas = {
  CommandSuite: commandSuiteSchema,
  CommandReport: commandReportSchema,
} as const;
