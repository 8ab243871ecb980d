import { describe, expect, it } from "vitest";
import { byteLines } from "./io.js";

async function* chunks(parts: string[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.from(p);
}

async function lines(parts: string[], max?: number): Promise<string[]> {
  const got: string[] = [];
  for await (const l of byteLines(chunks(parts), "in.jsonl", max)) got.push(l.toString());
  return got;
}

describe("byteLines", () => {
  it("joins a line spread over many chunks once, and drops a CR before LF", async () => {
    const parts = ["a\r\nbb", ...Array.from({ length: 1000 }, () => "x".repeat(100)), "\r\nc"];
    expect(await lines(parts)).toEqual(["a", `bb${"x".repeat(100_000)}`, "c"]);
  });

  it("refuses a line over the limit with its line number, whether or not it ever ends", async () => {
    await expect(lines(["{}\n", "y".repeat(50), "y".repeat(60), "\n"], 100)).rejects.toThrow(
      "in.jsonl:2: line longer than 100 bytes",
    );
    await expect(lines(["{}\n{}\n", ..."z".repeat(200)], 100)).rejects.toThrow("in.jsonl:3:");
  });
});
