import type { CommandOutcome } from "@fak/taxonomy";
import { exitCodeInText, makeOutcome } from "../outcomes.js";
import { statedPlan } from "../stated-plan.js";

// ATIF (Harbor's Agent Trajectory Interchange Format): steps with tool_calls and an
// observation whose results point back at a call (source_call_id). Exit codes are where the
// agent left them: in an `extra` object (tool_metadata and kin) or written into the result
// text. terminus-2 sends keystrokes and reads the screen: no exit codes, so no outcomes.

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const EXIT_KEYS = ["exit_code", "exitCode", "returncode", "return_code", "exit_status"];
const TIMEOUT_KEYS = ["timed_out", "timedOut", "timeout"];

/**
 * The command outcomes of an ATIF trajectory: one per tool call whose exit code is known.
 * @example outcomesFromTrajectory(JSON.parse(text)) // [{ turn: 2, command: "make", exit_code: 2, ... }]
 */
export function outcomesFromTrajectory(
  doc: unknown,
  raw?: string,
  file = "agent/trajectory.json",
): CommandOutcome[] {
  const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps : [];
  const out: CommandOutcome[] = [];
  const lines = raw === undefined ? undefined : stepIdLines(raw);
  steps.forEach((step, index) => {
    if (!isObj(step) || !Array.isArray(step.tool_calls)) return;
    const turn = typeof step.step_id === "number" ? step.step_id : index + 1;
    const calls = step.tool_calls.filter(isObj);
    const results =
      isObj(step.observation) && Array.isArray(step.observation.results)
        ? step.observation.results.filter(isObj)
        : [];
    calls.forEach((call, i) => {
      const command = commandOf(call.arguments);
      if (command === undefined) return;
      const result =
        results.find(
          (r) => r.source_call_id !== undefined && r.source_call_id === call.tool_call_id,
        ) ?? (results.length === calls.length ? results[i] : undefined);
      const content = textOf(result?.content);
      const exit =
        findNumber([result?.extra, step.extra, call.extra], EXIT_KEYS) ??
        (content ? exitCodeInText(content) : undefined);
      if (exit === undefined) return;
      const timedOut = findBoolean([result?.extra, step.extra, call.extra], TIMEOUT_KEYS) ?? false;
      const line = lines?.get(turn);
      out.push(
        makeOutcome({
          turn,
          command,
          exitCode: exit,
          timedOut,
          output: content,
          source: { file, line },
        }),
      );
    });
  });
  return out;
}

/**
 * How many commands the agent issued in a trajectory, known exit code or not (terminus-2's
 * keystrokes count too): the arm's command count.
 * @example commandsInTrajectory({ steps: [{ tool_calls: [{ arguments: { keystrokes: "ls\n" } }] }] }) // 1
 */
export function commandsInTrajectory(doc: unknown): number {
  const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps : [];
  let n = 0;
  for (const step of steps) {
    if (!isObj(step) || !Array.isArray(step.tool_calls)) continue;
    for (const call of step.tool_calls)
      if (isObj(call) && commandOf(call.arguments) !== undefined) n++;
  }
  return n;
}

/**
 * The plan the agent stated in an ATIF trajectory: its steps' messages (the reasoning where a
 * step has no message), read by `statedPlan`.
 * @example planFromTrajectory({ steps: [{ source: "agent", message: "Plan: bisect the history" }] }) // "bisect the history"
 */
export function planFromTrajectory(doc: unknown): string | undefined {
  const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps : [];
  const said = steps.filter(isObj).flatMap((step) => {
    if (step.source !== undefined && step.source !== "agent") return [];
    const text = [step.message, step.reasoning_content].find(
      (t): t is string => typeof t === "string" && t.trim() !== "",
    );
    return text === undefined ? [] : [{ text }];
  });
  return statedPlan(said);
}

/** The shell command a tool call's arguments run (a string, or codex's argv), if any. */
export function commandOf(args: unknown): string | undefined {
  const a = typeof args === "string" ? safeParse(args) : args;
  if (!isObj(a)) return undefined;
  for (const key of ["command", "cmd", "keystrokes", "script"]) {
    const v = a[key];
    if (typeof v === "string" && v.trim() !== "") return v;
    // codex's shell tool passes argv: `["bash", "-lc", "make test"]` runs its last word.
    if (Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === "string")) {
      const argv = v as string[];
      const shell = argv.length === 3 && /^(?:ba|z|da)?sh$/.test(argv[0]!.split("/").pop()!);
      const line = shell && /^-l?c$/.test(argv[1]!) ? argv[2]! : argv.join(" ");
      if (line.trim() !== "") return line;
    }
  }
  return undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Result text: a string, or the text parts of a content list. */
export function textOf(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const parts = content
    .map((p) => (isObj(p) && typeof p.text === "string" ? p.text : ""))
    .filter(Boolean);
  return parts.length ? parts.join("\n") : undefined;
}

/** A number under one of `keys`, searched breadth-first two levels into each object. */
function findNumber(objs: unknown[], keys: string[]): number | undefined {
  const v = findValue(objs, keys, (x) => typeof x === "number" && Number.isInteger(x));
  return v as number | undefined;
}

function findBoolean(objs: unknown[], keys: string[]): boolean | undefined {
  return findValue(objs, keys, (x) => typeof x === "boolean") as boolean | undefined;
}

function findValue(objs: unknown[], keys: string[], ok: (v: unknown) => boolean): unknown {
  let level = objs.filter(isObj);
  for (let depth = 0; depth < 3 && level.length; depth++) {
    for (const o of level) {
      for (const k of keys) if (ok(o[k])) return o[k];
    }
    level = level.flatMap((o) => Object.values(o).filter(isObj));
  }
  return undefined;
}

/**
 * Line numbers of each `"step_id": N` in a trajectory's raw text, so an outcome can name its line.
 * @example stepIdLines('{\n "steps": [\n  {"step_id": 1}]}').get(1) // 3
 */
export function stepIdLines(raw: string): Map<number, number> {
  const lines = new Map<number, number>();
  const re = /"step_id"\s*:\s*(\d+)/g;
  let line = 1;
  let last = 0;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    for (let i = last; i < m.index; i++) if (raw.charCodeAt(i) === 10) line++;
    last = m.index;
    const id = Number(m[1]);
    if (!lines.has(id)) lines.set(id, line);
  }
  return lines;
}
