import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/harness-folders.js";
import { listJob, type TrialLayout } from "./job-listing.js";

// The lister on a made-up harness: a trial is a folder holding `id.txt` (its claimed name).

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const layout = (depth: TrialLayout["depth"]): TrialLayout => ({
  isTrial: async (dir) => (await readFile(join(dir, "id.txt"), "utf8").catch(() => "")) !== "",
  identify: async (dir) =>
    (await readFile(join(dir, "id.txt"), "utf8").catch(() => "")) || undefined,
  depth,
  listedBy: "the job's list",
});

async function trial(dir: string, id: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "id.txt"), id);
}

describe("listJob", () => {
  it("lists flat trials, refuses symlinks, and reports listed trials whose folder is gone", async () => {
    await trial(join(root, "a"), "alpha");
    await mkdir(join(root, "empty"));
    await mkdir(join(root, "elsewhere"));
    await symlink(join(root, "elsewhere"), join(root, "linked"));
    const got = await listJob(root, "j", layout("flat"), ["alpha", "beta", "linked"]);
    expect(got.trials).toEqual([
      { name: "a", rel: "a", id: "alpha" },
      { name: "elsewhere", rel: "elsewhere", id: "elsewhere" },
      { name: "empty", rel: "empty", id: "empty" },
    ]);
    expect(got.skipped).toEqual([
      { job: "j", trial: "linked", reason: `${join(root, "linked")} is a symlink (not followed)` },
      {
        job: "j",
        trial: "beta",
        reason: "listed in the job's list but its trial folder is missing",
      },
    ]);
  });

  it("finds grouped trials one level down by their files, and keeps only those asked for", async () => {
    await trial(join(root, "task1", "x"), "t1-x");
    await trial(join(root, "task1", "y"), "t1-y");
    await mkdir(join(root, "task1", "not-a-trial"));
    await trial(join(root, "loose"), "loose");
    await mkdir(join(root, "task2", "elsewhere"), { recursive: true });
    await symlink(join(root, "task2", "elsewhere"), join(root, "task2", "link"));
    const all = await listJob(root, "j", layout("grouped"), []);
    expect(all.trials.map((t) => t.rel)).toEqual(["loose", join("task1", "x"), join("task1", "y")]);
    expect(all.skipped.map((s) => s.trial)).toEqual(["link"]);
    const one = await listJob(root, "j", layout("grouped"), ["gone"], ["y"]);
    expect(one.trials.map((t) => t.id)).toEqual(["t1-y"]);
    expect(one.skipped).toEqual([]);
  });

  it("keeps two folders claiming one name apart: the folder of that name keeps it", async () => {
    await trial(join(root, "a-copy"), "same");
    await trial(join(root, "same"), "same");
    await trial(join(root, "z-copy"), "same");
    const got = await listJob(root, "j", layout("flat"), ["same"]);
    expect(got.trials.map((t) => [t.name, t.id])).toEqual([
      ["a-copy", "same@a-copy"],
      ["same", "same"],
      ["z-copy", "same@z-copy"],
    ]);
    expect(got.notes).toHaveLength(2);
    expect(got.trials[0]?.note).toBe(got.notes[0]);
    expect(got.skipped).toEqual([]);
  });

  it("never hands out one id twice, even when a folder claims the name a copy would get", async () => {
    await trial(join(root, "same"), "same");
    await trial(join(root, "copy"), "same");
    await trial(join(root, "forged"), "same@copy");
    const got = await listJob(root, "j", layout("flat"));
    const ids = got.trials.map((t) => t.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toEqual(["same@copy#2", "same@copy", "same"]);
  });
});
