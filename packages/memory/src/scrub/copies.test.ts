import { randomInt } from "node:crypto";
import { cpuMs } from "@fak/vitest-config/cpu";
import { describe, expect, it } from "vitest";
import {
  ALNUM,
  fakeSecret,
  LOWER,
  randomString,
  SECRET_GENERATORS,
  seededRng,
} from "../../test/support/secrets.js";
import { RedactedSecrets } from "./copies.js";
import { scrub, scrubTogether } from "./scrub.js";

// Issue 18, class 3: the evidence of one trial quotes a failed command's line twice, verbatim
// and folded to lower case; a secret read in the first copy stayed in the second. Texts that go
// out together are scrubbed together. Fresh values each run (the seed is in every message).
const seed = randomInt(2 ** 31);
const rng = seededRng(seed);

describe("scrubTogether", () => {
  it("redacts the folded copy of every kind the verbatim copy is redacted as", () => {
    for (const kind of Object.keys(SECRET_GENERATORS)) {
      for (let i = 0; i < 5; i++) {
        const { secret, text } = fakeSecret(kind, rng);
        const line = `ERROR: ${text.replace(/\n/g, " ")} Could not find a version`;
        const [verbatim, folded] = scrubTogether([
          `trajectory.json:14: ${line}`,
          `rule pip.no_satisfying_version matched: ${line.toLowerCase()}`,
        ]);
        for (const part of secret.split(/\s+|\\n/).filter((p) => p.length >= 10)) {
          const piece = part.slice(-10).toLowerCase();
          expect(verbatim?.toLowerCase(), `seed ${seed}, ${kind}`).not.toContain(piece);
          expect(folded, `seed ${seed}, ${kind}: ${folded}`).not.toContain(piece);
        }
      }
    }
  });

  it("redacts a value wherever it stands once its name has shown it is one", () => {
    for (let i = 0; i < 50; i++) {
      const value = `${randomString(rng, ALNUM, 12)}7q`;
      const [a, b, c] = scrubTogether([
        `export DB_PASSWORD=${value}`,
        `psql -W ${value} -h db`,
        `retry-${value.toUpperCase()}__x`,
      ]);
      expect(a, `seed ${seed}`).toBe("export DB_PASSWORD=[REDACTED:secret_assignment]");
      expect(b, `seed ${seed}`).toBe("psql -W [REDACTED:secret_assignment] -h db");
      expect(c, `seed ${seed}`).toBe("retry-[REDACTED:secret_assignment]__x");
    }
  });

  it("redacts a key cut short elsewhere: any 16 characters of it in a row", () => {
    for (let i = 0; i < 50; i++) {
      const { secret } = fakeSecret("sendgrid_api_key", rng);
      const cut = secret.slice(0, randomInt(19, secret.length));
      const [name, task, word] = scrubTogether([
        `retry-${secret}__x1y2z`,
        `task ${cut}… was interrupted`,
        `see ${secret.slice(3, 3 + 15)} too`,
      ]);
      expect(name, `seed ${seed}`).toBe("retry-[REDACTED:sendgrid_api_key]");
      expect(task, `seed ${seed}`).toMatch(/^task (?:\[REDACTED:[a-z_]+\])+… was interrupted$/);
      // 15 characters alone are not enough to count as a copy.
      expect(word, `seed ${seed}`).toBe(`see ${secret.slice(3, 3 + 15)} too`);
    }
  });

  it("changes nothing scrub alone would not when no secret is found", () => {
    const texts = Array.from({ length: 20 }, () => `${randomString(rng, LOWER, 8)} failed: exit 1`);
    expect(scrubTogether(texts)).toEqual(texts.map(scrub));
  });
});

describe("RedactedSecrets", () => {
  it("joins overlapping copies and keeps short pieces out", () => {
    const s = new RedactedSecrets();
    s.add("x", "abcdefgh1234");
    s.add("y", "1234wxyz5678");
    s.add("z", "pin 1234");
    expect(s.size).toBe(2);
    expect(s.redactCopies("ABCDEFGH1234WXYZ5678 and pin 1234")).toBe("[REDACTED:x] and pin 1234");
    expect(s.redactCopies("-----BEGIN has none")).toBe("-----BEGIN has none");
  });

  it("finds copies in one pass: linear however the secrets repeat", () => {
    const s = new RedactedSecrets();
    // Periodic secrets (a password of one repeated pair) make a naive search quadratic.
    for (let i = 1; i <= 200; i++) s.add("secret_assignment", `${"ab".repeat(20 + i)}c`);
    const small = "ab".repeat(3_200);
    const big = "ab".repeat(16 * 3_200);
    const bigMs = cpuMs(() => s.redactCopies(big));
    expect(bigMs).toBeLessThan(2000);
    expect(
      bigMs /
        Math.max(
          2,
          cpuMs(() => s.redactCopies(small)),
        ),
    ).toBeLessThan(64);
    // Any stretch of 16 characters or more of a piece counts: the whole run is one copy.
    expect(s.redactCopies(`x ${"ab".repeat(300)}c y`)).toBe("x [REDACTED:secret_assignment] y");
  });
});
