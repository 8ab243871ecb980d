import { MAX_LINE_BYTES as MEMORY_MAX_LINE_BYTES } from "@fak/memory";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { byteLines, jsonLineBatches, jsonLines, MAX_LINE_BYTES } from "./io.js";

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

describe("jsonLineBatches against jsonLines", () => {
  const schema = z.strictObject({ a: z.number() });
  // What a reader gets: every record in order, or the error's message.
  async function outcome(read: () => AsyncGenerator<unknown>): Promise<string> {
    const got: unknown[] = [];
    try {
      for await (const r of read()) got.push(r);
      return JSON.stringify(got);
    } catch (err) {
      return `${JSON.stringify(got.length ? "partial" : "none")} ${(err as Error).message}`;
    }
  }
  let seed = 17;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const pieces: (string | Buffer)[] = [
    '{"a":1}',
    '{"a": 2.5}',
    '{"a":"x"}',
    '{"b":1}',
    "{",
    "",
    "   ",
    "\t",
    "\ufeff",
    "\r",
    "\u0000",
    "\u00e9",
    "超",
    Buffer.from([0xff]),
    Buffer.from([0xc3]),
    "x".repeat(40),
  ];
  const input = (): Buffer => {
    const lines = Array.from({ length: Math.floor(rand() * 8) }, () =>
      Buffer.concat(
        Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
          const p = pick(pieces);
          return typeof p === "string" ? Buffer.from(p) : p;
        }),
      ),
    );
    const eol = pick(["\n", "\r\n"]);
    const end = pick(["", "\n", "\r\n"]);
    return Buffer.concat([
      ...lines.flatMap((l, i) => (i ? [Buffer.from(eol), l] : [l])),
      Buffer.from(end),
    ]);
  };
  async function* split(bytes: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
    let at = 0;
    for (let i = 0; at < bytes.length; i++) {
      const n = sizes[i % sizes.length]!;
      yield bytes.subarray(at, at + n);
      at += n;
    }
  }
  it("gives the same records, or the same error at the same line, for any input and chunking", async () => {
    for (let run = 0; run < 3000; run++) {
      const bytes = input();
      const sizes = Array.from({ length: 3 }, () => 1 + Math.floor(rand() * 24));
      const max = pick([1 << 20, 30, 60]);
      const lines = await outcome(() => jsonLines(split(bytes, sizes), "in.jsonl", schema, max));
      const batches = await outcome(async function* () {
        for await (const b of jsonLineBatches(split(bytes, sizes), "in.jsonl", schema, max))
          yield* b;
      });
      // A batch is withheld when a later line of its chunk is bad: compare errors by message.
      const [l, b] = [lines, batches].map((o) =>
        o.startsWith('"') ? o.slice(o.indexOf(" ") + 1) : o,
      );
      expect(b, JSON.stringify(bytes.toString("latin1"))).toBe(l);
    }
  });
});

describe("the line limit", () => {
  it("is the one @fak/memory's import reads by (a JSONL the CLI accepts, memory import accepts)", () => {
    expect(MAX_LINE_BYTES).toBe(MEMORY_MAX_LINE_BYTES);
    expect(MAX_LINE_BYTES).toBe(64 << 20);
  });
});
