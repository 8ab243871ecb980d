/**
 * Secret scrubbing: the last line before storage. Every text field goes through `scrub` before
 * it is written, so neither the `failures` table nor its full-text index ever holds a secret.
 *
 * Each secret becomes `[REDACTED:kind]`. Kinds (rules in `./scrub/`, one table per family):
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
 */
import { findSpans } from "./scrub/rule.js";
import { SECRET_RULES } from "./scrub/rules.js";
import { blankAnsi, clip, markerSpans, mergeSpans, type RankedSpan } from "./scrub/spans.js";

/** Every kind that can appear in `[REDACTED:kind]`, most specific first. */
export const SECRET_KINDS: readonly string[] = Object.freeze([
  ...new Set(SECRET_RULES.map((r) => r.kind)),
]);

/** One redaction: its kind and where its `[REDACTED:kind]` marker starts in the scrubbed text. */
export interface ScrubFinding {
  kind: string;
  index: number;
}

export interface ScrubReport {
  text: string;
  findings: ScrubFinding[];
}

// A redaction can change what its neighbours look like (a token boundary appears), so passes
// repeat until stable; in practice the second pass finds nothing.
const maxPasses = 4;

function scrubPass(text: string): { text: string; added: RankedSpan[]; edits: RankedSpan[] } {
  const view = blankAnsi(text);
  const guarded = markerSpans(view);
  const found: RankedSpan[] = [];
  SECRET_RULES.forEach((rule, rank) => {
    for (const span of findSpans(rule, view))
      found.push(...clip({ ...span, rank, kind: rule.kind }, guarded));
  });
  const edits = mergeSpans(found);
  let out = "";
  let from = 0;
  const added: RankedSpan[] = [];
  for (const e of edits) {
    out += text.slice(from, e.start);
    added.push({ ...e, start: out.length });
    out += `[REDACTED:${e.kind}]`;
    from = e.end;
  }
  return { text: out + text.slice(from), added, edits };
}

// Where earlier markers (sorted offsets in the old text, never inside an edit) land after
// `edits` (sorted): one merge-like walk, linear in both.
function shift(findings: ScrubFinding[], edits: readonly RankedSpan[]): ScrubFinding[] {
  let delta = 0;
  let e = 0;
  return findings.map((f) => {
    for (let edit = edits[e]; edit !== undefined && edit.end <= f.index; edit = edits[++e]) {
      delta += `[REDACTED:${edit.kind}]`.length - (edit.end - edit.start);
    }
    return { kind: f.kind, index: f.index + delta };
  });
}

/**
 * Scrub `text` and say what was redacted, with each marker's offset in the scrubbed text.
 * @example scrubReport("id AKIAIOSFODNN7EXAMPLE").findings // [{ kind: "aws_access_key_id", index: 3 }]
 */
export function scrubReport(text: string): ScrubReport {
  let current = typeof text === "string" ? text : String(text ?? "");
  try {
    let findings: ScrubFinding[] = [];
    for (let pass = 0; pass < maxPasses; pass++) {
      const next = scrubPass(current);
      if (next.edits.length === 0) break;
      findings = shift(findings, next.edits);
      for (const a of next.added) findings.push({ kind: a.kind, index: a.start });
      findings.sort((a, b) => a.index - b.index);
      current = next.text;
    }
    return { text: current, findings };
  } catch {
    // Unreachable by design; if a rule ever throws, storing nothing beats storing a secret.
    return { text: "[REDACTED:unscrubbable]", findings: [{ kind: "unscrubbable", index: 0 }] };
  }
}

/**
 * Replace every secret in `text` with `[REDACTED:kind]`.
 * @example scrub("postgres://app:s3cr3t-Pw@db:5432/x") // "postgres://app:[REDACTED:url_password]@db:5432/x"
 */
export function scrub(text: string): string {
  return scrubReport(text).text;
}
