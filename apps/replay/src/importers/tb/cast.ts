import { readOptional } from "../../files/fs-safe.js";
import { terminalText } from "../terminal-text.js";
import type { NumberedText } from "../verifier-output.js";
import {
  AGENT_LOG_MAX_BYTES,
  type AgentLogReading,
  newlineSplit,
  parseSession,
  readCapped,
} from "./agent-log.js";

// An asciinema recording (sessions/agent.cast): a JSON header line, then one JSON event per
// line, `[seconds, "o", text]` for what the terminal printed. Some runs keep only these: the
// output events joined are the same terminal text agent.log would hold.

/**
 * Read an agent's session from its asciinema recording: the output events, joined and split
 * into lines, parsed as agent.log is; each line is numbered by the recording line where it began.
 * A line that is not a JSON event (a damaged or cut recording) is passed over.
 * @example const { outcomes } = await readAgentCast("run/task/t.1-of-1.run/sessions/agent.cast");
 */
export async function readAgentCast(
  file: string,
  maxBytes = AGENT_LOG_MAX_BYTES,
): Promise<AgentLogReading> {
  return readCapped(file, maxBytes, (stream) =>
    parseSession(castLines(newlineSplit(stream)), "sessions/agent.cast"),
  );
}

/** The printed text of a recording's lines, split at \n, each with its recording line number. */
export async function* castLines(
  lines: AsyncIterable<string>,
): AsyncGenerator<{ text: string; line: number }> {
  let n = 0;
  let pending = "";
  let pendingLine = 0;
  for await (const raw of lines) {
    n++;
    const data = outputOf(raw);
    if (data === undefined) continue;
    const parts = (pending + data).split("\n");
    pending = parts.pop() ?? "";
    for (const [i, text] of parts.entries()) yield { text, line: (i === 0 && pendingLine) || n };
    if (pending === "") pendingLine = 0;
    else if (parts.length > 0 || !pendingLine) pendingLine = n;
  }
  if (pending !== "") yield { text: pending, line: pendingLine || n };
}

/** The text of one output event (`[time, "o", text]`); undefined for the header and other events. */
function outputOf(raw: string): string | undefined {
  const line = raw.trim();
  if (!line.startsWith("[")) return undefined;
  try {
    const ev: unknown = JSON.parse(line);
    if (Array.isArray(ev) && ev[1] === "o" && typeof ev[2] === "string") return ev[2];
  } catch {
    return undefined;
  }
  return undefined;
}

/** How much of a recording read as evidence is kept: its tail, as the verifier output's is. */
const CAST_TEXT_BYTES = 8 * 1024 * 1024;

/**
 * A recording's printed text as evidence (a run that kept sessions/tests.cast but no tests.log):
 * its output events joined, without line numbers (a recording's lines are not the text's).
 * Undefined when the file is absent.
 * @example await readCastText("run/t/t.1-of-1.r", "sessions/tests.cast")
 */
export async function readCastText(
  trialDir: string,
  rel: string,
): Promise<NumberedText | undefined> {
  const read = await readOptional(`${trialDir}/${rel}`, { maxBytes: CAST_TEXT_BYTES, tail: true });
  if (!read) return undefined;
  async function* lines() {
    yield* read?.text.split("\n") ?? [];
  }
  const out: string[] = [];
  for await (const l of castLines(lines())) out.push(l.text);
  return { file: rel, text: terminalText(out.join("\n")) };
}
