import { join } from "node:path";
import type { CommandOutcome } from "@fak/taxonomy";
import { listSubdirs, noted, readOptional } from "../../files/fs-safe.js";
import { makeOutcome, STDERR_TAIL_BYTES } from "../outcomes.js";

// Harbor's installed agents leave agent/command-N/ folders: command.txt, return-code.txt,
// stdout.txt, stderr.txt. Only the tails of the outputs are read.

const SMALL = 64 * 1024;

/**
 * Outcomes from `agent/command-N/` folders, in N order; a folder without a readable
 * return code is left out (its exit is unknown, and a guess would be a lie).
 * @example await readCommandDirs("job/trial/agent", notes) // [{ turn: 0, command: "claude ...", exit_code: 1 }]
 */
export async function readCommandDirs(
  agentDir: string,
  notes: string[],
  rel = "agent",
): Promise<CommandOutcome[]> {
  const dirs = (await listSubdirs(agentDir)).dirs
    .map((name) => ({ name, n: /^command-(\d+)$/.exec(name)?.[1] }))
    .filter((e): e is { name: string; n: string } => e.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n));
  const out: CommandOutcome[] = [];
  for (const { name, n } of dirs) {
    const dir = join(agentDir, name);
    const code = await noted(notes, () =>
      readOptional(join(dir, "return-code.txt"), { maxBytes: 64 }),
    );
    const exit = code ? Number.parseInt(code.text.trim(), 10) : Number.NaN;
    if (!Number.isInteger(exit)) continue;
    const command = await noted(notes, () =>
      readOptional(join(dir, "command.txt"), { maxBytes: SMALL, tail: true }),
    );
    let output: string | undefined;
    if (exit !== 0) {
      const tail = { maxBytes: STDERR_TAIL_BYTES, tail: true };
      const stderr = await noted(notes, () => readOptional(join(dir, "stderr.txt"), tail));
      const stdout = stderr?.text.trim()
        ? undefined
        : await noted(notes, () => readOptional(join(dir, "stdout.txt"), tail));
      output = stderr?.text.trim() ? stderr.text : stdout?.text;
    }
    out.push(
      makeOutcome({
        turn: Number(n),
        command: command?.text,
        exitCode: exit,
        output,
        source: { file: `${rel}/${name}/${exit !== 0 ? "stderr.txt" : "command.txt"}` },
      }),
    );
  }
  return out;
}
