import { describe, expect, it } from "vitest";
import { blankAnsi, clip, markerSpans, mergeSpans, type RankedSpan } from "./spans.js";

const span = (start: number, end: number, rank = 0, kind = "k"): RankedSpan => ({
  start,
  end,
  rank,
  kind,
});

describe("markerSpans", () => {
  it("finds the markers scrub writes, and nothing else in brackets", () => {
    const text = "a [REDACTED:jwt] b [REDACTED:] c [redacted:x] [REDACTED:github_token]";
    const jwt = text.indexOf("[REDACTED:jwt]");
    const gh = text.indexOf("[REDACTED:github_token]");
    expect(markerSpans(text)).toEqual([
      { start: jwt, end: jwt + "[REDACTED:jwt]".length },
      { start: gh, end: gh + "[REDACTED:github_token]".length },
    ]);
  });
});

describe("clip", () => {
  it("cuts protected stretches out of a span", () => {
    expect(
      clip(span(0, 30), [
        { start: 5, end: 10 },
        { start: 20, end: 25 },
      ]).map((s) => [s.start, s.end]),
    ).toEqual([
      [0, 5],
      [10, 20],
      [25, 30],
    ]);
    expect(clip(span(5, 10), [{ start: 0, end: 20 }])).toEqual([]);
  });
});

describe("mergeSpans", () => {
  it("unites overlapping spans under the most specific kind and keeps touching ones apart", () => {
    const merged = mergeSpans([
      span(10, 20, 5, "generic"),
      span(12, 30, 1, "specific"),
      span(30, 35, 2, "next"),
    ]);
    expect(merged).toEqual([span(10, 30, 1, "specific"), span(30, 35, 2, "next")]);
  });
});

describe("blankAnsi", () => {
  it("blanks colour codes, with or without their ESC, keeping every offset", () => {
    const text = "\x1b[31mAKIA\x1b[0m [1;32mok[0m \x1b]0;title\x07 [REDACTED:jwt]";
    const view = blankAnsi(text);
    expect(view).toHaveLength(text.length);
    const blank = (n: number) => " ".repeat(n);
    expect(view).toBe(
      `${blank(5)}AKIA${blank(4)} ${blank(6)}ok${blank(3)} ${blank(10)} [REDACTED:jwt]`,
    );
  });
});
