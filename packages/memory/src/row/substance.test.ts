import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseSubstance, substanceKey } from "./substance.js";

describe("substance", () => {
  it("folds case, white space and punctuation, and nothing else", () => {
    expect(normaliseSubstance("  Rebase,  onto MAIN!\n")).toBe("rebase onto main");
    expect(substanceKey("Retry pip.", "verifier: timeout")).toBe(
      substanceKey("retry   pip", "Verifier TIMEOUT"),
    );
    expect(substanceKey("retry pip", "verifier: timeout")).not.toBe(
      substanceKey("retry pip3", "verifier: timeout"),
    );
    expect(substanceKey("x == 1", "verifier: y")).not.toBe(substanceKey("x != 1", "verifier: y"));
  });

  it("keeps approach and death reason apart", () => {
    expect(substanceKey("a b", "c")).not.toBe(substanceKey("a", "b c"));
  });

  it("is the same for any change of case, spacing or punctuation", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    const sep = fc.constantFrom(" ", "  ", ", ", ". ", "\t", " - ", "!\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: 6 }), (parts) => {
        const plain = parts.map(([w]) => w).join(" ");
        const noisy = parts.map(([w, s], i) => (i % 2 ? w.toUpperCase() : w) + s).join("");
        expect(substanceKey(noisy, "verifier: x")).toBe(substanceKey(plain, "verifier x"));
      }),
    );
  });
});
