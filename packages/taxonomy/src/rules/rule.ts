import type { OutcomeCode } from "../codes.js";

/**
 * One line of a tool's output and what it means. Rules are data: each category keeps a table of
 * them, and a caller may pass its own table to `classifyOutcome`.
 */
export interface OutcomeRule {
  /** `tool.message`, unique, e.g. `pip.no_matching_distribution`; the part after the first dot is the reason. */
  id: string;
  category: OutcomeCode;
  /** Tested against ONE normalised line: lower-case, no ANSI codes, quotes folded to ' and ", blanks collapsed. */
  pattern: RegExp;
  /** What the message means, in one sentence, for the person reading the evidence. */
  means: string;
  /** Higher wins when several rules match; see RULE_PRIORITY. */
  priority: number;
  /** A line that also matches this is not a match (e.g. "0 failed"). */
  unless?: RegExp;
  /** Only fire when the command or the log shows a package install under way. */
  when?: "install";
  /** Only fire when one of the AFTER_WINDOW lines just before the match matches this (e.g. a file path in a dependency). */
  after?: RegExp;
}

/** How many lines before a match an `after` pattern may be found. */
export const AFTER_WINDOW = 8;

/** A table entry as written in `rules/<category>.ts`: category and priority come from the table. */
export type OutcomeRuleEntry = Omit<OutcomeRule, "category" | "priority"> & { priority?: number };

/**
 * The priority bands. The category order of the design (install, bad edit, environment,
 * textual timeout, command error) is the default; a rule that names a root cause rather than
 * a consequence (an OOM kill, a full disk, a missing shared library, a CI time limit) sits
 * above the band of the category it would otherwise lose to.
 */
export const RULE_PRIORITY = {
  /** Root causes that explain every other line (OOM kill, full disk, CRLF script, missing .so). */
  rootCause: 70,
  /** Default for PKG_INSTALL rules. */
  install: 50,
  /** Default for BAD_FILE_EDIT rules. */
  badEdit: 40,
  /** Default for ENV_SETUP_MISS rules. */
  environment: 30,
  /** Test failures: beat a stray "timeout" word in a test name, lose to a cause the environment shows. */
  testFailure: 29,
  /** A specific textual timeout ("timed out after 30s", "context deadline exceeded"). */
  timeout: 28,
  /** A bare "timed out" word. */
  weakTimeout: 20,
  /** Default for CMD_ERROR rules. */
  command: 10,
} as const;

/**
 * Build one category's table from its entries, filling in category and default priority.
 * @example defineRules("PKG_INSTALL", 50, [{ id: "pip.no_matching_distribution", pattern: /no matching distribution found/, means: "..." }])
 */
export function defineRules(
  category: OutcomeCode,
  priority: number,
  entries: readonly OutcomeRuleEntry[],
): OutcomeRule[] {
  return entries.map((e) => ({ ...e, category, priority: e.priority ?? priority }));
}
