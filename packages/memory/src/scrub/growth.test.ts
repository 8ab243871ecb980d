import { randomInt } from "node:crypto";
import { cpuMs } from "@fak/vitest-config/cpu";
import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, describe, expect, it } from "vitest";
import { assignmentRules } from "./assignments.js";
import { authRules } from "./auth.js";
import { cloudRules } from "./cloud.js";
import { codeHostRules } from "./code-hosts.js";
import { encodedRule, hexRule } from "./encoded.js";
import { foldedRule } from "./folded.js";
import { highEntropyRules } from "./high-entropy.js";
import { isPlaceholder } from "./placeholder.js";
import { privateKeyRules } from "./private-keys.js";
import { findSpans, type SecretRule } from "./rule.js";
import { SECRET_RULES } from "./rules.js";
import { saasRules } from "./saas.js";
import { scrub } from "./scrub.js";
import { urlRules } from "./urls.js";
import { viewsOf } from "./views.js";

// Issue 18 item 1: one line (`TOKEN=` + 90 lower-case letters) hung fak, a pattern splitting a
// run of letters in C(n,6) ways. Every family of rules gets inputs built to make a backtracking
// pattern blow up (its own openings, then long runs that never complete a match), fresh each
// run, and two bounds: a 100 KB input costs under 2 s of CPU, and 16 times the input costs at
// most 64 times the CPU (linear is 16, quadratic 256; n^6 never ends). CPU time of this process
// (process.cpuUsage), not wall time, so other work on the machine does not count.

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const pick = (alphabet: string, n: number) => {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
};
/** n characters: random letters from `alphabet`, with `sep` every `every`. */
const run =
  (alphabet: string, sep = "", every = 0) =>
  (n: number) => {
    let s = "";
    for (let i = 0; i < n; i++) s += every && i % every === every - 1 ? sep : pick(alphabet, 1);
    return s;
  };

const BODIES: Record<string, (n: number) => string> = {
  lower: run(LOWER),
  mixed: run(LOWER + UPPER),
  alnum: run(LOWER + UPPER + DIGITS),
  words_joined_by_underscores: run(LOWER, "_", 6),
  "dotted.names": run(LOWER, ".", 4),
  camelCase: (n) =>
    run(LOWER)(n).replace(/.(?=.)/g, (c, i: number) => (i % 3 ? c : c.toUpperCase())),
  hex: run("0123456789abcdef"),
  base64: run(`${LOWER}${UPPER}${DIGITS}+/`),
  "lines of tokens": run(LOWER + DIGITS, "\n", 10),
  "colon:separated": run(LOWER, ":", 5),
  "spaced words": run(LOWER, " ", 7),
  "spaced tokens": run(LOWER + DIGITS, " ", 10),
  "dash-joined": run(LOWER, "-", 3),
  'escaped \\" quotes': (n) => '\\"a'.repeat(Math.ceil(n / 3)).slice(0, n),
  "%41 escapes": (n) => "%41a".repeat(Math.ceil(n / 4)).slice(0, n),
};

/** Each family: its rules (or finder), and the openings its patterns start from. */
const FAMILIES: { name: string; work: (text: string) => unknown; openings: string[] }[] = [
  {
    name: "private keys",
    work: rulesOf(privateKeyRules),
    openings: [
      "-----BEGIN PRIVATE KEY-----\n",
      "-----BEGIN RSA PRIVATE KEY-----",
      "-----begin rsa private key----- ",
    ],
  },
  {
    name: "JWT and headers",
    work: rulesOf(authRules),
    openings: ["eyJ", "Bearer ", "Authorization: token "],
  },
  {
    name: "code hosts",
    work: rulesOf(codeHostRules),
    openings: ["ghp_", "github_pat_", "glpat-", "pypi-AgE"],
  },
  {
    name: "SaaS keys",
    work: rulesOf(saasRules),
    openings: ["xoxb-", "sk_live_", "sk-", "SG.", "https://hooks.slack.com/services/"],
  },
  {
    name: "cloud keys",
    work: rulesOf(cloudRules),
    openings: ["AKIA", "aws_secret_access_key=", "ya29.", "AccountKey=", "?sig="],
  },
  {
    name: "keys folded to lower case",
    work: rulesOf([...authRules, ...codeHostRules, ...saasRules, ...cloudRules].map(foldedRule)),
    openings: ["akia", "sk", "sg.", "aiza", "hrku-", "eyj", "age-secret-key-1", "pypi-age", "x_"],
  },
  {
    name: "URLs and connection strings",
    work: rulesOf(urlRules),
    openings: ["postgres://u:", ";Password=", "Password=", "h:5432:db:u:"],
  },
  {
    name: "assignments",
    work: rulesOf(assignmentRules),
    openings: [
      "TOKEN=",
      "token: ",
      '"api_key": "',
      "--password ",
      "-u user:",
      "mysql -p",
      "machine h login u password ",
      "echo ",
    ],
  },
  {
    name: "base64 and hex wrapped",
    work: rulesOf([encodedRule(() => SECRET_RULES), hexRule(() => SECRET_RULES)]),
    openings: ["", "blob "],
  },
  { name: "high entropy", work: rulesOf(highEntropyRules), openings: ["", "/"] },
  {
    name: "views (colours, escapes, joined lines)",
    work: viewsOf,
    openings: ["", "\u001b[31m", "\\u0041"],
  },
  {
    name: "placeholders",
    work: (text) => [isPlaceholder(text), isPlaceholder(text, { code: true })],
    openings: ["", "process.env.", "${", "$(", "getToken"],
  },
  { name: "the whole scrubber", work: scrub, openings: ["TOKEN=", "api_key=", "password: ", ""] },
];

