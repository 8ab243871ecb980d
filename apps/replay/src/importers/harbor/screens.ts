import type { ScreenSignal } from "@fak/taxonomy";
import { terminalText } from "../terminal-text.js";
import { commandOf, stepIdLines, textOf } from "./trajectory.js";

// terminus-2 records keystrokes and the terminal they produced, never an exit code. Each
// observation is the screen after a batch of keystrokes; its shell prompts split it into one
// segment per command, and the outcome rules read each segment as that command's output.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

const PROMPT = /^(?:\([^)]*\)\s*)?\S+@[\w.-]+:[^#$\n]*[#$] ?(.*)$/;
/** Most of one segment kept: the tail, where the error is. */
const SEGMENT_TAIL = 4096;

export interface TrajectoryEnd {
  screens: ScreenSignal[];
  /** Agent steps (model turns). */
  steps: number;
  /** The agent's last turn said the task is complete. */
  submitted: boolean;
  /** The agent's last step ran shell commands only (no done call, no submit command). */
  midWork?: boolean;
  /** The agent's last message, for people. */
  last?: { text: string; step: number };
}

/**
 * A terminal screen split at its shell prompts: one segment per command, with its output.
 * @example screenSegments("root@h:/app# make\nmake: *** [all] Error 2")[0] // { command: "make", text: "make: ..." }
 */
export function screenSegments(screen: string): { command: string; text: string }[] {
  const out: { command: string; text: string }[] = [];
  let current: { command: string; lines: string[] } | undefined;
  for (const line of terminalText(screen).split("\n")) {
    const p = PROMPT.exec(line);
    if (p) {
      if (current) out.push({ command: current.command, text: current.lines.join("\n") });
      current = { command: (p[1] ?? "").trim(), lines: [] };
    } else current?.lines.push(line);
  }
  if (current) out.push({ command: current.command, text: current.lines.join("\n") });
  return out.filter((s) => s.command !== "");
}

function said(step: Json): string {
  const msg = typeof step.message === "string" ? step.message : (textOf(step.message) ?? "");
  return msg;
}

/**
 * Screens, steps and the end state of an ATIF trajectory whose tool results carry no exit code.
 * @example screensOf(JSON.parse(raw), raw, "agent/trajectory.json").screens[0].command // "make"
 */
export function screensOf(doc: unknown, raw: string, file: string): TrajectoryEnd {
  const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps.filter(isObj) : [];
  const lines = stepIdLines(raw);
  const end: TrajectoryEnd = { screens: [], steps: 0, submitted: false };
  for (const step of steps) {
    if (step.source !== "agent") continue;
    // A subagent's steps (Claude Code's sidechain, merged in by Harbor's converter) are not the
    // agent's own turns.
    if (isObj(step.extra) && step.extra.is_sidechain === true) continue;
    end.steps++;
    const id = typeof step.step_id === "number" ? step.step_id : end.steps;
    const message = said(step);
    if (message.trim()) end.last = { text: message, step: id };
    end.submitted = /"task_complete"\s*:\s*true/.test(message) || isComplete(step);
    const calls = Array.isArray(step.tool_calls) ? step.tool_calls.filter(isObj) : [];
    end.midWork = !end.submitted && calls.length > 0 && calls.every(runsCommand);
    const results =
      isObj(step.observation) && Array.isArray(step.observation.results)
        ? step.observation.results.filter(isObj)
        : [];
    for (const r of results) {
      const content = textOf(r.content);
      if (!content) continue;
      for (const seg of screenSegments(content)) {
        const screen: ScreenSignal = {
          turn: id,
          command: seg.command.slice(0, 2000),
          text: seg.text.length > SEGMENT_TAIL ? seg.text.slice(-SEGMENT_TAIL) : seg.text,
          file,
        };
        const line = lines.get(id);
        if (line) screen.line = line;
        end.screens.push(screen);
      }
    }
  }
  return end;
}

/** Tool calls by which agents say they are done (terminus, OpenHands, trae-agent, swe-agent …). */
const DONE_CALL =
  /^(?:mark_task_complete|task_complete|finish|task_done|submit|attempt_completion)$/i;
/** Shell commands by which agents submit (mini-swe-agent's, swe-agent's). */
const DONE_COMMAND =
  /\bCOMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\b|MINI_SWE_AGENT_FINAL_OUTPUT|^\s*submit\s*$/;

function isComplete(step: Json): boolean {
  const calls = Array.isArray(step.tool_calls) ? step.tool_calls.filter(isObj) : [];
  return calls.some(
    (c) =>
      DONE_CALL.test(String(c.function_name ?? "")) ||
      DONE_COMMAND.test(commandOf(c.arguments) ?? ""),
  );
}

/** A call that runs a shell command (not a call that says the agent is done). */
function runsCommand(call: Json): boolean {
  const command = commandOf(call.arguments);
  return command !== undefined && !DONE_COMMAND.test(command);
}
