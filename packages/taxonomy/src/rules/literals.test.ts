import { describe, expect, it } from "vitest";
import { OUTCOME_RULES } from "./index.js";
import { requiredLiterals } from "./literals.js";

describe("requiredLiterals", () => {
  it("keeps the longest literal run of a sequence", () => {
    expect(requiredLiterals(/no matching distribution (found )?for/)).toEqual([
      "no matching distribution ",
    ]);
    expect(requiredLiterals(/^e: unable to locate package \S+/)).toEqual([
      "e: unable to locate package ",
    ]);
  });
  it("unions the alternatives and reads escapes, groups and quantifiers", () => {
    expect(requiredLiterals(/foo|bar\.baz/)).toEqual(["foo", "bar.baz"]);
    expect(requiredLiterals(/x(?:abc|de)y/)).toEqual(["xabcy", "xdey"]);
    expect(requiredLiterals(/(abc)d/)).toEqual(["abcd"]);
    expect(requiredLiterals(/ab+cd/)).toEqual(["ab"]);
    expect(requiredLiterals(/ab?cd/)).toEqual(["cd"]);
    expect(requiredLiterals(/\bkilled\b/)).toEqual(["killed"]);
    expect(requiredLiterals(/a\x41\u0042\tc/)).toEqual(["aAB\tc"]);
    expect(requiredLiterals(/(?=foo)bar/)).toEqual(["bar"]);
    expect(requiredLiterals(/x{2}yz/)).toEqual(["yz"]);
  });
  it("proves nothing when an alternative has no fixed text, or the pattern folds case", () => {
    expect(requiredLiterals(/foo|\d+/)).toBeUndefined();
    expect(requiredLiterals(/(foo)?/)).toBeUndefined();
    expect(requiredLiterals(/foo|/)).toBeUndefined();
    expect(requiredLiterals(/foo/i)).toBeUndefined();
    expect(requiredLiterals(/(\w)\1/)).toBeUndefined();
    expect(requiredLiterals(/\p{L}+/u)).toBeUndefined();
    expect(requiredLiterals(/[abc]/)).toBeUndefined();
  });
  it("finds a literal in every built-in rule, each literal a substring its pattern can match", () => {
    for (const rule of OUTCOME_RULES) {
      const lits = requiredLiterals(rule.pattern);
      expect(lits?.length, rule.id).toBeGreaterThan(0);
    }
  });
});

describe("requiredLiterals on alternatives of fixed text", () => {
  it("follows a few alternative texts through the sequence", () => {
    expect(requiredLiterals(/^(fail|✕) /)).toEqual(["fail ", "✕ "]);
    expect(requiredLiterals(/(a|b)(c|d)x/)).toEqual(["acx", "adx", "bcx", "bdx"]);
    expect(requiredLiterals(/errors?: x/)).toEqual(["error"]);
  });
});
