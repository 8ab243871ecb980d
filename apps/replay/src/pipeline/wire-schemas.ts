import { commandReportSchema } from "../fixture/report-schema.js";
import { commandSuiteSchema } from "../fixture/suite-schema.js";

/** The wire formats this package owns, by name, for `fak schema`. */
export const replayWireSchemas = {
  CommandSuite: commandSuiteSchema,
  CommandReport: commandReportSchema,
} as const;
