import { describe, expect, it } from "vitest";
import { buildVocabulary, defaultVocabulary } from "./index.js";

describe("vocabulary", () => {
  it("indexes members by stem and phrase", () => {
    const v = buildVocabulary(["cache|memoize|cache aside", "retry|backoff"]);
    expect(v.byKey.get("memoiz")).toEqual([0]);
    expect(v.byKey.get("cach asid")).toEqual([0]);
    expect(v.byKey.get("backoff")).toEqual([1]);
    expect(v.maxPhrase).toBe(2);
  });

  it("ships broad groups of at least two terms each", () => {
    const v = defaultVocabulary();
    expect(v.groups.length).toBeGreaterThan(100);
    for (const group of v.groups) expect(group.length).toBeGreaterThanOrEqual(2);
    for (const [a, b] of [
      ["throttl", "rate limit"],
      ["cach", "memoiz"],
      ["retri", "backoff"],
      ["migrat", "schema"],
      ["auth", "login"],
      ["flaki", "race"],
    ]) {
      const groupsA = new Set(v.byKey.get(a ?? ""));
      expect(v.byKey.get(b ?? "")?.some((g) => groupsA.has(g))).toBe(true);
    }
  });
});
