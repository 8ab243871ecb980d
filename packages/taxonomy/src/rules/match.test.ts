import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NormalizedTail, normalizeStderr } from "../normalize.js";
import { classifyOutcome } from "../outcome.js";
import { compared } from "../test-support/same-matches.js";
import { defineRules, OUTCOME_RULES } from "./index.js";
import { requiredLiterals } from "./literals.js";
import {
  indexRules,
  literalRequirements,
  matchRules,
  matchRulesReference,
  matchTail,
  prefilterCounts,
} from "./match.js";

// Lines built from the rules' own literal text, cut and joined at random, with noise between:
// they reach the candidate sets of many rules at once and sit near every rule's edge.
const pieces = OUTCOME_RULES.flatMap((r) => requiredLiterals(r.pattern) ?? []);
const piece = fc.constantFrom(...pieces);
const cut = fc
  .tuple(piece, fc.nat(), fc.nat())
  .map(([p, a, b]) => p.slice(Math.min(a, b) % (p.length + 1), Math.max(a, b) % (p.length + 1)));
const noise = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(" ", ": ", "'", "/", "error", "failed", "0", "12", "node_modules/", ".py"),
);
const line = fc.array(fc.oneof(piece, piece, cut, noise), { maxLength: 8 }).map((a) => a.join(""));
const tail = fc.array(line, { minLength: 1, maxLength: 14 });

const same = (lines: string[], install: boolean) =>
  expect(matchRules(lines, OUTCOME_RULES, install)).toEqual(
    matchRulesReference(lines, OUTCOME_RULES, install),
  );

describe("matchRules (indexed) against matchRulesReference", () => {
  it("gives identical matches on generated tails, with and without an install", () => {
    fc.assert(
      fc.property(tail, fc.boolean(), (raw, install) => {
        same(normalizeStderr(raw.join("\n")).split("\n"), install);
      }),
      { numRuns: 600 },
    );
  });
  it("gives identical matches when lines repeat and `after` windows differ", () => {
    fc.assert(
      fc.property(tail, fc.array(fc.nat(40), { maxLength: 20 }), (raw, picks) => {
        const lines = [...raw, ...picks.map((i) => raw[i % raw.length]!)];
        lines.splice(picks[0] ?? 0, 0, "at node_modules/foo/index.js:1");
        same(normalizeStderr(lines.join("\n")).split("\n"), true);
      }),
      { numRuns: 300 },
    );
  });
  it("gives identical matches on every rule's own literals and on empty input", () => {
    same(pieces, false);
    same(pieces, true);
    same([""], false);
  });
  it("keeps caller tables exact, even with case folding, sticky flags and `after`", () => {
    const mine = [
      ...OUTCOME_RULES,
      ...defineRules("PKG_INSTALL", 90, [
        { id: "acme.mirror", pattern: /ACME mirror/i, means: "the in-house mirror is down" },
        { id: "acme.sticky", pattern: /mirror (down|gone)/g, means: "the mirror said so" },
        { id: "acme.after", pattern: /retry/, after: /^acme/, means: "after an acme line" },
      ]),
    ];
    const lines = ["acme says", "acme mirror down", "retry", "x", "acme mirror down", "retry"];
    indexRules(mine);
    for (let i = 0; i < 3; i++)
      expect(matchRules(lines, mine, false)).toEqual(matchRulesReference(lines, mine, false));
    expect(matchRules(lines, mine, false)[0]?.rule.id).toBe("acme.mirror");
  });
  it("indexes a caller's table after its first uses, with the same answers throughout", () => {
    const mine = [...OUTCOME_RULES];
    const lines = ["e: unable to locate package libfoo", "error: no matching distribution found"];
    for (let i = 0; i < 100; i++)
      expect(matchRules(lines, mine, i % 2 === 0)).toEqual(
        matchRulesReference(lines, mine, i % 2 === 0),
      );
  });
  it("is what every classification in these tests runs through, checked against the reference", () => {
    const before = compared.tails;
    classifyOutcome({ exit_code: 1, stderr: "E: Unable to locate package libfoo" });
    expect(compared.tails).toBe(before + 1);
  });
});

