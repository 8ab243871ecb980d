import { join } from "node:path";
import type { CommandOutcome, ScreenSignal } from "@fak/taxonomy";
import { noted, readOptional } from "../../files/fs-safe.js";
import { makeOutcome, STDERR_TAIL_BYTES, tailOf } from "../outcomes.js";
import { readNumbered } from "../verifier-output.js";

// Harbor's oracle agent runs the task's reference solution (solve.sh) as one command, its output
// in agent/oracle.txt; Harbor 0.22 adds agent/exit-code.txt when that command exited non-zero
// (agents/oracle.py), older versions write no exit code. The solution's output is the oracle's
// only record of its work: with an exit code it is one command outcome; without one it is read
// as a screen (a failure shows only where an outcome rule matches a line, as for terminus-2).

/** The oracle's log, named by Harbor's OracleAgent. */
const ORACLE_LOG = "oracle.txt";
/** Lines of the end of a log without an exit code that are read for how the script ended. */
const SCREEN_LINES = 6;
/** What the oracle ran (Harbor builds the command from the task's solution script). */
const ORACLE_COMMAND = "bash solution/solve.sh";

/** The oracle's run as an outcome (exit code known) or a screen (no exit code), or nothing. */
export interface OracleRead {
  outcome?: CommandOutcome;
  screen?: ScreenSignal;
}

/**
 * The reference solution's run from `agent/oracle.txt` (and `agent/exit-code.txt`); `rel` is the
 * agent folder relative to the trial folder (`agent`, or a step's `steps/NAME/agent`).
 * @example await readOracleLog("job/t__1", "agent", notes) // { outcome: { exit_code: 1, ... } }
 */
export async function readOracleLog(
  trialDir: string,
  rel: string,
  notes: string[],
): Promise<OracleRead> {
  const logRel = `${rel}/${ORACLE_LOG}`;
  const log = await noted(notes, () => readNumbered(trialDir, logRel));
  if (!log) return {};
  const code = await noted(notes, () =>
    readOptional(join(trialDir, rel, "exit-code.txt"), { maxBytes: 64 }),
  );
  const exit = code?.text.trim() ? Number(code.text.trim()) : Number.NaN;
  const whole = log.text.replace(/\n+$/, "");
  const tail = tailOf(whole, STDERR_TAIL_BYTES);
  // The tail's first line in the file (only when the file was read whole: line numbers exact).
  const start =
    log.first === undefined
      ? undefined
      : log.first + whole.split("\n").length - tail.split("\n").length;
  if (Number.isInteger(exit))
    return {
      outcome: makeOutcome({
        turn: 0,
        command: ORACLE_COMMAND,
        exitCode: exit,
        output: tail,
        source: { file: logRel, ...(start !== undefined ? { output_line: start } : {}) },
      }),
    };
  // No exit code: Harbor 0.22 writes none for a run that exited 0, older versions never do. Only
  // the last lines say how the script ended (a script that stopped at an error prints it last;
  // an error it got past is followed by more work).
  const lastLines = tail.split("\n").slice(-SCREEN_LINES).join("\n");
  if (!lastLines.trim()) return {};
  const screen: ScreenSignal = { turn: 0, command: ORACLE_COMMAND, text: lastLines, file: logRel };
  if (start !== undefined)
    screen.output_line = start + tail.split("\n").length - lastLines.split("\n").length;
  return { screen };
}
