import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { tempDir } from "../test-support/harness-folders.js";
import {
  assertDirectory,
  listSubdirs,
  noted,
  readFileSafe,
  readJsonSafe,
  type UnreadableFileError,
} from "./fs-safe.js";

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: UnreadableFileError) => e.code,
  );

describe("readFileSafe", () => {
  it("refuses symlinks, directories and files over the cap, and reads a tail on request", async () => {
    const file = join(root, "log.txt");
    await writeFile(file, "0123456789");
    await symlink(file, join(root, "link.txt"));
    expect(await codeOf(readFileSafe(join(root, "link.txt")))).toBe("FAK_SYMLINK");
    expect(await codeOf(readFileSafe(root))).toBe("FAK_NOT_FILE");
    expect(await codeOf(readFileSafe(join(root, "nope")))).toBe("FAK_MISSING");
    expect(await codeOf(readFileSafe(file, { maxBytes: 4 }))).toBe("FAK_TOO_LARGE");
    const tail = await readFileSafe(file, { maxBytes: 4, tail: true });
    expect([tail.text, tail.skipped]).toEqual(["6789", 6]);
  });
});

describe("readJsonSafe", () => {
  const schema = z.looseObject({ n: z.number() });
  it.each([
    ["empty.json", "", /empty\.json: empty file/],
    ["cut.json", '{"n": 1', /cut\.json: invalid JSON/],
    ["typed.json", '{"n": "1"}', /typed\.json: n: /],
    ["nul.json", '{"n": 1}\u0000', /nul\.json:1: contains a NUL byte/],
  ])("names the file (and field) of a bad %s", async (name, text, message) => {
    await writeFile(join(root, name), text);
    const err = await readJsonSafe(join(root, name), schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(message);
  });

  it("refuses bytes that are not UTF-8", async () => {
    await writeFile(join(root, "latin1.json"), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    await expect(readJsonSafe(join(root, "latin1.json"), z.unknown())).rejects.toThrow(
      /not valid UTF-8/,
    );
  });
});

describe("noted", () => {
  it("turns a missing file into undefined and a damaged one into a note", async () => {
    const notes: string[] = [];
    expect(await noted(notes, () => readFileSafe(join(root, "none")))).toBeUndefined();
    await writeFile(join(root, "bad.json"), "{");
    expect(
      await noted(notes, () => readJsonSafe(join(root, "bad.json"), z.unknown())),
    ).toBeUndefined();
    expect(notes).toEqual([expect.stringMatching(/bad\.json: invalid JSON/)]);
    await expect(noted(notes, () => Promise.reject(new TypeError("bug")))).rejects.toThrow(
      TypeError,
    );
  });
});

describe("listSubdirs and assertDirectory", () => {
  it("reports symlinked folders apart, ignores symlinked files, and follows only a named top folder", async () => {
    await mkdir(join(root, "real"));
    await writeFile(join(root, "f.txt"), "x");
    await symlink(join(root, "real"), join(root, "linked"));
    await symlink(join(root, "f.txt"), join(root, "flink"));
    expect(await listSubdirs(root)).toEqual({ dirs: ["real"], symlinks: ["linked"] });
    await expect(assertDirectory(join(root, "linked"))).resolves.toBeUndefined();
    await expect(assertDirectory(join(root, "f.txt"))).rejects.toThrow(/f\.txt: not a directory/);
  });
});
