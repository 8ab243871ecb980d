import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test-support/harness-folders.js";
import { ReturnCodeParser, readAgentLog } from "./agent-log.js";

const parse = (text: string) => {
  const p = new ReturnCodeParser();
  for (const line of text.split("\n")) p.push(line);
  return p.finish();
};

describe("ReturnCodeParser", () => {
  it("pairs each <returncode> with the last bash block before it and keeps a failed output tail", () => {
    const log = [
      "System: run commands like this:",
      "```bash",
      "example",
      "```",
      "\u001b[1mmini-swe-agent (step 3, $0.10):\u001b[0m",
      "```bash",
      "cd /app && make\r",
      "```",
      "User:",
      "<returncode>2</returncode>",
      "<output>",
      "make: *** [all] Error 2",
      "</output>",
      "<returncode>0</returncode>",
      "<output>",
      "ok",
      "</output>",
    ].join("\n");
    expect(parse(log)).toEqual([
      {
        turn: 3,
        command: "cd /app && make",
        exit_code: 2,
        timed_out: false,
        stderr: "make: *** [all] Error 2",
        source: { file: "sessions/agent.log", line: 10, output_line: 12 },
      },
      { turn: 3, exit_code: 0, timed_out: false, source: { file: "sessions/agent.log", line: 14 } },
    ]);
  });

  it("keeps only the tail of a long output", () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} ${"y".repeat(20)}`);
    const out = parse(
      [
        "```bash",
        "seq",
        "```",
        "<returncode>1</returncode>",
        "<output>",
        ...lines,
        "</output>",
      ].join("\n"),
    );
    expect(out[0]?.stderr?.length).toBeLessThanOrEqual(8 * 1024);
    // The kept tail's first line is cited at its own line of the log (the output begins at 6).
    const first = out[0]?.stderr?.split("\n")[0] ?? "";
    expect(out[0]?.source?.output_line).toBe(6 + lines.indexOf(first));
    expect(out[0]?.stderr?.endsWith(lines.at(-1) ?? "")).toBe(true);
  });
});

describe("readAgentLog", () => {
  it("stops at the byte cap and says so", async () => {
    const dir = await tempDir();
    const file = join(dir, "agent.log");
    const block = "```bash\nfalse\n```\n<returncode>1</returncode>\n<output>\nno\n</output>\n";
    await writeFile(file, block.repeat(100));
    const all = await readAgentLog(file);
    expect(all).toMatchObject({ truncated: false });
    expect(all.outcomes).toHaveLength(100);
    const capped = await readAgentLog(file, block.length * 10);
    expect(capped.truncated).toBe(true);
    expect(capped.outcomes).toHaveLength(10);
    await rm(dir, { recursive: true, force: true });
  });
});
