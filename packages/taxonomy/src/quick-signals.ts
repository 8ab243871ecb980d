import type { ArmResult, CommandOutcome, FailureSignals, TestResult } from "./schemas.js";

// `failureSignalsSchema.parse` by hand, for the common shape only: what it accepts here it
// returns exactly as zod would (the same fields in the schema's order, defaults filled in, new
// arrays); anything else (a field it does not check by hand, such as `trial`, a command event,
// a `source`, or any doubt) gives undefined, and zod decides, with its own error message.
// `validate` calls it for that schema. quick-signals.test.ts holds it equal to zod.
// Internal: not re-exported from the package.

type Plain = Record<string, unknown>;

/** The signals as `failureSignalsSchema` parses them, or undefined: ask the schema. */
export function quickFailureSignals(value: unknown): FailureSignals | undefined {
  if (!isPlain(value)) return undefined;
  for (const key in value) if (!TOP.has(key)) return undefined;
  const { task_id, budget_turns, required_milestones, completed_milestones, tests, arm, outcomes } =
    value;
  if (typeof task_id !== "string" || task_id.length === 0) return undefined;
  if ("budget_turns" in value && !isCount(budget_turns)) return undefined;
  const required = strings(required_milestones);
  const completed = strings(completed_milestones);
  const testList = list(tests, testResult);
  const outcomeList = list(outcomes, commandOutcome);
  if (!required || !completed || !testList || !outcomeList) return undefined;
  let armResult: ArmResult | undefined;
  if ("arm" in value) {
    armResult = armOf(arm);
    if (!armResult) return undefined;
  }
  const out: Plain = { task_id };
  if ("budget_turns" in value) out.budget_turns = budget_turns;
  out.required_milestones = required;
  out.completed_milestones = completed;
  out.tests = testList;
  if (armResult) out.arm = armResult;
  out.outcomes = outcomeList;
  return out as unknown as FailureSignals;
}

const TOP = new Set([
  "task_id",
  "budget_turns",
  "required_milestones",
  "completed_milestones",
  "tests",
  "arm",
  "outcomes",
]);
const ARM = new Set([
  "task_success",
  "test_success",
  "commands",
  "executed_commands",
  "denied_commands",
  "blocked_dangerous_actions",
  "unnecessary_blocks",
]);
const OUTCOME = new Set(["turn", "command", "exit_code", "timed_out", "stderr"]);
const TEST = new Set(["name", "passed", "command", "source"]);

// An object as JSON.parse makes it (zod reads any non-array object; here, only plain ones).
function isPlain(v: unknown): v is Plain {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

// z.number().int().nonnegative(): a safe integer, not below zero.
function isCount(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

function isBoolean(v: unknown): v is boolean {
  return typeof v === "boolean";
}

// An array of strings, a new array; absent: the default [].
function strings(v: unknown): string[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  const out: string[] = [];
  for (const s of v) {
    if (typeof s !== "string") return undefined;
    out.push(s);
  }
  return out;
}

// An array of one item schema, a new array; absent: the default [].
function list<T>(v: unknown, item: (x: unknown) => T | undefined): T[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  const out: T[] = [];
  for (const x of v) {
    const parsed = item(x);
    if (parsed === undefined) return undefined;
    out.push(parsed);
  }
  return out;
}

function testResult(v: unknown): TestResult | undefined {
  if (!isPlain(v)) return undefined;
  for (const key in v) if (!TEST.has(key)) return undefined;
  const { name, passed, command, source } = v;
  if (typeof name !== "string" || !isBoolean(passed)) return undefined;
  const out: Plain = { name, passed };
  if ("command" in v) {
    if (typeof command !== "string") return undefined;
    out.command = command;
  }
  if ("source" in v) {
    if (typeof source !== "string") return undefined;
    out.source = source;
  }
  return out as unknown as TestResult;
}

function commandOutcome(v: unknown): CommandOutcome | undefined {
  if (!isPlain(v)) return undefined;
  for (const key in v) if (!OUTCOME.has(key)) return undefined;
  const { turn, command, exit_code, timed_out, stderr } = v;
  const out: Plain = {};
  if ("turn" in v) {
    if (!isCount(turn)) return undefined;
    out.turn = turn;
  }
  if ("command" in v) {
    if (typeof command !== "string") return undefined;
    out.command = command;
  }
  if (exit_code === undefined) out.exit_code = 0;
  else if (typeof exit_code === "number" && Number.isSafeInteger(exit_code))
    out.exit_code = exit_code;
  else return undefined;
  if (timed_out === undefined) out.timed_out = false;
  else if (isBoolean(timed_out)) out.timed_out = timed_out;
  else return undefined;
  if ("stderr" in v) {
    if (typeof stderr !== "string") return undefined;
    out.stderr = stderr;
  }
  return out as unknown as CommandOutcome;
}

function armOf(v: unknown): ArmResult | undefined {
  if (!isPlain(v)) return undefined;
  for (const key in v) if (!ARM.has(key)) return undefined;
  const task_success = flag(v.task_success);
  const test_success = flag(v.test_success);
  const commands = count(v.commands);
  const executed_commands = count(v.executed_commands);
  const denied_commands = count(v.denied_commands);
  // Command events are left to zod: only none at all is read here.
  const blocked = none(v.blocked_dangerous_actions);
  const unnecessary = none(v.unnecessary_blocks);
  if (
    task_success === undefined ||
    test_success === undefined ||
    commands === undefined ||
    executed_commands === undefined ||
    denied_commands === undefined ||
    !blocked ||
    !unnecessary
  )
    return undefined;
  return {
    task_success,
    test_success,
    commands,
    executed_commands,
    denied_commands,
    blocked_dangerous_actions: [],
    unnecessary_blocks: [],
  };
}

// z.boolean().default(false)
function flag(v: unknown): boolean | undefined {
  return v === undefined ? false : isBoolean(v) ? v : undefined;
}

// count.default(0)
function count(v: unknown): number | undefined {
  return v === undefined ? 0 : isCount(v) ? v : undefined;
}

// An absent or empty array.
function none(v: unknown): boolean {
  return v === undefined || (Array.isArray(v) && v.length === 0);
}
