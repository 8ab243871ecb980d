import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeStderr } from "./normalize.js";
import { normalizeStderrReference } from "./test-support/normalize-reference.js";

// Pieces that reach every branch: blank runs of every kind, each wrapper prefix, escapes,
// quotes, control characters and line breaks.
const piece = fc.constantFrom(
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\u3000",
  " \t ",
  "\n",
  "\r\n",
  "\r",
  "#9 12.3 ",
  "#12 ",
  "##[error]",
  "2024-01-02T03:04:05Z ",
  "[2024-01-02 03:04:05.123+01:00] ",
  "[12:00:01] ",
  "9:34:12 am: ",
  "dec 22 15:58:05 host nginx[42]: ",
  "Dec 22 15:58:05 host app: ",
  "web-1 | ",
  "web-1  |  ",
  "a|b",
  "|",
  "\u001b[31m",
  "\u001b]0;t\u0007",
  "[0m",
  "\u0000",
  "\u2018x\u2019",
  "\u201cy\u201d",
  "**\\*",
  "Ｅｒｒｏｒ",
  "ERROR: no matching distribution",
  "1",
  "x",
  // Near the guards that decide whether a step or a prefix can apply at all.
  "go: ",
  "abc 1 ",
  "abc\t1 ",
  "x| ",
  "|\t",
  "[31M",
  "\u009b31m",
  "[;1m",
  "[x",
  // Near the hand-written check for colour residue: 16 parameters match, 17 do not.
  "[0",
  "m",
  "[1234567890;23456m",
  "[1234567890;234567m",
  "\u00a0\u00a0",
  "\u2003",
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((a) => a.join("")),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 40 }).map((a) => a.join("")),
);

describe("normalizeStderr against the reference normaliser", () => {
  it("gives the same text for any input", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(normalizeStderr(t)).toBe(normalizeStderrReference(t));
      }),
      { numRuns: 2000 },
    );
  });
  it("gives the same text under tight limits", () => {
    const limits = { maxChars: 64, maxLines: 3, maxLineLength: 10 };
    fc.assert(
      fc.property(text, (t) => {
        expect(normalizeStderr(t, limits)).toBe(normalizeStderrReference(t, limits));
      }),
      { numRuns: 500 },
    );
  });
});
