import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arbitrarySecret,
  NEAR_MISS_GENERATORS,
  prose,
  seededRng,
  WRAPPERS,
} from "../../test/support/secrets.js";
import { syntheticLine } from "../../test/support/synthetic.js";
import { scrubWith } from "./passes.js";
import { findSpans } from "./rule.js";
import { SECRET_RULES } from "./rules.js";
import { scrubReport } from "./scrub.js";
import { blankAnsi } from "./spans.js";
import { combineTriggers } from "./trigger.js";

// Openings and keywords of every rule, and the characters around their edges.
const fragments = [
  "-----BEGIN RSA PRIVATE KEY-----",
  "-----BEGIN PRIVATE KEY-----\n",
  "-----END PRIVATE KEY-----",
  "eyJhbGciOiJIUzI1NiJ9",
  "eyJ",
  "ghp_",
  "github_pat_",
  "glpat-",
  "npm_",
  "pypi-AgE",
  "hf_",
  "https://hooks.slack.com/services/",
  "xoxb-",
  "xapp-1-",
  "sk_live_",
  "whsec_",
  "sk-",
  "sk-ant-",
  "SG.",
  "SK",
  "shpat_",
  "key-",
  "AKIA",
  "aws_secret_access_key=",
  "AIza",
  "ya29.",
  "1//0",
  "AccountKey=",
  "SharedAccessKey =",
  "&sig=",
  "dop_v1_",
  "HRKU-",
  "postgres://",
  "://u:",
  "@",
  "Password=",
  "pwd =",
  "; ",
  "Bearer ",
  "authorization: ",
  "Proxy-Authorization=",
  "password",
  "PASSWORD",
  "token",
  "Api_Key",
  "secret",
  "credential",
  "auth",
  "KeyError",
  "export ",
  "--password ",
  "--api-key ",
  "-u ",
  "--user ",
  "mysql -p",
  "sshpass -p ",
  "redis-cli -a ",
  "docker login -p ",
  "=",
  ":",
  "::",
  ":=",
  "=>",
  '"',
  "'",
  '\\"',
  "`",
  " ",
  "\t",
  "\n",
  "\r\n",
  ",",
  ";",
  "/",
  "+",
  "_",
  "-",
  ".",
  "==",
  "\x1b[31m",
  "\x1b[0m",
  "[1m",
  "[REDACTED:jwt]",
  "${",
  "}",
  "AbC9xYz2QwE7rTy5",
  "0123456789abcdef0123456789abcdef",
  "9fQ2kLm8",
  "a",
  "Z",
  "9",
  "\u00e9",
];
const soup = fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((p) => p.join(""));
const nearMiss = fc
  .tuple(fc.constantFrom(...Object.values(NEAR_MISS_GENERATORS)), fc.integer())
  .map(([generate, seed]) => generate(seededRng(seed)));
const wrapped = fc
  .tuple(arbitrarySecret(), fc.constantFrom(...WRAPPERS))
  .map(([fake, wrap]) => wrap(fake.text));
// A secret cut short, with a character dropped, or its case flipped: the edges of every rule.
const damaged = fc
  .tuple(arbitrarySecret(), fc.nat(), fc.nat(), fc.constantFrom("cut", "drop", "upper", "lower"))
  .map(([fake, a, b, how]) => {
    const t = fake.text;
    const i = a % (t.length + 1);
    if (how === "cut") return t.slice(0, i);
    if (how === "drop") return t.slice(0, i) + t.slice(i + 1);
    const j = i + (b % (t.length - i + 1));
    const part = how === "upper" ? t.slice(i, j).toUpperCase() : t.slice(i, j).toLowerCase();
    return t.slice(0, i) + part + t.slice(j);
  });
const noise = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.integer().map((seed) => prose(seededRng(seed))),
);
const anyText = fc
  .array(
    fc.oneof(
      soup,
      nearMiss,
      wrapped,
      damaged,
      noise,
      arbitrarySecret().map((f) => f.text),
    ),
    { maxLength: 4 },
  )
  .chain((parts) => fc.constantFrom(" ", "", "\n", "=").map((sep) => parts.join(sep)));

describe("scrub's trigger prefilter", () => {
  it("gives exactly what the full rule set gives, findings included", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(scrubReport(text)).toEqual(scrubWith(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("matches wherever its own rule finds a secret", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const view = blankAnsi(text);
        for (const rule of SECRET_RULES) {
          if (findSpans(rule, view).length > 0)
            expect([rule.kind, rule.trigger.test(view)]).toEqual([rule.kind, true]);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("is stateless: no trigger carries a g or y flag", () => {
    for (const rule of SECRET_RULES) expect(rule.trigger.flags).not.toMatch(/[gy]/);
    const mayHoldSecret = combineTriggers(SECRET_RULES);
    for (let i = 0; i < 3; i++) expect(mayHoldSecret("id AKIAIOSFODNN7EXAMPLE")).toBe(true);
  });

  it("lets ordinary failure rows through without running the rules", () => {
    const mayHoldSecret = combineTriggers(SECRET_RULES);
    for (let i = 0; i < 200; i++) {
      const row = syntheticLine(i);
      for (const field of [row.session, row.task, row.approach, row.death_reason])
        expect(mayHoldSecret(blankAnsi(field))).toBe(false);
    }
    expect(mayHoldSecret("verifier: pytest exited 1 after 3 retries in tests/test_io.py")).toBe(
      false,
    );
  });
});
