import { looksGenerated } from "./entropy.js";
import type { PatternRule } from "./rule.js";

/** SaaS API keys with a fixed prefix: chat, payments, AI providers, mail, SMS, shops. */
export const saasRules: PatternRule[] = [
  {
    kind: "slack_webhook",
    trigger: /hooks\.slack\.com\//,
    pattern:
      /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{16,200}/g,
  },
  {
    kind: "slack_token",
    trigger: /xox[abposer]-|xapp-/,
    pattern:
      /(?<![A-Za-z0-9])(?:xox[abposer]-[A-Za-z0-9-]{10,250}|xapp-\d-[A-Za-z0-9-]{10,250})(?![A-Za-z0-9-])/g,
    accept: looksGenerated,
  },
  {
    // Secret and restricted keys, live or test, and webhook signing secrets; publishable pk_ keys are public.
    kind: "stripe_key",
    trigger: /[sr]k_(?:live|test)_|whsec_/,
    pattern:
      /(?<![A-Za-z0-9])(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{24,64})(?![A-Za-z0-9])/g,
    // A name glued on by `_` (`sk_live_production_db`) is not a key: keys are generated.
    accept: looksGenerated,
  },
  {
    // Before OpenAI: its keys also start with sk-.
    kind: "anthropic_api_key",
    trigger: /sk-ant-/,
    pattern: /(?<![A-Za-z0-9])sk-ant-[A-Za-z0-9_-]{20,250}(?![A-Za-z0-9])/g,
  },
  {
    kind: "openai_api_key",
    trigger: /sk-/,
    pattern: /(?<![A-Za-z0-9-])sk-(?!ant-)[A-Za-z0-9_-]{20,250}(?![A-Za-z0-9])/g,
    accept: looksGenerated,
  },
  {
    kind: "sendgrid_api_key",
    trigger: /SG\./,
    pattern: /(?<![A-Za-z0-9.])SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}(?![A-Za-z0-9])/g,
  },
  {
    // API key SIDs; the account SID (AC...) identifies, it does not authenticate.
    kind: "twilio_api_key",
    trigger: /SK[0-9a-fA-F]{32}/,
    pattern: /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/g,
  },
  {
    kind: "shopify_token",
    trigger: /shp(?:at|ca|pa|ss)_/,
    pattern: /(?<![A-Za-z0-9])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9])/g,
  },
  {
    kind: "mailgun_api_key",
    trigger: /key-[0-9a-f]{32}/,
    pattern: /(?<![A-Za-z0-9_])key-[0-9a-f]{32}(?![A-Za-z0-9])/g,
  },
  {
    // age (age-encryption.org) identities: bech32, upper case, 58 characters after the prefix.
    kind: "age_secret_key",
    trigger: /AGE-SECRET-KEY-1/,
    pattern:
      /(?<![A-Za-z0-9])AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![A-Za-z0-9])/g,
  },
];