function rulesOf(rules: readonly SecretRule[]): (text: string) => unknown {
  return (text) => rules.map((r) => findSpans(r, text));
}

const seen = {
  families: FAMILIES.length,
  inputsOf100KB: 0,
  worstCpuMsPer100KB: 0,
  worstGrowthFor16x: 0,
};
afterAll(() => {
  seen.worstGrowthFor16x = Math.round(seen.worstGrowthFor16x * 10) / 10;
  seen.worstCpuMsPer100KB = Math.round(seen.worstCpuMsPer100KB);
  reportFigure("scrub growth (adversarial input per family)", seen);
});

describe("every scrubber family stays linear on adversarial input", () => {
  for (const family of FAMILIES) {
    it(`${family.name}: 100 KB under 2 s of CPU, 16x the input at most 64x the CPU`, () => {
      for (const opening of family.openings) {
        for (const [body, make] of Object.entries(BODIES)) {
          const what = `${JSON.stringify(opening)} + ${body}`;
          const small = opening + make(6400);
          const big = opening + make(16 * 6400);
          const bigMs = cpuMs(() => family.work(big));
          expect(bigMs, `${what}, 100 KB (ms)`).toBeLessThan(2000);
          // The smaller run's cost is floored at 2 ms: below that a timer measures noise.
          const ratio =
            bigMs /
            Math.max(
              2,
              cpuMs(() => family.work(small)),
            );
          expect(ratio, `${what}, 100 KB / 6.4 KB`).toBeLessThan(64);
          seen.inputsOf100KB++;
          seen.worstCpuMsPer100KB = Math.max(seen.worstCpuMsPer100KB, bigMs);
          seen.worstGrowthFor16x = Math.max(seen.worstGrowthFor16x, ratio);
        }
      }
    });
  }
});

describe("the line that hung fak", () => {
  it("TOKEN= and n random lower-case letters: done for every n, the cost growing at most linearly", () => {
    const cost = (n: number) => {
      const text = `TOKEN=${pick(LOWER, n)}`;
      let out = "";
      const ms = cpuMs(() => {
        out = scrub(text);
      });
      expect(out).not.toContain(text.slice(6));
      return ms;
    };
    for (const n of [64, 128, 256, 1024]) expect(cost(n), `n = ${n}`).toBeLessThan(2000);
    const tenK = cost(10_000);
    expect(tenK).toBeLessThan(2000);
    expect(tenK / Math.max(2, cost(1000))).toBeLessThan(40);
  });

  it("a realistic key-shaped value of words and underscores costs what the same words spaced cost", () => {
    const value = "this_is_not_a_real_key_just_a_long_placeholder_value_for_tests";
    const joined = cpuMs(() => scrub(`api_key=${value}\n`.repeat(200)));
    const spaced = cpuMs(() => scrub(`api key ${value.replaceAll("_", " ")}\n`.repeat(200)));
    expect(joined).toBeLessThan(Math.max(50, 20 * spaced));
    // Words joined by underscores read as a name, not a value: kept, in linear time.
    expect(scrub(`api_key=${value}`)).toBe(`api_key=${value}`);
  });
});
