import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { checkSuite, loadSuite, parseSuite } from "./suite.js";
import { stepOf, suiteOf, taskOf } from "./test-support/suite-builders.js";

function errorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error("expected an InputError");
}

const check = (value: unknown) => errorOf(() => checkSuite(value, "suite.json"));

describe("loading a command suite", () => {
  it("accepts a valid suite and trims commands", () => {
    const suite = checkSuite(suiteOf(taskOf("a", { trace: [stepOf("  make test  ")] })), "s.json");
    expect(suite.tasks[0]?.trace[0]?.command).toBe("make test");
  });

  it("names the field of an unknown key", () => {
    const bad = suiteOf(taskOf("a"));
    (bad.tasks[0] as Record<string, unknown>).notes = "x";
    const err = check(bad);
    expect(err.message).toBe("suite.json: tasks[0].notes: unknown field");
    expect(err.field).toBe("tasks[0].notes");
  });

  it("refuses an unknown key in a trace step", () => {
    const step = { ...stepOf("ls"), exit_code: 0 };
    expect(check(suiteOf(taskOf("a", { trace: [step] }))).message).toContain(
      "tasks[0].trace[0].exit_code: unknown field",
    );
  });

  it("refuses duplicate task ids, naming the second", () => {
    const err = check(suiteOf(taskOf("a"), taskOf("b"), taskOf("a")));
    expect(err.field).toBe("tasks[2].id");
    expect(err.message).toContain('duplicate task id "a" (first at tasks[0])');
  });

  it("refuses trailing data after the JSON value, with its line", () => {
    const json = JSON.stringify(suiteOf(taskOf("a")), null, 2);
    const text = `${json}\n{"more": 1}\n`;
    const err = errorOf(() => parseSuite(text, "suite.json"));
    expect(err.message).toMatch(/^suite\.json:\d+: trailing data after the JSON value$/);
    expect(err.line).toBe(json.split("\n").length + 1);
  });

  it("accepts trailing white space and braces inside strings", () => {
    const suite = suiteOf(taskOf("a", { goal: 'print "}" then {' }));
    expect(parseSuite(`${JSON.stringify(suite)}\n\n  `, "s.json").tasks[0]?.goal).toBe(
      'print "}" then {',
    );
  });

  it("reports malformed JSON and empty input", () => {
    expect(errorOf(() => parseSuite('{"schema": ', "s.json")).message).toContain("invalid JSON");
    expect(errorOf(() => parseSuite("  \n", "s.json")).message).toBe("s.json: empty input");
  });

  it("refuses an empty trace", () => {
    expect(check(suiteOf(taskOf("a", { trace: [] }))).message).toBe(
      "suite.json: tasks[0].trace: at least one step is required",
    );
  });

  it("refuses an empty or blank command", () => {
    expect(check(suiteOf(taskOf("a", { trace: [stepOf("   ")] }))).message).toBe(
      "suite.json: tasks[0].trace[0].command: must not be empty",
    );
  });

  it("refuses missing or empty milestones and tests", () => {
    const { milestones: _m, ...noMilestones } = taskOf("a");
    expect(check(suiteOf(noMilestones as never)).field).toBe("tasks[0].milestones");
    expect(check(suiteOf(taskOf("a", { milestones: [] }))).message).toContain(
      "at least one milestone is required",
    );
    const { tests: _t, ...noTests } = taskOf("a");
    expect(check(suiteOf(noTests as never)).field).toBe("tasks[0].tests");
    expect(check(suiteOf(taskOf("a", { tests: [] }))).message).toContain(
      "at least one test is required",
    );
  });

  it("refuses an unnamed test", () => {
    const tests = [
      { name: "ok", passed: true },
      { name: "", passed: true },
    ];
    expect(check(suiteOf(taskOf("a", { tests }))).message).toBe(
      "suite.json: tasks[0].tests[1].name: must not be empty",
    );
    expect(check(suiteOf(taskOf("a", { tests: [{ passed: true } as never] }))).field).toBe(
      "tasks[0].tests[0].name",
    );
  });

  it("refuses a deny_regex that does not compile, naming the rule", () => {
    const task = taskOf("c");
    const rule = task.policy.arg_rules[0]!;
    task.policy.arg_rules = [rule, { ...rule, deny_regex: "git push (--force" }];
    const err = check(suiteOf(taskOf("a"), taskOf("b"), task));
    expect(err.field).toBe("tasks[2].policy.arg_rules[1].deny_regex");
    expect(err.message).toMatch(
      /^suite\.json: tasks\[2\]\.policy\.arg_rules\[1\]\.deny_regex: not a valid RE2 regular expression \(.*missing closing \)/,
    );
  });

  it("refuses backreferences, which RE2 cannot run in linear time", () => {
    const task = taskOf("a");
    task.policy.arg_rules[0]!.deny_regex = "(rm)\\1";
    expect(check(suiteOf(task)).field).toBe("tasks[0].policy.arg_rules[0].deny_regex");
  });

  it("refuses a wrong schema, policy version and arg", () => {
    expect(check({ ...suiteOf(taskOf("a")), schema: "other" }).field).toBe("schema");
    const task = taskOf("a");
    (task.policy as { version: string }).version = "fak-policy/v2";
    expect(check(suiteOf(task)).field).toBe("tasks[0].policy.version");
    const argTask = taskOf("a");
    (argTask.policy.arg_rules[0] as { arg: string }).arg = "cwd";
    expect(check(suiteOf(argTask)).message).toContain('only "command" can be matched');
  });

  it("refuses a step milestone the task does not declare", () => {
    const task = taskOf("a", { trace: [stepOf("make", { milestone: "dnoe" })] });
    expect(check(suiteOf(task)).message).toBe(
      'suite.json: tasks[0].trace[0].milestone: "dnoe" is not one of the task\'s milestones',
    );
  });

  it("refuses a suite with no tasks", () => {
    expect(check(suiteOf()).message).toBe("suite.json: tasks: at least one task is required");
  });

  it("loads from a file and names the path in errors", () => {
    const dir = mkdtempSync(join(tmpdir(), "fak-suite-"));
    const good = join(dir, "good.json");
    writeFileSync(good, JSON.stringify(suiteOf(taskOf("a"))));
    expect(loadSuite(good).tasks).toHaveLength(1);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify(suiteOf(taskOf("a", { trace: [] }))));
    expect(errorOf(() => loadSuite(bad)).message).toBe(
      `${bad}: tasks[0].trace: at least one step is required`,
    );
    expect(errorOf(() => loadSuite(join(dir, "missing.json"))).message).toContain("ENOENT");
    const binary = join(dir, "bin.json");
    writeFileSync(binary, Buffer.from([0x7b, 0xff, 0x7d]));
    expect(errorOf(() => loadSuite(binary)).message).toContain("not valid UTF-8");
  });
});
