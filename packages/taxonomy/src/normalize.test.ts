import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NormalizedTail, normalizeStderr, STDERR_LIMITS } from "./normalize.js";

describe("normalizeStderr", () => {
  it("strips ANSI colour, OSC titles and ESC-less colour residue", () => {
    expect(normalizeStderr("\u001b[1;31mERROR\u001b[0m: boom")).toBe("error: boom");
    expect(normalizeStderr("\u001b]0;title\u0007done")).toBe("done");
    expect(normalizeStderr("[31mFAILED[0m t.py::x")).toBe("failed t.py::x");
  });
  it("folds CRLF and lone CR to LF, and drops blank lines", () => {
    expect(normalizeStderr("a\r\nb\rc\n\n\n")).toBe("a\nb\nc");
  });
  it("drops NUL and other control characters", () => {
    expect(normalizeStderr("no\u0000 such\u0007 file")).toBe("no such file");
  });
  it("lower-cases, folds typographic quotes and full-width forms, collapses blanks", () => {
    expect(normalizeStderr("env: \u2018python\u2019:   No  such file")).toBe(
      "env: 'python': no such file",
    );
    expect(normalizeStderr("ＥＲＲＯＲ：\tx")).toBe("error: x");
  });
  it("strips wrapper prefixes: BuildKit, timestamps, CI annotations, journald, compose columns", () => {
    const text = [
      "#12 3.215 E: Failed to fetch http://deb.example/x.deb",
      "2024-05-01T10:00:00.123Z error: boom",
      "[10:00:01] ERROR x",
      "9:34:12 AM: Build exceeded maximum allowed runtime",
      "##[error]Process completed with exit code 1.",
      "Jan  3 10:00:00 host nginx[42]: nginx: [emerg] unknown directive",
      "db-1  | FATAL: role does not exist",
    ].join("\n");
    expect(normalizeStderr(text).split("\n")).toEqual([
      "e: failed to fetch http://deb.example/x.deb",
      "error: boom",
      "error x",
      "build exceeded maximum allowed runtime",
      "process completed with exit code 1.",
      "nginx: [emerg] unknown directive",
      "fatal: role does not exist",
    ]);
  });
  it("undoes markdown-escaped make markers", () => {
    expect(normalizeStderr("make: **\\* [all] Error 2")).toBe("make: *** [all] error 2");
  });
  it("keeps only a bounded tail, starting at a full line", () => {
    const text = `${"head line\n".repeat(50_000)}last line`;
    const out = normalizeStderr(text).split("\n");
    expect(out.length).toBeLessThanOrEqual(STDERR_LIMITS.maxLines);
    expect(out.at(-1)).toBe("last line");
    expect(out.every((l) => l === "head line" || l === "last line")).toBe(true);
  });
  it("cuts very long lines", () => {
    const out = normalizeStderr("x".repeat(100_000));
    expect(out.length).toBeLessThanOrEqual(STDERR_LIMITS.maxLineLength);
  });
  it("honours caller limits", () => {
    expect(normalizeStderr("a\nb\nc", { maxChars: 100, maxLines: 2, maxLineLength: 10 })).toBe(
      "b\nc",
    );
  });
});

describe("NormalizedTail", () => {
  it("offers a plain tail as it came, when lower-casing is all folding would do to it", () => {
    expect(NormalizedTail.of("ERROR: No Module named x").unfolded()).toBe(
      "ERROR: No Module named x",
    );
    // Colour residue and escaped make stars are folded even in plain text: read the folded text.
    expect(NormalizedTail.of("[31mERROR[0m").unfolded()).toBeUndefined();
    expect(NormalizedTail.of("make: **\\* [all] Error 2").unfolded()).toBeUndefined();
    expect(NormalizedTail.ofLines(["error: x"]).unfolded()).toBeUndefined();
  });
  it("gives the same text whether a scanner found the tail plain or it was folded", () => {
    const plainChar = fc.constantFrom(..."aZ 0:[];m*\\\t\n#|-".split(""));
    fc.assert(
      fc.property(fc.array(plainChar, { maxLength: 80 }), (chars) => {
        const raw = chars.join("");
        const folded = NormalizedTail.of(raw);
        const scanned = NormalizedTail.of(raw);
        if (scanned.unfolded() === undefined) return;
        scanned.foundPlain();
        expect(scanned.text).toBe(folded.text);
        expect(scanned.lines()).toEqual(folded.lines());
      }),
      { numRuns: 500 },
    );
  });
});

describe("NormalizedTail.someLine", () => {
  it("answers as lines().some(test) does, reading lines only up to the first that passes", () => {
    const piece = fc.constantFrom(
      "a",
      "B",
      " ",
      "\t",
      "\n",
      "\r\n",
      "\u001b[31m",
      "collecting x",
      "#9 ",
      "x",
    );
    const limits = { ...STDERR_LIMITS, maxLines: 5 };
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.constantFrom("a", "b", "collecting", "x a"),
        (pieces, word) => {
          const raw = pieces.join("");
          const test = (l: string) => l.includes(word);
          expect(NormalizedTail.of(raw, limits).someLine(test)).toBe(
            NormalizedTail.of(raw, limits).lines().some(test),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
  it("reads every line when there are more than the limit keeps (the first are dropped)", () => {
    const limits = { ...STDERR_LIMITS, maxLines: 2 };
    const tail = NormalizedTail.of("collecting x\nb\nc", limits);
    expect(tail.someLine((l) => l.startsWith("collecting"))).toBe(false);
    expect(
      NormalizedTail.of("collecting x\nb", limits).someLine((l) => l.startsWith("collecting")),
    ).toBe(true);
  });
});
