import { describe, expect, it } from "vitest";
import { fakeSecret, SECRET_GENERATORS, seededRng } from "../../test/support/secrets.js";
import { scrub } from "./scrub.js";

// Long inputs built to make a backtracking pattern blow up: each repeats a rule's opening
// without ever completing it. They must come back unchanged (and quickly enough not to hit the
// test timeout; speed itself is measured by scrub.bench.ts, not here).
const n = 100_000;
const repeat = (unit: string) => unit.repeat(Math.ceil(n / unit.length));
const unchanged = [
  "a",
  "aB3",
  "eyJ",
  "eyJab.",
  "postgres://u:",
  "a://b:c@",
  "Password=x ",
  " ",
  "a:",
  "sk-",
  "Bearer ",
  "Authorization: ",
  "/aB3",
  "QUJD",
  ";",
  "key=",
  '"token": "',
  "--password ",
  "a=",
  "$",
  "&sig=",
  "-",
  "0123456789abcdef",
  "AKIA",
  "ghp_",
  "xoxb-",
  "AccountKey=",
  "-u x:",
  "[REDACTED:",
  "\\n",
  'password: "',
];

describe("scrub on adversarial input", () => {
  for (const unit of unchanged) {
    it(`returns ${JSON.stringify(unit)} x ${Math.ceil(n / unit.length)} unchanged`, () => {
      const text = repeat(unit);
      expect(scrub(text)).toBe(text);
    });
  }

  it("redacts repeated secret openings that do complete, idempotently", () => {
    for (const unit of ["-----BEGIN PRIVATE KEY-----\n", "password=", 'password: "x9']) {
      const out = scrub(repeat(unit));
      expect(out).toContain("[REDACTED:");
      expect(scrub(out)).toBe(out);
    }
  });

  it("redacts every secret in a long text of many", () => {
    const rng = seededRng(77);
    const kinds = Object.keys(SECRET_GENERATORS);
    const fakes = Array.from({ length: 600 }, (_, i) =>
      fakeSecret(kinds[i % kinds.length] ?? "jwt", rng),
    );
    const out = scrub(fakes.map((f) => `step failed: ${f.text}`).join("\n"));
    for (const f of fakes) expect(out).not.toContain(f.secret);
  });
});
