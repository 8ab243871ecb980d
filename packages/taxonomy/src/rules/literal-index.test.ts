import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildLiteralIndex, literalTags } from "./literal-index.js";

// The reference: which tags' literals occur in each line, blank runs read as one space.
function naive(literals: string[][], text: string): number[][] {
  return text.split("\n").map((line) => {
    const folded = line.replace(/[ \t]+/g, " ");
    return literals.flatMap((list, tag) =>
      list.some((l) => folded.includes(l.replace(/[ \t]+/g, " "))) ? [tag] : [],
    );
  });
}
const unique = (tags: number[][]) => tags.map((t) => [...new Set(t)].sort((a, b) => a - b));

describe("buildLiteralIndex", () => {
  it("finds each line's literals in one pass over the text, LF ending a line", () => {
    const index = buildLiteralIndex([["ab"], ["b"], ["not found"]]);
    expect(unique(literalTags(index, "xab\nnot  found\n\tb"))).toEqual([[0, 1], [2], [1]]);
  });
  it("reads a run of blanks (spaces, tabs) as one space, in the text and in a literal", () => {
    const index = buildLiteralIndex([["a b"], ["c\t\td"]]);
    expect(unique(literalTags(index, "a \t b\nc d"))).toEqual([[0], [1]]);
  });
  it("refuses a literal holding a line break", () => {
    expect(() => buildLiteralIndex([["a\nb"]])).toThrow("line break");
  });
  it("finds what a naive search finds, and more only where characters share a column", () => {
    const alphabet = fc.constantFrom(
      ..."abcdefghijklmnopqrstuvwxyz0123456789 \t:'\"/.-_()[]{}<>=+*&^%$#@!~`|\\?,;超时",
    );
    const word = fc.array(alphabet, { minLength: 1, maxLength: 6 }).map((a) => a.join(""));
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.oneof(word, fc.constant("\n")), { maxLength: 30 }),
        (literals, pieces) => {
          const text = pieces.join("");
          const got = unique(literalTags(buildLiteralIndex(literals), text));
          const want = naive(literals, text);
          // Never fewer: every line's true tags are among those found.
          want.forEach((tags, i) => {
            for (const t of tags) expect(got[i]).toContain(t);
          });
          expect(got.length).toBe(want.length);
        },
      ),
      { numRuns: 400 },
    );
  });
});
