import type { EvidenceLine } from "@fak/taxonomy";
import { noted } from "../../files/fs-safe.js";
import { readNumbered } from "../verifier-output.js";

// A trial whose exception was raised while Harbor set the agent up (Trial._setup_agent ->
// BaseInstalledAgent.setup -> install): the agent never got to work. Harbor records a plain
// NonZeroAgentExitCodeError (or whatever the install raised) whose message holds the install
// command's output; that output says why (a download that failed, a missing tool). A timeout
// there is Harbor's own AgentSetupTimeoutError, which its name already maps.

/** A Python exception line: `pkg.module.NameError: message` (or the name alone). */
export const EXCEPTION_LINE =
  /^(?:[A-Za-z_]\w{0,80}\.){0,12}[A-Za-z_]\w{0,80}(?:Error|Exception|Exit|Interrupt|Timeout)\w{0,40}(?::|$)/;

/** A traceback frame of the agent's set-up (Harbor's trial, or an installed agent's setup/install). */
const AGENT_SETUP_FRAME =
  /, in _setup_agent$|agents\/installed\/[\w./-]{1,200}\.py", line \d+, in (?:setup|install)$/m;
/**
 * Set-up exceptions that are about time (the harness-cause table maps them by name) or a run
 * that was cancelled (the harness stopped it, the set-up did not fail).
 */
const NOT_A_SETUP_FAILURE = /timeout|cancelled|keyboardinterrupt/i;
/** The most install-output lines kept for the outcome rules. */
const MAX_LOG_LINES = 60;
/** The last lines of the set-up command's own output (agent/setup/) read for the rules. */
const SETUP_TAIL_LINES = 40;

/** The agent's set-up failed: the trial's `setup` signal, from exception.txt. */
export interface AgentSetupFailure {
  ran: false;
  failure: EvidenceLine;
  log: EvidenceLine[];
}

/**
 * The agent's set-up failure exception.txt records, or undefined when its traceback does not run
 * through the agent's set-up (or the exception is a timeout).
 * @example await agentSetupFailure("job/t__1", notes) // { ran: false, failure: { file: "exception.txt", line: 18, ... }, log: [...] }
 */
export async function agentSetupFailure(
  dir: string,
  notes: string[],
): Promise<AgentSetupFailure | undefined> {
  const read = await noted(notes, () => readNumbered(dir, "exception.txt"));
  if (!read || !AGENT_SETUP_FRAME.test(read.text)) return undefined;
  const lines = read.text.split("\n");
  const at = lines.findLastIndex((l) => EXCEPTION_LINE.test(l));
  if (at < 0) return undefined;
  const head = lines[at]!.trim();
  if (NOT_A_SETUP_FAILURE.test(head.split(":")[0] ?? "")) return undefined;
  const line = (i: number, text: string): EvidenceLine => ({
    file: read.file,
    text: text.slice(0, 500),
    ...(read.first !== undefined ? { line: read.first + i } : {}),
  });
  const log: EvidenceLine[] = [];
  for (let i = at + 1; i < lines.length && log.length < MAX_LOG_LINES; i++) {
    const text = (lines[i] ?? "").replace(/^(?:stdout|stderr):\s?/, "").trim();
    if (text && text !== "None") log.push(line(i, text));
  }
  // Harbor's installed agents keep the set-up command's own output in agent/setup/.
  for (const rel of ["agent/setup/stderr.txt", "agent/setup/stdout.txt"]) {
    const out = await noted(notes, () => readNumbered(dir, rel));
    if (!out) continue;
    const outLines = out.text.split("\n");
    const from = Math.max(0, outLines.length - SETUP_TAIL_LINES);
    for (let i = from; i < outLines.length && log.length < MAX_LOG_LINES * 2; i++) {
      const text = (outLines[i] ?? "").trim();
      if (text)
        log.push({
          file: out.file,
          text: text.slice(0, 500),
          ...(out.first !== undefined ? { line: out.first + i } : {}),
        });
    }
  }
  return { ran: false, failure: line(at, head), log };
}