// Raw stderr as tools print it, around the same pieces: upper case, colour codes, CRLF, blank
// runs and tabs, indentation, wrapper prefixes, blank lines: what the one-pass scan reads
// before any line is normalised.
const dress = fc.constantFrom(
  (l: string) => l,
  (l: string) => l.toUpperCase(),
  (l: string) => `  ${l.replaceAll(" ", "  ")}\t`,
  (l: string) => l.replaceAll(" ", "\t"),
  (l: string) => `\u001b[31m${l}\u001b[0m`,
  (l: string) => `#9 12.3 ${l}`,
  (l: string) => `[12:00:01] ${l}`,
  (l: string) => `web-1  | ${l}`,
  (l: string) => `##[error]${l}`,
  (l: string) => `dec 22 15:58:05 host app[9]: ${l}`,
  () => "",
  () => "   ",
  () => "##[error]",
  // Plain text that folding still changes (colour residue, escaped make stars), and characters
  // that end a scan of the tail as it came part of the way through: the tail is folded and read.
  (l: string) => `[0m${l}[31m`,
  (l: string) => `**\\* ${l}`,
  (l: string) => `${l}\u2019`,
  (l: string) => `\uff25\uff32\uff32\uff2f\uff32: ${l}`,
  (l: string) => `${l}\u0007 ${l.toUpperCase()}`,
  (l: string) => `${l}\u007f`,
);
const rawTail = fc
  .tuple(
    fc.array(fc.tuple(line, dress), { minLength: 1, maxLength: 14 }),
    fc.constantFrom("\n", "\r\n", "\r"),
  )
  .map(([ls, eol]) => ls.map(([l, d]) => d(l)).join(eol));

describe("matchTail (one pass over the whole tail) against matchRulesReference", () => {
  const same = (raw: string, install: boolean) => {
    const tail = NormalizedTail.of(raw);
    const reference = matchRulesReference(normalizeStderr(raw).split("\n"), OUTCOME_RULES, install);
    const fast = matchTail(tail, OUTCOME_RULES, install);
    expect(fast.map((m) => [m.rule.id, m.index, m.line])).toEqual(
      reference.map((m) => [m.rule.id, m.index, m.line]),
    );
  };
  it("gives identical matches, line indices included, on raw generated stderr", () => {
    const rereads = prefilterCounts.rereads;
    fc.assert(
      fc.property(rawTail, fc.boolean(), (raw, install) => same(raw, install)),
      { numRuns: 600 },
    );
    // Each of those was read in one pass, never again as exact lines.
    expect(prefilterCounts.rereads).toBe(rereads);
  });
  it("reads normalised lines given as they are in one pass too", () => {
    const rereads = prefilterCounts.rereads;
    fc.assert(
      fc.property(tail, (raw) => {
        const lines = normalizeStderr(raw.join("\n")).split("\n");
        expect(matchRules(lines, OUTCOME_RULES, true)).toEqual(
          matchRulesReference(lines, OUTCOME_RULES, true),
        );
      }),
      { numRuns: 200 },
    );
    expect(prefilterCounts.rereads).toBe(rereads);
  });
  it("reads a tail of more lines than normalisation keeps as its exact last lines", () => {
    const rereads = prefilterCounts.rereads;
    const raw = `${"e: unable to locate package old\n".repeat(500)}error: no matching distribution found for x`;
    same(raw, true);
    same(`${"killed\n".repeat(450)}x`, false);
    expect(prefilterCounts.rereads).toBe(rereads + 2);
  });
});

describe("literalRequirements", () => {
  it("keeps every requirement a sequence proves, each cut to its last 24 characters", () => {
    // The strongest first: " was not found in the registry" (cut), then "error: ".
    expect(literalRequirements(/^error: .* was not found in the registry$/)).toEqual([
      ["ot found in the registry"],
      ["error: "],
    ]);
    expect(literalRequirements(/foo|bar/)).toEqual([["foo", "bar"]]);
    expect(literalRequirements(/[abc]+/)).toEqual([]);
  });
  it("gives every built-in rule requirements of non-empty text with no line break", () => {
    for (const rule of OUTCOME_RULES)
      for (const set of literalRequirements(rule.pattern))
        expect(
          set.every((l) => l.length > 0 && !l.includes("\n")),
          rule.id,
        ).toBe(true);
  });
});
