import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonText } from "./output.js";
import { forTerminal } from "./terminal.js";
import { runFak } from "./test-support/run-fak.js";

// A title change, a screen clear, a cursor move and a colour, as a hostile task name would carry.
const HOSTILE = "evil\x1b]0;owned\x07\x1b[2J\x1b[H\x1b[31mred\x9b2J\x07";
const ESC = /[\x1b\x07\x9b]/;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-terminal-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("forTerminal", () => {
  it("drops CSI, OSC and 8-bit sequences and shows other controls as ?", () => {
    // `\x9b2J` is a whole C1 CSI (erase display); the BEL after it is a control of its own.
    expect(forTerminal(HOSTILE)).toBe("evilred?");
    expect(forTerminal("a\x00b\x08c\td\ne")).toBe("a?b?c\td\ne");
    expect(forTerminal("plain text, unchanged")).toBe("plain text, unchanged");
  });

  it("makes bidi and invisible characters visible, so text reads as it is", () => {
    expect(forTerminal("invoice\u202egpj.exe")).toBe("invoice<U+202E>gpj.exe");
    expect(forTerminal("a\u2066b\u2069c\u200bd\ufeffe")).toBe(
      "a<U+2066>b<U+2069>c<U+200B>d<U+FEFF>e",
    );
  });
});

describe("jsonText", () => {
  it("writes C1 controls, bidi and invisible characters as \\u escapes: the same value", () => {
    const value = { task: "a\x9b2J\u202eb\u2028c\u200b", n: 1 };
    const text = jsonText(value, 2);
    expect(text).not.toMatch(/[\x7f-\x9f\u202e\u2028\u200b]/);
    expect(text).toContain("\\u009b");
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("nothing from data reaches a terminal as an escape sequence", () => {
  it("fak classify: a task id with escapes, in the table for people", async () => {
    const signals = JSON.stringify({
      task_id: HOSTILE,
      arm: { task_success: false },
      outcomes: [{ exit_code: 127, stderr: `bash: cargo: command not found ${HOSTILE}` }],
    });
    const r = await runFak(["classify"], { input: `${signals}\n` });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("evilred");
    expect(r.stdout).not.toMatch(ESC);
  });

  it("fak memory record, search and history: stored rows with escapes", async () => {
    const db = `file:${join(dir, "m.db")}`;
    const rec = await runFak([
      "memory",
      "record",
      "--session",
      "s",
      "--task",
      `task ${HOSTILE}`,
      "--approach",
      `pin the version ${HOSTILE}`,
      "--death-reason",
      `verifier: still red ${HOSTILE}`,
      "--db",
      db,
    ]);
    expect(rec.status, rec.stderr).toBe(0);
    expect(rec.stdout).not.toMatch(ESC);
    const search = await runFak(["memory", "search", "pin the version", "--db", db]);
    expect(search.status, search.stderr).toBe(0);
    expect(search.stdout).toContain("evilred");
    expect(search.stdout).not.toMatch(ESC);
    const history = await runFak(["memory", "history", "1", "--db", db]);
    expect(history.status, history.stderr).toBe(0);
    expect(history.stdout).not.toMatch(ESC);
  });
});
