import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const EXAMPLE_JOB = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));
// Fake values of real shapes, made here: no real credential.
const GITHUB = `ghp_${"Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2"}`;
const AWS = "AKIAQ3EXAMPLE7ZQ4XYZ";
const PASSWORD = "Zq8hunter2WxR7";

let dir: string;
let job: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-ingest-"));
  job = join(dir, "job");
  await cp(EXAMPLE_JOB, job, { recursive: true });
  // Secrets where trials keep them: a command's output, a command, an exception.
  const trajectory = join(job, "log-parse__Qc3", "agent", "trajectory.json");
  const text = await readFile(trajectory, "utf8");
  await writeFile(
    trajectory,
    text
      .replace("5000 /app/access.log\\n", `token ${GITHUB} key ${AWS}\\n`)
      .replace("wc -l /app/access.log", `mysql -uroot -p${PASSWORD} app`),
  );
  const exception = join(job, "train-model__Rd4", "exception.txt");
  await writeFile(
    exception,
    `${await readFile(exception, "utf8")}\nconnecting to postgres://app:${PASSWORD}@db:5432/x with ${GITHUB}\n`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectNoSecret(text: string): void {
  expect(text).not.toContain(GITHUB);
  expect(text).not.toContain(AWS);
  expect(text).not.toContain(PASSWORD);
}

describe("fak ingest prints and writes no secret from the trial files", () => {
  it("--json, and every --out file", async () => {
    const out = join(dir, "out");
    const r = await runFak(["ingest", "harbor", job, "--json", "--out", out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("[REDACTED:");
    expectNoSecret(r.stdout);
    expectNoSecret(r.stderr);
    const files = await readdir(out);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expectNoSecret(await readFile(join(out, f), "utf8"));
  });

  it("the tables and Markdown for people", async () => {
    const r = await runFak(["ingest", "harbor", job]);
    expect(r.status, r.stderr).toBe(0);
    expectNoSecret(r.stdout);
  });
});
