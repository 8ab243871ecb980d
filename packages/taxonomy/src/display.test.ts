import { randomBytes } from "node:crypto";
import { cpuMs } from "@fak/vitest-config/cpu";
import { describe, expect, it } from "vitest";
import { displaySafe } from "./display.js";

const word = () => randomBytes(6).toString("hex");

describe("displaySafe", () => {
  it("drops escape sequences, shows controls as ? and keeps tab and newline", () => {
    const w = word();
    expect(displaySafe(`a\x1b]52;c;${w}\x07b\x1b[2Jc\x9b31md\x9d0;${w}\x9c`)).toBe("abcd");
    expect(displaySafe("x\x00y\rz\tq\nr\x7f")).toBe("x?y?z\tq\nr?");
  });

  it("makes every bidi and invisible character visible", () => {
    const chars = [
      ..."\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
      ..."\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u2028\u2029\u061c",
    ];
    for (const ch of chars) {
      const w = word();
      const shown = displaySafe(`${w}${ch}${w}`);
      expect(shown).toBe(
        `${w}<U+${ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}>${w}`,
      );
    }
  });

  it("returns plain text unchanged and stays linear on long hostile input", () => {
    expect(displaySafe("plain é ✓ text")).toBe("plain é ✓ text");
    const long = "\x1b[".repeat(200_000) + "\u202e".repeat(200_000);
    // CPU time, not wall time: the bound is for a quadratic blow-up, not the machine's load.
    expect(cpuMs(() => displaySafe(long))).toBeLessThan(2000);
  });
});
