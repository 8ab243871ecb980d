import { describe, expect, it } from "vitest";
import { OUTCOME_CODES } from "../codes.js";
import { defineRules, OUTCOME_RULES } from "./index.js";

describe("OUTCOME_RULES", () => {
  it("has unique tool.message ids", () => {
    const ids = OUTCOME_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[a-z0-9_]+\.[a-z0-9_]+$/.test(id))).toEqual([]);
  });
  it("covers every live-outcome category and says what each rule means", () => {
    for (const c of OUTCOME_CODES) expect(OUTCOME_RULES.some((r) => r.category === c)).toBe(true);
    expect(OUTCOME_RULES.filter((r) => r.means.trim().length < 10).map((r) => r.id)).toEqual([]);
  });
  it("writes patterns for normalised text: no upper-case literals, no stateful flags", () => {
    const bad = OUTCOME_RULES.filter(
      (r) =>
        /(^|[^\\])[A-Z]/.test(r.pattern.source.replace(/\\[A-Za-z]/g, "")) ||
        /[gy]/.test(r.pattern.flags),
    );
    expect(bad.map((r) => r.id)).toEqual([]);
  });
  it("has no (x+)+ shapes: a quantified group never ends in a quantifier (no catastrophic backtracking)", () => {
    const nested = /\([^()]*[+*]\)[+*{]/;
    expect(OUTCOME_RULES.filter((r) => nested.test(r.pattern.source)).map((r) => r.id)).toEqual([]);
  });
  it("defineRules fills category and default priority, keeping explicit ones", () => {
    const [a, b] = defineRules("TIMEOUT", 33, [
      { id: "x.a", pattern: /a/, means: "a means a" },
      { id: "x.b", pattern: /b/, means: "b means b", priority: 90 },
    ]);
    expect(a).toMatchObject({ category: "TIMEOUT", priority: 33 });
    expect(b).toMatchObject({ category: "TIMEOUT", priority: 90 });
  });
});
