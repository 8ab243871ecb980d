import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeStderr } from "../normalize.js";
import { classifyOutcome } from "../outcome.js";
import { compared } from "../test-support/same-matches.js";
import { defineRules, OUTCOME_RULES } from "./index.js";
import { requiredLiterals } from "./literals.js";
import { indexRules, matchRules, matchRulesReference } from "./match.js";

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
