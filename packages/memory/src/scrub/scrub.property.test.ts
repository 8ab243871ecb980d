import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitrarySecret } from "../../test/support/secrets.js";
import { scrub, scrubReport } from "./scrub.js";

// Fragments of every rule's syntax, so generated strings hit the rules' edges far more often
// than uniform strings would.
const fragments = [
  "-----BEGIN RSA PRIVATE KEY-----",
  "-----END RSA PRIVATE KEY-----",
  "-----BEGIN PGP PRIVATE KEY BLOCK-----",
  "eyJhbGciOiJIUzI1NiJ9",
  "eyJ",
  ".",
  "password",
  "Password=",
  "pwd=",
  "token",
  "api_key",
  "secret",
  "export ",
  "=",
  ":",
  ": ",
  '"',
  "'",
  "`",
  " ",
  "\n",
  "\r\n",
  "\t",
  ";",
  ",",
  "@",
  "://",
  "postgres",
  "AKIA",
  "ghp_",
  "sk-",
  "sk-ant-",
  "xoxb-",
  "AccountKey=",
  "&sig=",
  "Bearer ",
  "Authorization: ",
  "--password ",
  "[REDACTED:jwt]",
  "[REDACTED:",
  "]",
  "${",
  "}",
  "<",
  ">",
  "a",
  "Z",
  "9",
  "0f",
  "/",
  "+",
  "_",
  "-",
  "==",
  "\\n",
  "AbC9xYz2QwE7rTy5",
  "\u00e9",
  "\ud83d\ude00",
  "\ud800",
];
const soup = fc
  .array(fc.constantFrom(...fragments), { maxLength: 60 })
  .map((parts) => parts.join(""));
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.string({ maxLength: 400 }),
  soup,
);

describe("scrub properties", () => {
  it("never throws and always returns a string", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(typeof scrub(text)).toBe("string");
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = scrub(text);
        expect(scrub(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("leaves no generated secret in its output, whatever text surrounds it", () => {
    fc.assert(
      fc.property(anyText, arbitrarySecret(), anyText, (before, fake, after) => {
        const out = scrub(`${before}\n${fake.text}\n${after}`);
        expect(out).not.toContain(fake.secret);
      }),
      { numRuns: 400 },
    );
  });

  it("leaves no generated secret in its output when code-like text shares its line", () => {
    const codeish = fc
      .array(
        fc.constantFrom(
          "a",
          "Z",
          "9",
          " ",
          ":",
          "=",
          '"',
          "'",
          "(",
          ")",
          "[",
          "]",
          "{",
          "}",
          ",",
          ";",
          "/",
          "@",
          "-",
          "_",
          ".",
          "password",
          "token",
          "x",
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(codeish, arbitrarySecret(), codeish, (before, fake, after) => {
        expect(scrub(`${before} ${fake.text} ${after}`)).not.toContain(fake.secret);
      }),
      { numRuns: 400 },
    );
  });

  it("leaves none of several secrets on one line", () => {
    fc.assert(
      fc.property(fc.array(arbitrarySecret(), { minLength: 2, maxLength: 5 }), (fakes) => {
        const out = scrub(fakes.map((f) => f.text).join(" and "));
        for (const f of fakes) expect(out).not.toContain(f.secret);
      }),
      { numRuns: 200 },
    );
  });

  it("reports a finding at every marker it adds", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            arbitrarySecret().map((f) => f.text),
            soup,
          ),
          { maxLength: 4 },
        ),
        (parts) => {
          const text = parts.join(" ");
          const report = scrubReport(text);
          const before = text.match(/\[REDACTED:[a-z0-9_]{1,40}\]/g)?.length ?? 0;
          const after = report.text.match(/\[REDACTED:[a-z0-9_]{1,40}\]/g)?.length ?? 0;
          expect(report.findings.length).toBe(after - before);
          for (const f of report.findings)
            expect(report.text.startsWith(`[REDACTED:${f.kind}]`, f.index)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
