import { rmSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "@fak/memory";
import { InputError } from "@fak/taxonomy";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir, writeHarborJob, writeTbRun } from "../test-support/harness-folders.js";
import { recordLanded } from "./record.js";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe("recordLanded", () => {
  it("records a failed trial's death once, and nothing for a passed trial or a harness error", async () => {
    const root = await tempDir("fak-record-landed-");
    dirs.push(root);
    const job = await writeHarborJob(join(root, "job"), {
      trials: [
        {
          name: "fix-git__A1",
          reward: 0,
          tests: [{ name: "test_log", passed: false, trace: "AssertionError: no commit" }],
        },
        { name: "hello__B1", reward: 1 },
        { name: "build__C1", exception: { type: "CancelledError", message: "cancelled" } },
      ],
    });
    const store = await openStore({ url: ":memory:" });
    try {
      const failed = await recordLanded(join(job, "fix-git__A1"), store);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ task: "fix-git", status: "added" });
      expect(await recordLanded(join(job, "hello__B1"), store)).toEqual([]);
      expect(await recordLanded(join(job, "build__C1"), store)).toEqual([]);
      // The same trial landing again (a follower restarted) adds nothing.
      const again = await recordLanded(join(job, "fix-git__A1"), store);
      expect(again[0]?.status).toBe("already_present");
    } finally {
      store.close();
    }
  });

  it("reads a tb trial folder too, and refuses a folder that is no trial", async () => {
    const root = await tempDir("fak-record-landed-tb-");
    dirs.push(root);
    const run = await writeTbRun(join(root, "run-1"), "run-1", [
      { task: "fix-git", is_resolved: false, failure_mode: "test_timeout" },
    ]);
    const store = await openStore({ url: ":memory:" });
    try {
      const recorded = await recordLanded(join(run, "fix-git", "fix-git.1-of-1.run-1"), store);
      expect(recorded.map((r) => r.task)).toEqual(["fix-git"]);
      await expect(recordLanded(run, store)).rejects.toThrow(InputError);
    } finally {
      store.close();
    }
  });
});
