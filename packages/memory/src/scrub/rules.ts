import { assignmentRules } from "./assignments.js";
import { authRules } from "./auth.js";
import { cloudRules } from "./cloud.js";
import { codeHostRules } from "./code-hosts.js";
import { encodedRule, hexRule } from "./encoded.js";
import { highEntropyRules } from "./high-entropy.js";
import { privateKeyRules } from "./private-keys.js";
import type { SecretRule } from "./rule.js";
import { saasRules } from "./saas.js";
import { urlRules } from "./urls.js";

const [jwtRule, ...headerRules] = authRules;

/**
 * Every rule, most specific first. Where matches overlap they are redacted as one span named
 * after the earliest rule, so a GitHub token inside a bearer header reads `github_token`, and
 * the generic rules (assignments, entropy) only name what nothing sharper recognised.
 */
export const SECRET_RULES: readonly SecretRule[] = [
  ...privateKeyRules,
  ...(jwtRule ? [jwtRule] : []),
  ...codeHostRules,
  ...saasRules,
  ...cloudRules,
  ...urlRules,
  ...headerRules,
  ...assignmentRules,
  // Reads what base64 runs encode with every rule here (itself included, one level deeper).
  encodedRule(() => SECRET_RULES),
  // ...and what hex runs encode (a digest decodes to random bytes and is kept).
  hexRule(() => SECRET_RULES),
  ...highEntropyRules,
];
