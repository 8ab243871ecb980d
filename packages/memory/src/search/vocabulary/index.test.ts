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
      const opened = v.byKey.get(a ?? "") ?? [];
      expect(opened.some((g) => v.groups[g]?.some((m) => m.key === b))).toBe(true);
    }
  });

  it("reaches a `~` member from its group but never opens the group from it", () => {
    const v = buildVocabulary(["feature flag|kill switch|~toggle", "toggle|switch on and off"]);
    expect(v.byKey.get("toggl")).toEqual([1]);
    expect(v.groups[0]?.map((m) => m.key)).toContain("toggl");
    expect(v.byKey.get("featur flag")).toEqual([0]);
  });

  it("leaves no group that nothing opens", () => {
    const v = defaultVocabulary();
    const opened = new Set([...v.byKey.values()].flat());
    v.groups.forEach((_, g) => {
      expect(opened.has(g)).toBe(true);
    });
  });
});
