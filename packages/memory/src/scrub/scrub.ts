/**
 * Secret scrubbing: the last line before storage. Every text field goes through `scrub` before
 * it is written, so neither the `failures` table nor its full-text index ever holds a secret.
 *
 * Each secret becomes `[REDACTED:kind]`. Kinds (rules in this folder, one table per family):
 * - private_key: PEM / PGP private key blocks (RSA, EC, DSA, OPENSSH, ENCRYPTED, PKCS#8),
 *   multi-line, JSON-escaped (`\n`, as in GCP service-account files), or cut off before END
 * - jwt: three base64url segments, header starting `eyJ`
 * - github_token (ghp_ gho_ ghu_ ghs_ ghr_ github_pat_), gitlab_token (glpat- and the other gl*-),
 *   npm_token (npm_), pypi_token (pypi-AgE...), huggingface_token (hf_)
 * - slack_webhook, slack_token (xoxb- xoxp- xoxa- xoxe- xapp-), stripe_key (sk_/rk_ live/test,
 *   whsec_), anthropic_api_key (sk-ant-), openai_api_key (sk-, sk-proj-), sendgrid_api_key
 *   (SG.x.y), twilio_api_key (SK + 32 hex), shopify_token (shpat_ shpca_ shppa_ shpss_),
 *   mailgun_api_key (key- + 32 hex)
 * - aws_access_key_id (AKIA/ASIA/...), aws_secret_access_key (40 characters after its name),
 *   gcp_api_key (AIza...), google_oauth_token (ya29., 1//0), azure_account_key (AccountKey=,
 *   SharedAccessKey=), azure_sas_token (sig=), digitalocean_token (dop_v1_ doo_v1_ dor_v1_),
 *   heroku_api_key (HRKU-)
 * - url_password (scheme://user:pass@host), connection_password (Password=...; / Pwd=...;)
 * - bearer_token: `Bearer x`, `Authorization: <scheme> x`
 * - secret_assignment: key=value, key: value, "key": "value" (also JSON-escaped), export KEY=value,
 *   $key = "value", --password x, -u user:pass, mysql -pX, sshpass -p X, redis-cli -a X, where the
 *   name says secret (password, passwd, pwd, passphrase, secret, credential, private_key,
 *   client_secret: any value that is not a placeholder; token, api_key, apikey, access_key, auth,
 *   signing/encryption/master/session key: values that look generated)
 * - high_entropy: base64 / alphanumeric runs of 24+ characters with a random mix of classes,
 *   entropy near that of a random string, no word structure, not base64 of printable text
 *   (about 1 random 32-character base64 key in 10,000 reads as a name and is missed)
 *
 * Kept as they are (near-misses): pure hex of any length (commit ids, md5/sha1/sha256/sha512,
 * `sha256:<hex>` state hashes, docker digests), UUIDs, SRI `sha512-...`, go.sum `h1:...`, SSH
 * public keys, base64 of printable text, paths (judged per segment), URLs without a password,
 * versions, identifiers and kebab/snake names with numbers or a short random suffix, object ids
 * (toolu_, msg_, gen-, user_...), names about a secret (max_tokens, password_file, test_password_x),
 * code after a secret name (process.env.X, getToken(), password: str), and placeholders:
 * well-known defaults (`changeme`, `password`, `example`, `admin`...), `${VAR}`, `$VAR`, `%VAR%`,
 * `<your-token>`, `{{ x }}`, `xxxx`, `****`. A default like `changeme` is redacted nowhere: it is
 * published, so it protects nothing.
 *
 * Every pattern is bounded and anchored at a token boundary: linear time on long input. Scrubbing
 * is repeated until nothing changes, so `scrub(scrub(x)) === scrub(x)`. It never throws.
 *
 * Fast path: each rule carries a trigger, a cheap pattern that matches wherever the rule could
 * (its fixed prefix, its keyword followed by `=` or `:`, a run of 24 token characters for the
 * entropy rule). All triggers are scanned at once first; text none of them matches (most log
 * lines and import fields) comes back as it is without running the rules. Text that any trigger
 * matches gets every rule, exactly as without the prefilter.
 */
import { RedactedSecrets } from "./copies.js";
import { type ScrubReport, scrubWith } from "./passes.js";
import { SECRET_RULES } from "./rules.js";
import { combineTriggers } from "./trigger.js";

export type { ScrubFinding, ScrubReport } from "./passes.js";

/** Every kind that can appear in `[REDACTED:kind]`, most specific first. */
export const SECRET_KINDS: readonly string[] = Object.freeze([
  ...new Set(SECRET_RULES.map((r) => r.kind)),
]);

const mayHoldSecret = combineTriggers(SECRET_RULES);

/**
 * Scrub `text` and say what was redacted, with each marker's offset in the scrubbed text.
 * @example scrubReport("id AKIAIOSFODNN7EXAMPLE").findings // [{ kind: "aws_access_key_id", index: 3 }]
 */
export function scrubReport(text: string): ScrubReport {
  return scrubWith(text, mayHoldSecret);
}

/**
 * Replace every secret in `text` with `[REDACTED:kind]`.
 * @example scrub("postgres://app:s3cr3t-Pw@db:5432/x") // "postgres://app:[REDACTED:url_password]@db:5432/x"
 */
export function scrub(text: string): string {
  return scrubReport(text).text;
}

/**
 * Scrub texts that go out together (one command's output, one stored row): each as `scrub`
 * does, then every copy of a secret redacted in any of them replaced too, in any case and
 * wherever it stands: a quoted line folded to lower case, a value seen without its name.
 * @example scrubTogether(["API_KEY=Zq8rT2wXv9", "echo zq8rt2wxv9"]) // ["API_KEY=[REDACTED:secret_assignment]", "echo [REDACTED:secret_assignment]"]
 */
export function scrubTogether(texts: readonly string[]): string[] {
  const secrets = new RedactedSecrets();
  const once = texts.map(
    (t) => scrubWith(t, mayHoldSecret, (kind, secret) => secrets.add(kind, secret)).text,
  );
  return secrets.size === 0 ? once : once.map((t) => secrets.redactCopies(t));
}
