import { describe, expect, it } from "vitest";
import { exitCodeInText, tailOf } from "./outcomes.js";

// Exit codes as agents write them into tool results, each in the form its agent prints.
describe("exitCodeInText", () => {
  it.each([
    ["ktb", "[exit_code=127]\nbash: x: command not found", 127],
    ["mini-swe-agent", "<returncode>2</returncode>\n<output>make: *** Error 2</output>", 2],
    ["Claude Code's own result text", "Exit code 1\nls: cannot access 'x'", 1],
    ["Claude Code, as an error", "Error: Exit code 128\nfatal: not a git repository", 128],
    ["codex", "Exit code: 3\nWall time: 0.2 seconds\nOutput:\nboom", 3],
    [
      "Harbor's Claude Code converter",
      "[stdout]\nbuilding\n\n[stderr]\nerror: no\n[exit_code] 2",
      2,
    ],
    ["OpenHands", "cat: x: No such file\n[The command completed with exit code 1.]", 1],
    [
      "codex unified exec",
      "Chunk ID: 1\nProcess exited with code 127\nOutput:\nsh: foo: not found",
      127,
    ],
    [
      "codex JSON output",
      '{"output":"boom\\n","metadata":{"exit_code":4,"duration_seconds":0.1}}',
      4,
    ],
  ])("%s", (_agent, text, code) => {
    expect(exitCodeInText(text)).toBe(code);
  });

  it("finds a trailing marker after a long output, and nothing in text that only mentions one", () => {
    const long = `${"x".repeat(20_000)}\n[The command completed with exit code 2.]`;
    expect(exitCodeInText(long)).toBe(2);
    expect(
      exitCodeInText("the docs say: Process exited with code 1 means failure"),
    ).toBeUndefined();
    // What the command printed never outranks where its agent writes the code.
    expect(
      exitCodeInText(
        "Chunk ID: 1\nProcess exited with code 1\nOutput:\nProcess exited with code 0",
      ),
    ).toBe(1);
    expect(
      exitCodeInText("[exit_code] 0\nmore output\n[The command completed with exit code 2.]"),
    ).toBe(2);
    expect(exitCodeInText(`[exit_code] 0\n${"line\n".repeat(20)}`)).toBeUndefined();
    expect(exitCodeInText('{"output":"fine"}')).toBeUndefined();
    expect(exitCodeInText("{not json, exit_code")).toBeUndefined();
  });
});

describe("tailOf", () => {
  it("cuts at a line start near the cut, and keeps a short text whole", () => {
    expect(tailOf("abc\ndef", 5)).toBe("def");
    expect(tailOf("abc\ndef", 7)).toBe("abc\ndef");
  });
});
