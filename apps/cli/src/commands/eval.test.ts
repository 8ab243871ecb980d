import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const rows = [
  {
    id: "a",
    command: "pip install nosuchpkg",
    exit_code: 1,
    timed_out: false,
    stderr: "ERROR: No matching distribution found for nosuchpkg",
    expected: "PKG_INSTALL",
  },
  {
    id: "b",
    command: "timeout 5 make",
    exit_code: 124,
    timed_out: false,
    stderr: "",
    expected: "TIMEOUT",
  },
  {
    id: "c",
    command: "python app.py",
    exit_code: 1,
    timed_out: false,
    stderr: '  File "app.py", line 3\n    def f(:\n          ^\nSyntaxError: invalid syntax',
    expected: "BAD_FILE_EDIT",
  },
  {
    id: "d",
    command: "frob",
    exit_code: 127,
    timed_out: false,
    stderr: "bash: frob: command not found",
    expected: "CMD_ERROR",
    ambiguous: true,
    rationale: "alt ENV_SETUP_MISS",
  },
];

describe("fak eval outcomes", () => {
  it("scores labelled outcomes: accuracy, per-category figures, confusion, misclassified ids", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-eval-"));
    const file = join(dir, "labelled.jsonl");
    await writeFile(file, rows.map((r) => JSON.stringify(r)).join("\n"));
    const r = await runFak(["eval", "outcomes", file, "--json"]);
    expect(r.status).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.total).toBe(4);
    expect(e.scored).toBe(3);
    expect(e.correct).toBe(3);
    expect(e.accuracy).toBe(1);
    expect(e.per_category.PKG_INSTALL).toMatchObject({ support: 1, precision: 1, recall: 1 });
    expect(e.confusion.TIMEOUT.TIMEOUT).toBe(1);
    expect(e.misclassified).toEqual([]);
    expect(e.ambiguous.total).toBe(1);
    const human = await runFak(["eval", "outcomes", file]);
    expect(human.status).toBe(0);
    expect(human.stdout).toMatch(/100(\.0)?%/);
  });

  it("names the line and field of a bad label (exit 2)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fak-eval-"));
    const file = join(dir, "bad.jsonl");
    await writeFile(
      file,
      `${JSON.stringify(rows[0])}\n${JSON.stringify({ ...rows[1], expected: "OOPS" })}\n`,
    );
    const r = await runFak(["eval", "outcomes", file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("bad.jsonl:2: expected:");
  });
});
