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
const unique = (tags: number[][] | undefined) =>
  tags!.map((t) => [...new Set(t)].sort((a, b) => a - b));

describe("buildLiteralIndex", () => {
  it("finds each line's literals in one pass over the text, LF ending a line", () => {
    const index = buildLiteralIndex([["ab"], ["b"], ["not found"]]);
    expect(unique(literalTags(index, "xab\nnot  found\n\tb"))).toEqual([[0, 1], [2], [1]]);
  });
  it("reads a run of blanks (spaces, tabs) as one space, in the text and in a literal", () => {
    const index = buildLiteralIndex([["a b"], ["c\t\td"]]);
    expect(unique(literalTags(index, "a \t b\nc d"))).toEqual([[0], [1]]);
  });
  it("reads a text not yet lower-cased as its lower case, and gives up at a character that is not plain", () => {
    const index = buildLiteralIndex([["no module named"], ["e404"]]);
    expect(
      unique(literalTags(index, "ModuleNotFoundError: No Module\tnamed 'x'\nNPM ERR! E404", true)),
    ).toEqual([[0], [1]]);
    // The same text lower-cased first, read as it is: the same tags.
    expect(
      unique(literalTags(index, "modulenotfounderror: no module\tnamed 'x'\nnpm err! e404")),
    ).toEqual([[0], [1]]);
    for (const odd of [
      "\r",
      "\u001b",
      "\u0000",
      "\u007f",
      "\u0085",
      "\u00e9",
      "\u2019",
      "\uff25",
    ]) {
      expect(
        literalTags(index, `no module named${odd}`, true),
        JSON.stringify(odd),
      ).toBeUndefined();
      expect(literalTags(index, `no module named${odd}`)).toBeDefined();
    }
  });
  it("finds in plain text read as it came what it finds in its lower case", () => {
    const printable = fc.constantFrom(..."aAbBcC zZ:'\t\n-_E4o0".split(""));
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string({ unit: fc.constantFrom(..."abcz :'-_e4o0"), minLength: 1, maxLength: 5 }),
            { minLength: 1, maxLength: 3 },
          ),
          { minLength: 1, maxLength: 20 },
        ),
        fc.array(printable, { maxLength: 60 }),
        (literals, chars) => {
          const index = buildLiteralIndex(literals);
          const text = chars.join("");
          expect(literalTags(index, text, true)).toEqual(literalTags(index, text.toLowerCase()));
        },
      ),
      { numRuns: 300 },
    );
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
