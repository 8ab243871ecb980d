import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyTrial } from "../../pipeline/classify-trial.js";
import { tempDir, writeHarborJob } from "../../test-support/harness-folders.js";
import { ingest } from "../ingest.js";

// Harbor's oracle agent runs the task's solution script once, its output in agent/oracle.txt and,
// from Harbor 0.22, a non-zero exit in agent/exit-code.txt (agents/oracle.py). Built here in
// that shape; nothing copied from a real run.

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const FAILING_TEST = {
  name: "test_output",
  passed: false,
  trace: "def test_output():\n>   assert os.path.exists('/app/out.csv')\nE   AssertionError",
};

async function oracleJob(log: string, exitCode?: string) {
  const job = await writeHarborJob(join(root, "job"), {
    trials: [{ name: "task__o1", reward: 0, commandsAs: "command-dirs", tests: [FAILING_TEST] }],
  });
  const agent = join(job, "task__o1", "agent");
  await mkdir(agent, { recursive: true });
  await writeFile(join(agent, "oracle.txt"), log);
  if (exitCode !== undefined) await writeFile(join(agent, "exit-code.txt"), exitCode);
  const { trials } = await ingest("harbor", [job]);
  return trials[0]!;
}

const LOG = [
  "Reading package lists...",
  "Building dependency tree...",
  "Collecting pandas==9.9.9",
  "ERROR: Could not find a version that satisfies the requirement pandas==9.9.9 (from versions: 2.2.0, 2.2.1)",
  "ERROR: No matching distribution found for pandas==9.9.9",
  "",
].join("\n");

describe("the oracle's log", () => {
  it("with an exit code, the solution's run is one command whose failure decides, cited at its line", async () => {
    const t = await oracleJob(LOG, "1");
    expect(t.signals.outcomes).toHaveLength(1);
    expect(t.signals.outcomes[0]).toMatchObject({
      command: "bash solution/solve.sh",
      exit_code: 1,
      source: { file: "agent/oracle.txt", output_line: 1 },
    });
    const c = classifyTrial(t);
    expect(c).toMatchObject({
      category: "PKG_INSTALL",
      attribution: "agent",
      decided_by: { file: "agent/oracle.txt", line: 4 },
    });
  });

  it("without an exit code (Harbor before 0.22), its output is read as a screen: a failure line still shows", async () => {
    const t = await oracleJob(LOG);
    expect(t.signals.outcomes).toEqual([]);
    expect(t.signals.trial?.screens).toEqual([
      expect.objectContaining({ file: "agent/oracle.txt", output_line: 1 }),
    ]);
    expect(classifyTrial(t)).toMatchObject({
      category: "PKG_INSTALL",
      decided_by: { file: "agent/oracle.txt", line: 4 },
    });
  });

  it("a clean solution run leaves the verifier's failure to decide", async () => {
    const t = await oracleJob("wrote /app/result.txt\n");
    expect(classifyTrial(t)).toMatchObject({
      category: "TEST_MISUNDERSTOOD",
      decided_by: { file: "verifier/ctrf.json" },
    });
  });

  it("a passing exit code keeps no output and decides nothing", async () => {
    const t = await oracleJob(LOG, "0");
    expect(t.signals.outcomes[0]).toMatchObject({ exit_code: 0 });
    expect(t.signals.outcomes[0]?.stderr).toBeUndefined();
    expect(classifyTrial(t).category).toBe("TEST_MISUNDERSTOOD");
  });
});
