import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeSecret, LOWER, randomString, seededRng } from "../../test/support/secrets.js";
import { scrub } from "./scrub.js";

// Issue 18, class 3: a key glued into a folder or trial name (`retry-<key>__x1y2z`,
// `nightly-<key>/trial`, `job_<key>_v2`) was kept, the rules refusing `_` and `-` as a
// boundary. Fresh values each run (the seed is in every message, to repeat a failure).
const seed = randomInt(2 ** 31);
const rng = seededRng(seed);

// Kinds whose keys make a file name (no `/`, no space).
const NAME_SAFE = [
  "github_token",
  "gitlab_token",
  "npm_token",
  "pypi_token",
  "huggingface_token",
  "slack_token",
  "stripe_key",
  "anthropic_api_key",
  "openai_api_key",
  "sendgrid_api_key",
  "twilio_api_key",
  "shopify_token",
  "mailgun_api_key",
  "aws_access_key_id",
  "gcp_api_key",
  "digitalocean_token",
  "heroku_api_key",
  "age_secret_key",
  "jwt",
];

const name = () => randomString(rng, LOWER, 5);
const GLUES: Record<string, (key: string) => string> = {
  "retry-KEY__name": (k) => `retry-${k}__${name()}`,
  "nightly-KEY/trial": (k) => `/runs/nightly-${k}/${name()}__${name()}`,
  KEY__name: (k) => `${k}__${name()}`,
  name_KEY_v2: (k) => `${name()}_${k}_v2`,
  "name-KEY-v2": (k) => `${name()}-${k}-v2`,
};
// `key-<32 hex>` after `_` reads as a named digest (`cache_key-<md5>`): kept on purpose.
const keptAfterUnderscore = new Set(["mailgun_api_key"]);

/** The first 10-character stretch of `secret` that `out` still shows (any case), or null. */
function shown(out: string, secret: string): string | null {
  const low = out.toLowerCase();
  for (let i = 0; i + 10 <= secret.length; i++) {
    const piece = secret.slice(i, i + 10);
    if (low.includes(piece.toLowerCase())) return piece;
  }
  return null;
}

describe("keys glued into names by _ and -", () => {
  for (const kind of NAME_SAFE) {
    it(kind, () => {
      for (const [glue, make] of Object.entries(GLUES)) {
        if (glue.startsWith("name_") && keptAfterUnderscore.has(kind)) continue;
        for (let i = 0; i < 25; i++) {
          const { secret } = fakeSecret(kind, rng);
          const out = scrub(make(secret));
          expect(shown(out, secret), `seed ${seed}, ${glue}: ${out}`).toBeNull();
          expect(out).toContain(`[REDACTED:`);
        }
      }
    });
  }

  it("keeps names glued by _ that are not keys (no generated part)", () => {
    for (const text of [
      "sk_live_production_settings",
      "rk_test_fixtures_loader",
      "retry-ghp_config__abcde",
      "nightly-glpat-rotation-policy/notes",
      "cache_key-0123456789abcdef0123456789abcdef",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });
});
