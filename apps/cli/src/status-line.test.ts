import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { barText, statusLine } from "./status-line.js";

function fakeTerminal(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, columns: 60, write: (t: string) => written.push(t) > 0 }, written };
}

async function collect(lines: PassThrough): Promise<string> {
  lines.end();
  let text = "";
  for await (const chunk of lines) text += chunk;
  return text;
}

describe("statusLine", () => {
  it("keeps one bar under the printed lines on a terminal: erased before each line, drawn after", async () => {
    const bar = fakeTerminal(true);
    const lines = new PassThrough();
    const s = statusLine(bar.stream, lines, true);
    s.update(1, 4, "");
    await s.print("pass  a\n");
    s.update(2, 4, "1 failed");
    s.update(2, 4, "1 failed");
    s.stop();
    expect(await collect(lines)).toBe("pass  a\n");
    expect(bar.written).toEqual([
      "\r\x1b[2K[########----------------------] 1/4",
      "\r\x1b[2K",
      "\r\x1b[2K[########----------------------] 1/4",
      "\r\x1b[2K[###############---------------] 2/4  1 failed",
      "\r\x1b[2K",
    ]);
  });

  it("draws nothing when the bar's stream is not a terminal, or with --json", async () => {
    for (const [tty, enabled] of [
      [false, true],
      [true, false],
    ] as const) {
      const bar = fakeTerminal(tty);
      const lines = new PassThrough();
      const s = statusLine(bar.stream, lines, enabled);
      s.update(1, 2, "");
      await s.print("line\n");
      s.stop();
      expect(bar.written).toEqual([]);
      expect(await collect(lines)).toBe("line\n");
    }
  });
});

describe("barText", () => {
  it("shows a count alone when the total is not known, and fits the terminal's width", () => {
    expect(barText(3, undefined, "1 failed")).toBe("3 trials  1 failed");
    expect(barText(40, 40, "", 30)).toBe("[#####################] 40/40");
    expect(barText(5, 10, "x".repeat(100), 40)).toHaveLength(39);
  });
});
