import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { link, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { tempDir } from "../test-support/harness-folders.js";
import {
  assertDirectory,
  jsonSyntaxProblem,
  listDir,
  listSubdirs,
  noted,
  pathKind,
  readFileSafe,
  readJsonSafe,
  setJobReadBudget,
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
    expect(await listSubdirs(root)).toEqual({
      dirs: ["real"],
      symlinks: ["linked"],
      undecodable: [],
    });
    await expect(assertDirectory(join(root, "linked"))).resolves.toBeUndefined();
    await expect(assertDirectory(join(root, "f.txt"))).rejects.toThrow(/f\.txt: not a directory/);
  });
});

describe("nothing is read from outside the folder given", () => {
  it("a symlinked agent/ or verifier/ below a named job is never followed, whatever is read", async () => {
    const outside = join(root, "outside");
    await mkdir(outside);
    await writeFile(join(outside, "trajectory.json"), '{"stolen": true}');
    const job = join(root, "job");
    await mkdir(join(job, "trial"), { recursive: true });
    await symlink(outside, join(job, "trial", "agent"));
    await symlink(outside, join(job, "trial", "verifier"));
    await assertDirectory(job);
    expect(await codeOf(readFileSafe(join(job, "trial", "agent", "trajectory.json")))).toBe(
      "FAK_SYMLINK",
    );
    const schema = z.object({ stolen: z.boolean() });
    expect(
      await codeOf(readJsonSafe(join(job, "trial", "verifier", "trajectory.json"), schema)),
    ).toBe("FAK_SYMLINK");
    expect(await listDir(join(job, "trial", "agent"))).toEqual([]);
    expect(await pathKind(join(job, "trial", "agent", "trajectory.json"))).toBe("symlink");
    // A symlink named on the command line is the user's choice: followed, and what is below it read.
    await symlink(job, join(root, "job-link"));
    await mkdir(join(job, "trial", "real-agent"));
    await writeFile(join(job, "trial", "real-agent", "a.json"), "{}");
    await assertDirectory(join(root, "job-link"));
    expect(
      await codeOf(readFileSafe(join(root, "job-link", "trial", "real-agent", "a.json"))),
    ).toBe("ok");
    expect(
      await codeOf(readFileSafe(join(root, "job-link", "trial", "agent", "trajectory.json"))),
    ).toBe("FAK_SYMLINK");
  });

  it("a FIFO named result.json is refused as not a regular file, never waited on", async () => {
    const job = join(root, "fifo-job");
    await mkdir(job);
    execFileSync("mkfifo", [join(job, "result.json")]);
    await assertDirectory(job);
    expect(await codeOf(readFileSafe(join(job, "result.json")))).toBe("FAK_NOT_FILE");
    expect(await codeOf(readJsonSafe(join(job, "result.json"), z.object({})))).toBe("FAK_NOT_FILE");
  });
});

describe("what a job folder holds is read as its own, and said as it is", () => {
  it("a hard link into a named folder is refused, not read as the folder's file", async () => {
    const secret = randomBytes(12).toString("hex");
    const outside = join(root, "outside.txt");
    await writeFile(outside, `RuntimeError: ${secret}\n`);
    const job = join(root, "job");
    await mkdir(join(job, "trial"), { recursive: true });
    await link(outside, join(job, "trial", "exception.txt"));
    await writeFile(join(job, "trial", "own.txt"), "own");
    await assertDirectory(job);
    await expect(readFileSafe(join(job, "trial", "exception.txt"))).rejects.toMatchObject({
      code: "FAK_HARD_LINK",
      message: expect.not.stringContaining(secret),
    });
    expect(await codeOf(readFileSafe(join(job, "trial", "own.txt")))).toBe("ok");
    // Outside every named folder (a file the user named), a link is the user's own business.
    expect(await codeOf(readFileSafe(outside))).toBe("ok");
  });

  it("a folder whose name is not UTF-8 is listed apart, never as a folder fak can open", async () => {
    const good = `t-${randomBytes(3).toString("hex")}`;
    await mkdir(join(root, good));
    const bad = Buffer.concat([
      Buffer.from(`${root}/x-`),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from("__y"),
    ]);
    await mkdir(bad);
    const listed = await listSubdirs(root);
    expect(listed.dirs).toEqual([good]);
    expect(listed.undecodable).toEqual(["x-\ufffd\ufffd\ufffd__y"]);
    expect((await listDir(root)).map((e) => e.name)).toEqual([good]);
  });

  it("a JSON syntax error names its line and column, never the file's text", async () => {
    const secret = `TOKEN${randomBytes(16).toString("hex")}`;
    const problem = async (text: string) => {
      await writeFile(join(root, "r.json"), text);
      return readJsonSafe(join(root, "r.json"), z.object({})).then(
        () => "parsed",
        (e: Error) => e.message,
      );
    };
    for (const text of [`${secret} and more`, `{\n "a": 1,\n ${secret}}`, `{"a": "${secret}`]) {
      expect(await problem(text)).not.toContain(secret.slice(0, 8));
    }
    expect(await problem(`{\n "a": 1,\n ${secret}}`)).toMatch(
      /invalid JSON \(.* at line 3 column 2\)/,
    );
    let err: unknown;
    try {
      JSON.parse("{\n x}");
    } catch (e) {
      err = e;
    }
    expect(jsonSyntaxProblem("{\n x}", err)).toBe(
      "Expected property name or '}' in JSON at line 2 column 2",
    );
  });
});

describe("a job's read budget", () => {
  it("bounds what all the files of one job may cost together, and starts again when the job is given again", async () => {
    const job = join(root, "job");
    await mkdir(job);
    const size = 1000 + randomBytes(1)[0]!;
    for (const name of ["a.log", "b.log", "c.log"])
      await writeFile(join(job, name), "x".repeat(size));
    const restore = setJobReadBudget(2 * size + 10);
    try {
      await assertDirectory(job);
      expect(await codeOf(readFileSafe(join(job, "a.log")))).toBe("ok");
      expect(await codeOf(readFileSafe(join(job, "b.log")))).toBe("ok");
      await expect(readFileSafe(join(job, "c.log"))).rejects.toMatchObject({
        code: "FAK_TOO_LARGE",
        message: expect.stringMatching(/c\.log: not read: the \d+-byte read budget of .* is spent/),
      });
      // A tail read is charged what it reads, not the file's size.
      expect(await codeOf(readFileSafe(join(job, "c.log"), { maxBytes: 5, tail: true }))).toBe(
        "ok",
      );
      await assertDirectory(job);
      expect(await codeOf(readFileSafe(join(job, "c.log")))).toBe("ok");
    } finally {
      restore();
    }
  });
});
