import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/backends.js";
import { MemoryInputError } from "../errors.js";
import { lineReader } from "./read-lines.js";

const dir = tempDir();

async function readAll(path: string, maxLineBytes?: number): Promise<string[]> {
  const texts: string[] = [];
  for await (const l of lineReader(path, path, undefined, maxLineBytes).lines()) texts.push(l.text);
  return texts;
}

async function refusal(path: string, maxLineBytes?: number): Promise<MemoryInputError> {
  const err = await readAll(path, maxLineBytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MemoryInputError);
  return err as MemoryInputError;
}

describe("lineReader", () => {
  it("reads a line longer than many read chunks whole, and the lines around it", async () => {
    const long = "x".repeat(3_000_000);
    const path = join(dir, "long.jsonl");
    writeFileSync(path, `a\n${long}\r\nb`);
    // A CR before the LF stays: JSON.parse reads it as white space.
    expect(await readAll(path)).toEqual(["a", `${long}\r`, "b"]);
  });

  it("refuses a line over the limit, naming its line, before holding more of it", async () => {
    const path = join(dir, "over.jsonl");
    writeFileSync(path, `{"a":1}\n${"y".repeat(200_000)}\n`);
    const err = await refusal(path, 100_000);
    expect(err.line).toBe(2);
    expect(err.message).toContain("longer than 100000 bytes");
    // Without a line end at all (a stream of zeros), too.
    const endless = join(dir, "endless.jsonl");
    writeFileSync(endless, Buffer.alloc(300_000));
    expect((await refusal(endless, 100_000)).line).toBe(1);
  });

  it("refuses an empty file and one of blank lines: no row is no import", async () => {
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, "");
    expect((await refusal(empty)).message).toContain("empty input");
    const blank = join(dir, "blank.jsonl");
    writeFileSync(blank, "\n  \r\n\n");
    expect((await refusal(blank)).message).toContain("empty input");
  });

  it("refuses a folder, a device and a FIFO without opening them for reading (no hang)", async () => {
    expect((await refusal(dir)).message).toContain("a folder");
    expect((await refusal("/dev/zero")).message).toContain("not a regular file");
    const fifo = join(dir, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    expect((await refusal(fifo)).message).toContain("not a regular file");
  });

  it("refuses a symlink loop, a path through a file and a name too long, with their codes", async () => {
    const loop = join(dir, "loop");
    symlinkSync(loop, loop);
    expect((await refusal(loop)).message).toContain("ELOOP");
    const file = join(dir, "plain.jsonl");
    writeFileSync(file, "{}\n");
    expect((await refusal(join(file, "x"))).message).toContain("ENOTDIR");
    expect((await refusal(join(dir, "n".repeat(300)))).message).toContain("ENAMETOOLONG");
  });
});
