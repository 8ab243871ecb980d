import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonl, runFak } from "./test-support/run-fak.js";

// Bad input at every `fak` command that reads a file: exit status 2, a message naming the file,
// the line and the field, nothing on stdout and nothing written (no --out folder, no memory rows).
// A damaged trial in a harness folder is not bad input: it is skipped with its reason (exit 0).

const EXAMPLE_JOB = fileURLToPath(new URL("../../replay/examples/harbor-job", import.meta.url));
const DEMO_SUITE = fileURLToPath(
  new URL("../../replay/examples/suites/demo.json", import.meta.url),
);

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));

let dir: string;
let tried = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-bad-input-"));
});
afterAll(async () => {
  reportFigure("cli-bad-input", { inputsTried: tried });
  await rm(dir, { recursive: true, force: true });
});

/** Write `content` to a fresh file under the test folder; returns its path. */
async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** Run `fak args`, expecting exit 2, nothing on stdout and every `named` part in the message. */
async function refused(args: string[], ...named: string[]): Promise<string> {
  tried++;
  const r = await runFak(args);
  expect(r.status, `${args.join(" ")}\n${r.stderr}`).toBe(2);
  expect(r.stdout).toBe("");
  for (const part of named) expect(r.stderr).toContain(part);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  return r.stderr;
}

const classification = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    task_id: "t",
    failed: true,
    category: "PKG_INSTALL",
    reason: "PKG_INSTALL:no_matching_distribution",
    detail: "pip could not find the package",
    evidence: [],
    recovery: "RETRY_PACKAGE_INSTALL",
    retryable: true,
    safety_hold: false,
    ...extra,
  });

describe("fak retry and fak taxonomy refuse bad classifications", () => {
  const cases: [string, string | Buffer, string[]][] = [
    [
      "bad line among good",
      `${classification()}\n${classification({ retryable: "yes" })}\n`,
      [":2: retryable"],
    ],
    ["unknown field", `${classification({ colour: "red" })}\n`, [":1: ", "colour"]],
    ["missing field", '{"task_id":"t"}\n', [":1: "]],
    ["truncated line", `${classification()}\n{"task_id":"t","fai\n`, [":2"]],
    ["empty file", "", ["empty"]],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), ["UTF-8"]],
    ["NUL byte", `${classification()}\n{"task_id":"t\u0000"}\n`, [":2"]],
  ];
  for (const [what, content, named] of cases) {
    it(`refuses ${what}`, async () => {
      const path = await file(`cls-${what.replaceAll(" ", "-")}.jsonl`, content);
      await refused(
        ["retry", "--attempt", "1", "--max-attempts", "3", "--json", path],
        path,
        ...named,
      );
      await refused(["taxonomy", "--json", path], path, ...named);
    });
  }

  it("accepts a byte-order mark and CRLF line ends", async () => {
    const path = await file(
      "cls-bom.jsonl",
      `\ufeff${classification()}\r\n${classification()}\r\n`,
    );
    const r = await runFak(["retry", "--attempt", "1", "--max-attempts", "3", "--json", path]);
    expect(r.status, r.stderr).toBe(0);
    expect(jsonl(r.stdout)).toHaveLength(2);
  });
});

