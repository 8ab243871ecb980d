import { randomBytes, randomInt } from "node:crypto";
import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, describe, expect, it } from "vitest";
import { scrub } from "./scrub.js";

// Issue 18 item 4: secrets the scrubber kept. Every value is drawn fresh on each run.

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join("");
const WORDS =
  "correct horse battery staple violet marble canyon orbit lantern pepper falcon meadow copper tundra harbor velvet jigsaw quartz nimbus walrus".split(
    " ",
  );
const capitalised = (w: string) => (w[0] ?? "").toUpperCase() + w.slice(1);
const passphrase = () =>
  Array.from({ length: 3 + randomInt(2) }, () =>
    capitalised(WORDS[randomInt(WORDS.length)] ?? ""),
  ).join("");

const FORMS = [
  (v: string) => `password: ${v}`,
  (v: string) => `"password": "${v}"`,
  (v: string) => `PASSWORD=${v}`,
  (v: string) => `export API_KEY=${v}`,
  (v: string) => `api_key=${v}`,
  (v: string) => `"api_key": "${v}"`,
  (v: string) => `token: ${v}`,
  (v: string) => `TOKEN=${v}`,
  (v: string) => `"auth": "${v}"`,
  (v: string) => `auth: ${v}`,
  (v: string) => `client_secret = '${v}'`,
];

// Values kept where none may be (the lower-case test allows a rare word, and counts apart).
const tally = { valuesTried: 0, kept: 0, lowerCaseReadAsWords: 0 };
afterAll(() => reportFigure("secret shapes (letters-only, alphanumeric after a name)", tally));

/** How many of `values`, each in every form, a scrub leaves a 8-character stretch of. */
function kept(values: string[], counter: "kept" | "lowerCaseReadAsWords" = "kept"): string[] {
  const out: string[] = [];
  for (const v of values) {
    for (const form of FORMS) {
      tally.valuesTried++;
      const text = `ran the login step with ${form(v)} and it failed`;
      const s = scrub(text);
      if (s.includes(v.slice(0, 8)) || s.includes(v.slice(-8))) out.push(form(v));
    }
  }
  tally[counter] += out.length;
  return out;
}

describe("letters-only secrets after a secret's name", () => {
  it("mixed-case random letters (8-31, no digit) are redacted in every form", () => {
    const values = Array.from({ length: 40 }, () => pick(LOWER + UPPER, 8 + randomInt(24)));
    expect(kept(values)).toEqual([]);
  });

  it("passphrases of capitalised words are redacted in every form", () => {
    expect(kept(Array.from({ length: 40 }, passphrase))).toEqual([]);
  });

  it("random 12-character alphanumeric keys are redacted whether or not they hold a digit", () => {
    const values = Array.from({ length: 60 }, () => pick(LOWER + UPPER + DIGITS, 12));
    expect(kept(values)).toEqual([]);
  });

  it("env TOKEN= with random lower-case letters is redacted (a rare random word aside)", () => {
    const values = Array.from({ length: 200 }, () => pick(LOWER, 10 + randomInt(20)));
    // About one random 10-letter value in 150 reads as a word of prose and is kept.
    expect(kept(values, "lowerCaseReadAsWords").length).toBeLessThanOrEqual(
      0.03 * values.length * FORMS.length,
    );
    expect(scrub("TOKEN=abcdefghij")).toBe("TOKEN=[REDACTED:secret_assignment]");
  });

  it("keeps names about a secret, words and messages", () => {
    for (const text of [
      "password: hashedPassword",
      "token: accessToken",
      "token: refreshToken",
      "password: dbPassword",
      "api_key: getApiKey",
      "password: Required",
      "token: Expired",
      "auth: required",
      "token: NotFound",
      "auth: AccessDenied",
      "password: WrongPassword",
      "password: incorrect",
    ]) {
      expect(scrub(text), text).toBe(text);
    }
  });

  it("random letters whose two parts each pass for a word are still redacted (drawn once: zgihFOWB)", () => {
    for (const v of ["zgihFOWB", "dvfEmvicq", "VuicERWD"])
      expect(scrub(`password: ${v}`), v).toBe("password: [REDACTED:secret_assignment]");
  });
});

describe("a hex-encoded token", () => {
  it("is redacted when its hex decodes to a secret", () => {
    for (let i = 0; i < 20; i++) {
      const token = `ghp_${pick(LOWER + UPPER + DIGITS, 36)}`;
      const hex = Buffer.from(token).toString("hex");
      const out = scrub(`echo ${hex} | xxd -r -p > ~/.config/token`);
      expect(out).toBe("echo [REDACTED:encoded_secret] | xxd -r -p > ~/.config/token");
    }
  });

  it("keeps digests, commit ids and hex of text without a secret", () => {
    for (let i = 0; i < 20; i++) {
      const text = `commit ${randomBytes(20).toString("hex")} sha256:${randomBytes(32).toString("hex")}`;
      expect(scrub(text)).toBe(text);
    }
    const prose = Buffer.from("the build finished without errors today").toString("hex");
    expect(scrub(`hex ${prose}`)).toBe(`hex ${prose}`);
  });
});

describe("a token split across two lines", () => {
  // A second half that reads as a word (`...File`) is not taken: about 1 cut in 20,000 here.
  it("is redacted whole, both halves", () => {
    for (let i = 0; i < 20; i++) {
      const token = `ghp_${pick(LOWER + UPPER + DIGITS, 36)}`;
      const cut = 8 + randomInt(24);
      const out = scrub(
        `curl -H "Authorization: token ${token.slice(0, cut)}\n${token.slice(cut)}" https://api.example.com/user`,
      );
      expect(out).not.toContain(token.slice(4, Math.max(cut, 12)));
      expect(out).not.toContain(token.slice(Math.min(cut, 32)));
      expect(out).toContain("https://api.example.com/user");
    }
  });

  it("does not take the next line's first word into a token that ended its line", () => {
    const token = `ghp_${pick(LOWER + UPPER + DIGITS, 36)}`;
    expect(scrub(`token ${token}\nfinished the step`)).toBe(
      "token [REDACTED:github_token]\nfinished the step",
    );
  });
});
