// Reliability figures: a test says what it did (inputs tried, kills survived, rows verified...)
// so scripts/reliability.mjs can quote the last run in RELIABILITY.md. Outside that script
// (FAK_RELIABILITY_REPORT unset) it does nothing.
import { appendFileSync } from "node:fs";

/**
 * Append one figure line `{guarantee, figures, at}` to the file named by FAK_RELIABILITY_REPORT.
 * @example reportFigure("kill-import/file", { kills: 3, rowsVerified: 3000 })
 */
export function reportFigure(guarantee, figures) {
  const file = process.env.FAK_RELIABILITY_REPORT;
  if (!file) return;
  const line = JSON.stringify({ guarantee, figures, at: new Date().toISOString() });
  appendFileSync(file, `${line}\n`);
}
