import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

describe("fak watch", () => {
  it("reports each finished trial of an ended Harbor job once, then the counts", async () => {
    const job = await mkdtemp(join(tmpdir(), "fak-watch-cli-"));
    try {
      for (const [name, reward] of [
        ["a__1", 1],
        ["b__2", 0],
      ] as const) {
        await mkdir(join(job, name));
        await writeFile(
          join(job, name, "result.json"),
          JSON.stringify({
            trial_name: name,
            finished_at: "t",
            verifier_result: { rewards: { reward } },
          }),
        );
      }
      await writeFile(join(job, "result.json"), JSON.stringify({ finished_at: "t" }));
      const { stdout, status } = await runFak(["watch", job, "--json"]);
      expect(status).toBe(0);
      const lines = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.slice(0, 2).map((l) => l.trial_id)).toEqual(["a__1", "b__2"]);
      expect(lines[2]).toMatchObject({ ended: "finished", trials: 2, passed: 1, failed: 1 });
    } finally {
      await rm(job, { recursive: true, force: true });
    }
  });

  it("exits 3 at --timeout when the job never ends", async () => {
    const job = await mkdtemp(join(tmpdir(), "fak-watch-cli-"));
    try {
      const { status, stdout } = await runFak(["watch", job, "--timeout", "1"]);
      expect(status).toBe(3);
      expect(stdout).toContain("0 trials");
    } finally {
      await rm(job, { recursive: true, force: true });
    }
  });

  it("exits 2 for a folder that does not exist", async () => {
    const { status } = await runFak(["watch", "/nonexistent/fak-watch"]);
    expect(status).toBe(2);
  });
});
