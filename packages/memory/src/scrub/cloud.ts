import { looksGenerated } from "./entropy.js";
import type { PatternRule } from "./rule.js";

/** AWS, Google Cloud, Azure, DigitalOcean and Heroku credentials with a fixed shape. */
export const cloudRules: PatternRule[] = [
  {
    // Access key ids: a four-letter type prefix and 16 base32 characters.
    kind: "aws_access_key_id",
    trigger: /(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}/,
    pattern:
      /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
  },
  {
    // The 40-character secret key only counts next to a name that says what it is.
    kind: "aws_secret_access_key",
    trigger: /secret_?access_?key/i,
    pattern:
      /(?<![A-Za-z0-9])(?:aws_?)?secret_?access_?key["']?\s{0,4}[:=]\s{0,4}["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
  },
  {
    kind: "gcp_api_key",
    trigger: /AIza/,
    pattern: /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9])/g,
  },
  {
    // OAuth access tokens (ya29.) and refresh tokens (1//0...).
    kind: "google_oauth_token",
    trigger: /ya29\.|1\/\/0/,
    pattern:
      /(?<![A-Za-z0-9_.-])(?:ya29\.[0-9A-Za-z_-]{20,2048}|1\/\/0[0-9A-Za-z_-]{30,512})(?![A-Za-z0-9_-])/g,
  },
  {
    // Storage account keys (88 base64 characters) and Service Bus / Event Hubs shared keys.
    kind: "azure_account_key",
    trigger: /(?:AccountKey|SharedAccessKey|PrimaryKey|SecondaryKey)\s{0,2}=/i,
    pattern:
      /(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|PrimaryKey|SecondaryKey)\s{0,2}=\s{0,2}(?<secret>[A-Za-z0-9+/]{20,200}={0,2})/gi,
  },
  {
    // SAS tokens: the signature query parameter.
    kind: "azure_sas_token",
    trigger: /[?&;]sig=/,
    pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/=_-]{20,300})/g,
    accept: (s) => /%[0-9A-Fa-f]{2}|[+/=]/.test(s) || looksGenerated(s),
  },
  {
    kind: "digitalocean_token",
    trigger: /do[opr]_v1_/,
    pattern: /(?<![A-Za-z0-9])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/g,
  },
  {
    kind: "heroku_api_key",
    trigger: /HRKU-/,
    pattern: /(?<![A-Za-z0-9])HRKU-[A-Za-z0-9_-]{20,80}(?![A-Za-z0-9])/g,
  },
];
