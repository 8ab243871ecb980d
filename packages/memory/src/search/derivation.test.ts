import { describe, expect, it } from "vitest";
import { sameWord } from "./derivation.js";
import { stemWord } from "./tokens.js";

describe("sameWord", () => {
  it("keeps inflections and verb-to-noun forms together", () => {
    for (const [a, b] of [
      ["throttle", "throttling"],
      ["cache", "caching"],
      ["retries", "retry"],
      ["migrate", "migration"],
      ["paginate", "pagination"],
      ["validate", "validation"],
      ["authenticate", "authentication"],
      ["concurrent", "concurrency"],
      ["limit", "limiter"],
      ["stopped", "stop"],
      ["flaky", "flakiness"],
      ["setting", "settings"],
      ["concurrent", "concurrently"],
      ["atomic", "atomically"],
    ] as const) {
      expect(stemWord(a)).toBe(stemWord(b));
      expect(sameWord(a, b)).toBe(true);
    }
  });

  it("tells apart words the stemmer merged", () => {
    for (const [a, b] of [
      ["expense", "expensive"],
      ["access", "accessible"],
      ["reversal", "reversible"],
      ["general", "generic"],
      ["general", "generate"],
      ["effect", "effective"],
      ["set", "settings"],
      ["read", "readings"],
    ] as const) {
      expect(stemWord(a)).toBe(stemWord(b));
      expect(sameWord(a, b)).toBe(false);
    }
  });

  it("never joins words of different stems", () => {
    expect(sameWord("cache", "queue")).toBe(false);
  });
});
