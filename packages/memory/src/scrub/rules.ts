import { assignmentRules } from "./assignments.js";
import { authRules } from "./auth.js";
import { cloudRules } from "./cloud.js";
import { codeHostRules } from "./code-hosts.js";
import { encodedRule, hexRule } from "./encoded.js";
import { foldedRules } from "./folded.js";
import { highEntropyRules } from "./high-entropy.js";
import { privateKeyRules } from "./private-keys.js";
import type { SecretRule } from "./rule.js";
import { saasRules } from "./saas.js";
import { urlRules } from "./urls.js";

const [jwtRule, ...headerRules] = authRules;

// Kinds whose shape has fixed capitals: their keys folded to lower case are read too.
const foldedKinds = [
  "jwt",
  "pypi_token",
  "sendgrid_api_key",
  "twilio_api_key",
  "age_secret_key",
  "aws_access_key_id",
  "gcp_api_key",
  "heroku_api_key",
];

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
  ...foldedRules([...authRules, ...codeHostRules, ...saasRules, ...cloudRules], foldedKinds),
  ...urlRules,
  ...headerRules,
  ...assignmentRules,
  // Reads what base64 runs encode with every rule here (itself included, one level deeper).
  encodedRule(() => SECRET_RULES),
  // ...and what hex runs encode (a digest decodes to random bytes and is kept).
  hexRule(() => SECRET_RULES),
  ...highEntropyRules,
];
