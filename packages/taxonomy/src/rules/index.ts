import { BAD_FILE_EDIT_RULES } from "./bad-file-edit.js";
import { CMD_ERROR_RULES } from "./cmd-error.js";
import { ENV_SETUP_MISS_RULES } from "./env-setup-miss.js";
import { PKG_INSTALL_RULES } from "./pkg-install.js";
import type { OutcomeRule } from "./rule.js";
import { TIMEOUT_RULES } from "./timeout.js";

export { BAD_FILE_EDIT_RULES } from "./bad-file-edit.js";
export { CMD_ERROR_RULES } from "./cmd-error.js";
export { ENV_SETUP_MISS_RULES } from "./env-setup-miss.js";
export { PKG_INSTALL_RULES } from "./pkg-install.js";
export { defineRules, type OutcomeRule, type OutcomeRuleEntry, RULE_PRIORITY } from "./rule.js";
export { TIMEOUT_RULES } from "./timeout.js";

/**
 * Every built-in live-outcome rule, one table per category. To extend it, pass your own table:
 * @example classifyOutcome(o, [...OUTCOME_RULES, ...defineRules("PKG_INSTALL", 50, [{ id: "mytool.no_pkg", pattern: /no such package/, means: "..." }])])
 */
export const OUTCOME_RULES: readonly OutcomeRule[] = [
  ...PKG_INSTALL_RULES,
  ...BAD_FILE_EDIT_RULES,
  ...ENV_SETUP_MISS_RULES,
  ...TIMEOUT_RULES,
  ...CMD_ERROR_RULES,
];