describe("fak replay refuses a bad suite and writes no --out folder", () => {
  let suite: Record<string, unknown>;
  beforeAll(async () => {
    suite = JSON.parse(await readFile(DEMO_SUITE, "utf8"));
  });
  const task = (s: Record<string, unknown>) => (s.tasks as Record<string, unknown>[])[0]!;
  const denyRegex = (s: Record<string, unknown>, pattern: string) => {
    const policy = task(s).policy as { arg_rules: { deny_regex: string }[] };
    policy.arg_rules[0]!.deny_regex = pattern;
  };
  const cases: [string, (s: Record<string, unknown>) => string, string[]][] = [
    ["an unknown field", (s) => JSON.stringify({ ...s, colour: "red" }), ["colour"]],
    [
      "a duplicate task id",
      (s) => JSON.stringify({ ...s, tasks: [task(s), task(s)] }),
      ["tasks[1].id", "duplicate"],
    ],
    ["trailing data", (s) => `${JSON.stringify(s, null, 2)}\n{"more": 1}\n`, [":"]],
    [
      "a regex that does not compile",
      (s) => {
        denyRegex(s, "rm -rf (");
        return JSON.stringify(s);
      },
      ["deny_regex"],
    ],
    [
      "a backreference (no linear-time engine runs it)",
      (s) => {
        denyRegex(s, "(a+)\\1");
        return JSON.stringify(s);
      },
      ["deny_regex"],
    ],
    ["a wrong type", (s) => JSON.stringify({ ...s, tasks: "all of them" }), ["tasks"]],
    ["an empty file", () => "", ["empty"]],
  ];
  for (const [what, make, named] of cases) {
    it(`refuses ${what}`, async () => {
      const path = await file(
        `suite-${what.replaceAll(" ", "-")}.json`,
        make(structuredClone(suite)),
      );
      const out = join(dir, `out-${what.replaceAll(" ", "-")}`);
      await refused(["replay", path, "--out", out, "--json"], path, ...named);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("runs a catastrophic-backtracking deny_regex in linear time", async () => {
    const s = structuredClone(suite);
    denyRegex(s, "^(a+)+$");
    const steps = task(s).trace as { command: string }[];
    steps[0]!.command = `${"a".repeat(100_000)}!`;
    const path = await file("suite-catastrophic.json", JSON.stringify(s));
    tried++;
    const started = Date.now();
    const r = await runFak(["replay", path, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    // A backtracking engine needs 2^100000 steps here; this bound is only there to fail loudly.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

describe("fak ingest: bad folders are refused, damaged trials are skipped with a reason", () => {
  it("refuses a path that is not a folder, and a folder that is not a job", async () => {
    const notDir = await file("not-a-folder.txt", "hello\n");
    await refused(["ingest", "harbor", notDir, "--json"], notDir);
    const empty = join(dir, "not-a-job");
    await mkdir(empty);
    await refused(["ingest", "harbor", empty, "--json"], empty);
    await refused(["ingest", "tb", empty, "--json"], empty);
    await refused(["ingest", "harbor", join(dir, "missing"), "--json"], join(dir, "missing"));
  });

  it("skips a truncated and a wrong-typed result.json, and never follows a symlink out of the job", async () => {
    const job = join(dir, "job");
    await cp(EXAMPLE_JOB, job, { recursive: true });
    await writeFile(
      join(job, "log-parse__Qc3", "result.json"),
      '{"task_name": "log-parse", "verif',
    );
    const typed = JSON.parse(await readFile(join(job, "csv-report__Xa1", "result.json"), "utf8"));
    typed.verifier_result = { rewards: { reward: "1" } };
    await writeFile(join(job, "csv-report__Xa1", "result.json"), JSON.stringify(typed));
    const outside = join(dir, "outside");
    await cp(join(EXAMPLE_JOB, "pdf-render__Kb2"), join(outside, "secret__Zz9"), {
      recursive: true,
    });
    await symlink(join(outside, "secret__Zz9"), join(job, "secret__Zz9"));
    tried += 3;
    const r = await runFak(["ingest", "harbor", job, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      signals: { task_id: string }[];
      skipped: { trial: string; reason: string }[];
    };
    const reasons = Object.fromEntries(out.skipped.map((s) => [s.trial, s.reason]));
    expect(reasons["log-parse__Qc3"]).toMatch(/log-parse__Qc3\/result\.json: invalid JSON/);
    expect(reasons["csv-report__Xa1"]).toMatch(
      /csv-report__Xa1\/result\.json: verifier_result\.rewards\.reward: /,
    );
    expect(reasons.secret__Zz9).toMatch(/symlink \(not followed\)/);
    expect(JSON.stringify(out.signals)).not.toContain("secret__Zz9");
    expect(out.signals.length).toBeGreaterThan(0);
  });
});

describe("fak memory import writes nothing of a file with a bad line", () => {
  const row = (i: number) =>
    JSON.stringify({ session: "s", task: `t${i}`, approach: `a${i}`, death_reason: "verifier: x" });
  const cases: [string, string | Buffer, string[]][] = [
    [
      "a wrong type",
      `${row(1)}\n${row(2)}\n{"session":"s","task":"t","approach":7,"death_reason":"x"}\n`,
      [":3: approach"],
    ],
    [
      "an unknown field",
      `${row(1)}\n${row(2).replace("{", '{"colour":"red",')}\n`,
      [":2: ", "colour"],
    ],
    [
      "a missing field",
      `${row(1)}\n{"session":"s","task":"t","approach":"a"}\n`,
      [":2: death_reason"],
    ],
    ["broken JSON", `${row(1)}\n{"session":\n${row(3)}\n`, [":2"]],
    [
      "invalid UTF-8",
      Buffer.concat([Buffer.from(`${row(1)}\n`), Buffer.from([0xc3, 0x28, 0x0a])]),
      [":2", "UTF-8"],
    ],
    ["a NUL byte", `${row(1)}\n${row(2).replace("a2", "a\u00002")}\n`, [":2"]],
  ];
  for (const [what, content, named] of cases) {
    it(`refuses ${what}`, async () => {
      const path = await file(`rows-${what.replaceAll(" ", "-")}.jsonl`, content);
      const db = `file:${join(dir, `m-${what.replaceAll(" ", "-")}.db`)}`;
      await refused(["memory", "import", path, "--db", db, "--json"], path, ...named);
      const exported = await runFak(["memory", "export", "--db", db]);
      expect(exported.status, exported.stderr).toBe(0);
      expect(exported.stdout).toBe("");
    });
  }
});

describe("fak eval outcomes refuses bad labels", () => {
  const label = JSON.stringify({
    id: "x1",
    command: "pip install nosuchpkg",
    exit_code: 1,
    timed_out: false,
    stderr: "ERROR: No matching distribution found for nosuchpkg",
    expected: "PKG_INSTALL",
  });
  const cases: [string, string, string[]][] = [
    ["an empty file", "", ["empty"]],
    ["broken JSON after a good line", `${label}\n{"id":\n`, [":2"]],
    [
      "a wrong type",
      `${label}\n${label.replace('"exit_code":1', '"exit_code":"one"')}\n`,
      [":2: ", "exit_code"],
    ],
  ];
  for (const [what, content, named] of cases) {
    it(`refuses ${what}`, async () => {
      const path = await file(`labels-${what.replaceAll(" ", "-")}.jsonl`, content);
      await refused(["eval", "outcomes", path, "--json"], path, ...named);
    });
  }
});

describe("inputs outside the contract: exit 2 naming the path, bounded, never a hang", () => {
  // Every command that reads a file a person names.
  const readers: [string, (path: string) => string[]][] = [
    ["classify", (p) => ["classify", "--json", p]],
    ["retry", (p) => ["retry", "--attempt", "1", "--max-attempts", "3", "--json", p]],
    [
      "retry --history",
      (p) => ["retry", "--attempt", "1", "--max-attempts", "3", "--history", p, "--json", "-"],
    ],
    ["taxonomy", (p) => ["taxonomy", "--json", p]],
    ["eval outcomes", (p) => ["eval", "outcomes", p, "--json"]],
    ["memory import", (p) => ["memory", "import", p, "--db", `file:${join(dir, "m.db")}`]],
  ];
  const paths: [string, () => Promise<string>, string][] = [
    ["a folder", async () => dir, "folder"],
    [
      "a FIFO nobody writes to",
      async () => {
        const fifo = join(dir, "input.fifo");
        if (!existsSync(fifo)) execFileSync("mkfifo", [fifo]);
        return fifo;
      },
      "not a regular file",
    ],
    ["a device (/dev/zero)", async () => "/dev/zero", "not a regular file"],
    [
      "a symlink loop",
      async () => {
        const loop = join(dir, "loop.jsonl");
        if (!existsSync(join(dir, "loop-made"))) {
          await symlink(loop, loop);
          await writeFile(join(dir, "loop-made"), "");
        }
        return loop;
      },
      "ELOOP",
    ],
    ["a path through a file", async () => join(await file("plain.jsonl", "{}\n"), "x"), "ENOTDIR"],
    ["a name too long", async () => join(dir, "n".repeat(300)), "ENAMETOOLONG"],
    ["an empty file", () => file("empty-input.jsonl", ""), "empty"],
  ];
  for (const [command, args] of readers) {
    for (const [what, make, why] of paths) {
      it(`${command}: ${what}`, async () => {
        const path = await make();
        await refused(args(path), path, why);
      }, 15_000);
    }
  }

  it("classify < /dev/zero: one endless line is refused at the line limit, naming line 1", async () => {
    tried++;
    const zero = openSync("/dev/zero", "r");
    const child = spawn(process.execPath, [MAIN, "classify", "--json"], {
      stdio: [zero, "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", NODE_OPTIONS: "--max-old-space-size=256" },
    });
    closeSync(zero);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
    });
    child.stderr?.on("data", (d) => {
      stderr += d;
    });
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect(status, stderr).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("<stdin>:1: line longer than");
  }, 60_000);
});

describe("fak ingest reads nothing from outside the job folder and never waits on a FIFO", () => {
  it("a symlinked agent/ is not followed; a FIFO result.json or trajectory.json is skipped", async () => {
    tried++;
    const job = join(dir, "escape-job");
    await cp(EXAMPLE_JOB, job, { recursive: true });
    const outside = join(dir, "outside-agent");
    await rename(join(job, "log-parse__Qc3", "agent"), outside);
    await symlink(outside, join(job, "log-parse__Qc3", "agent"));
    await rm(join(job, "csv-report__Xa1", "result.json"));
    execFileSync("mkfifo", [join(job, "csv-report__Xa1", "result.json")]);
    await rm(join(job, "train-model__Rd4", "agent"), { recursive: true, force: true });
    await mkdir(join(job, "train-model__Rd4", "agent"));
    execFileSync("mkfifo", [join(job, "train-model__Rd4", "agent", "trajectory.json")]);
    const r = await runFak(["ingest", "harbor", job, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const shown = (await readFile(join(outside, "trajectory.json"), "utf8")).includes(
      "wc -l /app/access.log",
    );
    expect(shown).toBe(true);
    expect(r.stdout).not.toContain("wc -l /app/access.log");
    expect(r.stdout).toContain("csv-report__Xa1/result.json: not a regular file");
  }, 30_000);
});
