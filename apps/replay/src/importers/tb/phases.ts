import type { EvidenceLine } from "@fak/taxonomy";
import { NOT_STARTED, PROVIDER_FAILURE } from "../agent-cli-lines.js";
import { CONTEXT_OVERFLOW } from "../budget.js";

// The phases of a tb agent session (sessions/agent.log): tb types the agent's install script,
// then the agent's own command; the agent works in steps and says when it is done. Read line by
// line beside the return-code parser, so the log is scanned once.

const INSTALL_START = /install-agent\.sh/;
const INSTALL_DONE = /^\s*INSTALL_SUCCESS\s*$/;
const PROMPT = /^\S*@[\w.-]+:[^#$\n]*[#$] ?(.*)$/;
const INSTALL_FAILURE =
  /error|externally.managed|no matching distribution|could not find a version|failed|not found|permission denied|unable to/i;
const SUBMIT = /^\s*echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\s*$/;
const HARNESS_TESTS = /bash \/tests\/run-tests\.sh/;
const STEP = /\(step (\d+)\b/;
/** Install-log failure lines kept for the rules. */
const MAX_INSTALL_LINES = 60;
/** Fewer steps than this before tb cut the session off: the install used up the agent's time. */
export const BARELY_RAN_STEPS = 5;

export interface TbPhases {
  /** The agent never got to work: its command was not found. */
  notStarted?: EvidenceLine;
  /** Failure lines of the agent's install. */
  installFailures: EvidenceLine[];
  steps: number;
  submitted: boolean;
  /** tb typed the tests into the agent's session while the agent was still at work. */
  cutOff?: EvidenceLine;
  contextOverflow?: EvidenceLine;
  /** The provider refused the agent, and the agent did nothing after (the session ended on it). */
  providerFailure?: EvidenceLine;
}

export class PhaseTracker {
  private readonly file: string;
  private phase: "before" | "install" | "launch" | "agent" = "before";
  private readonly phases: TbPhases = { installFailures: [], steps: 0, submitted: false };

  constructor(file = "sessions/agent.log") {
    this.file = file;
  }

  /** One line of the log (ANSI already stripped), with its 1-based number. */
  push(line: string, n: number): void {
    const text = line.trim();
    const ev = (): EvidenceLine => ({ file: this.file, line: n, text: text.slice(0, 400) });
    // In any phase: an agent CLI that talks to its provider while it installs or starts too.
    // A later step or command means the agent went on after the provider's refusal.
    if (PROVIDER_FAILURE.test(text)) this.phases.providerFailure = ev();
    else if (this.phases.providerFailure && (STEP.test(text) || PROMPT.exec(text)?.[1]?.trim()))
      delete this.phases.providerFailure;
    if (this.phase === "before" && INSTALL_START.test(text)) {
      this.phase = "install";
      return;
    }
    if (this.phase === "install") {
      if (INSTALL_DONE.test(text)) this.phase = "launch";
      else if (INSTALL_FAILURE.test(text) && this.phases.installFailures.length < MAX_INSTALL_LINES)
        this.phases.installFailures.push(ev());
      return;
    }
    if (this.phase === "launch") {
      const prompt = PROMPT.exec(text);
      if (prompt?.[1]?.trim()) {
        this.phase = "agent";
      }
      return;
    }
    if (this.phase !== "agent") return;
    if (!this.phases.notStarted && this.phases.steps === 0 && NOT_STARTED.test(text)) {
      this.phases.notStarted = ev();
      return;
    }
    const step = STEP.exec(text);
    if (step?.[1] !== undefined) this.phases.steps = Math.max(this.phases.steps, Number(step[1]));
    if (SUBMIT.test(text)) this.phases.submitted = true;
    if (!this.phases.cutOff && !this.phases.submitted && HARNESS_TESTS.test(text))
      this.phases.cutOff = ev();
    if (!this.phases.contextOverflow && CONTEXT_OVERFLOW.test(text))
      this.phases.contextOverflow = ev();
  }

  finish(): TbPhases {
    return this.phases;
  }
}
