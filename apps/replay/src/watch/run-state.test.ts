import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/harness-folders.js";
import { harborMayRetry, runStateReader } from "./run-state.js";

describe("harborMayRetry (Harbor's _should_retry_exception and max_retries)", () => {
  it("never retries without max_retries above 0 (Harbor's default is 0)", () => {
    expect(harborMayRetry({}, "DockerDaemonError")).toBe(false);
    expect(harborMayRetry({ retry: { max_retries: 0 } }, "DockerDaemonError")).toBe(false);
  });

  it("keeps Harbor's default exclusions when the config names none", () => {
    const config = { retry: { max_retries: 2 } };
    expect(harborMayRetry(config, "DockerDaemonError")).toBe(true);
    expect(harborMayRetry(config, "AgentTimeoutError")).toBe(false);
    expect(harborMayRetry(config, "AgentSafetyRefusalError")).toBe(false);
  });

  it("lets exclusions win over inclusions, and retries only included types when some are named", () => {
    const config = {
      retry: { max_retries: 1, include_exceptions: ["A", "B"], exclude_exceptions: ["B"] },
    };
    expect(harborMayRetry(config, "A")).toBe(true);
    expect(harborMayRetry(config, "B")).toBe(false);
    expect(harborMayRetry(config, "C")).toBe(false);
    expect(
      harborMayRetry({ retry: { max_retries: 1, exclude_exceptions: null } }, "AgentTimeoutError"),
    ).toBe(true);
  });
});

describe("runStateReader", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir("fak-run-state-");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("knows no harness before the first run-level file, then Harbor's total and end", async () => {
    const read = runStateReader(dir);
    expect(await read()).toEqual({ ended: false });
    await writeFile(join(dir, "config.json"), JSON.stringify({ job_name: "j" }));
    await writeFile(join(dir, "result.json"), '{"n_total_trials": 4, "finished');
    expect(await read()).toMatchObject({ harness: "harbor", ended: false });
    await writeFile(
      join(dir, "result.json"),
      JSON.stringify({ n_total_trials: 4, finished_at: "t" }),
    );
    expect(await read()).toMatchObject({ harness: "harbor", ended: true, expected: 4 });
  });

  it("ends a tb run when results.json lists dataset_size × n_attempts trials, end_time or not", async () => {
    await writeFile(
      join(dir, "run_metadata.json"),
      JSON.stringify({ run_id: "r", dataset_size: 2, n_attempts: 2, end_time: null }),
    );
    const read = runStateReader(dir);
    expect(await read()).toEqual({ harness: "tb", ended: false, expected: 4 });
    await writeFile(join(dir, "results.json"), JSON.stringify({ results: [{}, {}, {}] }));
    expect((await read()).ended).toBe(false);
    // Half-written: the last whole count stands until it parses again.
    await writeFile(join(dir, "results.json"), '{"results": [{}, {}, {}, {');
    expect((await read()).ended).toBe(false);
    await writeFile(join(dir, "results.json"), JSON.stringify({ results: [{}, {}, {}, {}] }));
    expect((await read()).ended).toBe(true);
  });
});
