import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const EXAMPLE = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** The example job as a finished one: every result.json stamped with finished_at. */
function finishedJob(): { root: string; job: string } {
  const root = mkdtempSync(join(tmpdir(), "fak-watch-record-"));
  dirs.push(root);
  const job = join(root, "job");
  cpSync(EXAMPLE, job, { recursive: true });
  const stamp = (file: string) => {
    const doc = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...doc, finished_at: "2026-01-01T00:10:00Z" }));
  };
  stamp(join(job, "result.json"));
  for (const name of readdirSync(job, { withFileTypes: true }))
    if (name.isDirectory()) stamp(join(job, name.name, "result.json"));
  return { root, job };
}

describe("fak watch --record / --plan", () => {
  it("records each failed trial's death as it lands and writes the plan when the job ends", async () => {
    const { root, job } = finishedJob();
    const db = `file:${join(root, "m.db")}`;
    const plan = join(root, "plan");
    const r = await runFak(["watch", job, "--json", "--record", db, "--plan", plan], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const trialsSeen = lines.filter((l) => l.event === "trial");
    expect(trialsSeen).toHaveLength(5);
    // Failed by the agent: one death each (3); passed or a harness error: none.
    expect(lines.at(-1)).toMatchObject({ event: "end", ended: "finished", recorded: 3 });
    const exported = await runFak(["memory", "export", "--db", db], { cwd: root });
    expect(exported.stdout.trim().split("\n")).toHaveLength(3);
    expect(existsSync(join(plan, "plan.json"))).toBe(true);
    const planned = JSON.parse(readFileSync(join(plan, "plan.json"), "utf8"));
    expect(planned.items).toHaveLength(4);
  });
});
