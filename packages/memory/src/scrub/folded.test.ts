import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fakeSecret, seededRng } from "../../test/support/secrets.js";
import { cloudRules } from "./cloud.js";
import { foldedRule } from "./folded.js";
import { findSpans } from "./rule.js";
import { scrub } from "./scrub.js";

// Issue 18, class 3: evidence quotes the line a rule matched folded to lower case (`rule
// pip.no_satisfying_version matched: error: akia...`), and keys with fixed capitals were not
// read there. Fresh values each run (the seed is in every message).
const seed = randomInt(2 ** 31);
const rng = seededRng(seed);

const FIXED_CAPITALS = [
  "aws_access_key_id",
  "twilio_api_key",
  "sendgrid_api_key",
  "gcp_api_key",
  "heroku_api_key",
  "age_secret_key",
  "pypi_token",
  "jwt",
  "private_key",
];

const shown = (out: string, secret: string): string | null => {
  const low = out.toLowerCase();
  for (const part of secret.split(/\s+|\\n/)) {
    for (let i = 0; i + 10 <= part.length; i++) {
      const piece = part.slice(i, i + 10).toLowerCase();
      if (low.includes(piece)) return piece;
    }
  }
  return null;
};

describe("keys folded to lower case", () => {
  for (const kind of FIXED_CAPITALS) {
    it(kind, () => {
      for (let i = 0; i < 40; i++) {
        const { secret, text } = fakeSecret(kind, rng);
        const line = `rule pip.no_satisfying_version matched: error: ${text.toLowerCase()} could not find a version`;
        const out = scrub(line);
        expect(shown(out, secret), `seed ${seed}: ${out.slice(0, 300)}`).toBeNull();
      }
    });
  }

  it("counts only all-lower-case matches that look generated", () => {
    const aws = cloudRules.find((r) => r.kind === "aws_access_key_id");
    if (aws === undefined) throw new Error("no aws rule");
    const folded = foldedRule(aws);
    // Words after a prefix-like start are kept; the original case is the rule's own business.
    for (const text of [
      "see asiapacificregionsmap for",
      "AKIAIOSFODNN7EXAMPLE",
      "sg.example.com.mirror",
    ]) {
      expect(findSpans(folded, text), text).toEqual([]);
    }
    expect(findSpans(folded, "error: akiaiosfodnn7example could")).toEqual([{ start: 7, end: 27 }]);
  });

  it("keeps lower-case text near the folded shapes", () => {
    for (const text of [
      "region asiapacificnortheast sync",
      "see sg.example.org.readme.first for mirrors",
      "the hrku-migration-guide-for-teams page",
      "skeleton key for the",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });
});
