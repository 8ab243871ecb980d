import { constants } from "node:fs";
import { open } from "node:fs/promises";
import type { CommandOutcome } from "@fak/taxonomy";
import { UnreadableFileError } from "../../files/fs-safe.js";
import { makeOutcome, STDERR_TAIL_BYTES } from "../outcomes.js";
import { statedPlan } from "../stated-plan.js";
import { terminalText } from "../terminal-text.js";
import { PhaseTracker, type TbPhases } from "./phases.js";

// sessions/agent.log is the raw tmux log of the agent's pane. Agents that log their tool
// results as `<returncode>N</returncode>` followed by `<output>...</output>` (mini-swe-agent)
// give exit codes; the command is the last ```bash block the agent wrote before it.
// The log is streamed line by line with a byte cap, so a huge log never sits in memory.

/** How much of an agent.log is scanned at most. */
export const AGENT_LOG_MAX_BYTES = 256 * 1024 * 1024;

const STEP = /\(step (\d+)\b/;
const RETURN_CODE = /<returncode>\s*(-?\d+)\s*<\/returncode>/;
const OUTPUT_END = /^<\/output(?:_tail)?>\s*$|^─{10,}/;

/** What an agent's session log gave: its outcomes, phases and stated plan. */
export interface AgentLogReading {
  outcomes: CommandOutcome[];
  phases: TbPhases;
  /** The file was longer than the cap: only its first part was scanned. */
  truncated: boolean;
  plan?: string;
}

/**
 * The outcomes a tb agent logged in its pane, the plan its THOUGHT sections state, and whether
 * the log was longer than the cap.
 * @example const { outcomes } = await readAgentLog("run/task/task.1-of-1.run/sessions/agent.log");
 */
export async function readAgentLog(
  file: string,
  maxBytes = AGENT_LOG_MAX_BYTES,
): Promise<AgentLogReading> {
  return readCapped(file, maxBytes, async (stream) => {
    let n = 0;
    const numbered = async function* () {
      // Lines end at \n only (a terminal log is full of lone \r), so numbers match the file's.
      for await (const line of newlineSplit(stream)) yield { text: line, line: ++n };
    };
    return parseSession(numbered(), "sessions/agent.log");
  });
}

/**
 * Open a session file without following a symlink and hand its first `maxBytes` bytes, as a
 * UTF-8 stream, to `parse`; `truncated` says whether the file was longer.
 */
export async function readCapped(
  file: string,
  maxBytes: number,
  parse: (stream: AsyncIterable<string | Buffer>) => Promise<Omit<AgentLogReading, "truncated">>,
): Promise<AgentLogReading> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new UnreadableFileError("FAK_MISSING", file, "missing");
    if (code === "ELOOP")
      throw new UnreadableFileError("FAK_SYMLINK", file, "is a symlink (not followed)");
    throw new UnreadableFileError("FAK_IO", file, code ?? "unreadable");
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnreadableFileError("FAK_NOT_FILE", file, "not a regular file");
    const stream = handle.createReadStream({
      encoding: "utf8",
      start: 0,
      end: maxBytes - 1,
      autoClose: false,
    });
    return { ...(await parse(stream)), truncated: info.size > maxBytes };
  } finally {
    await handle.close();
  }
}

/**
 * Parse an agent's terminal text, line by line, each with the line number of the file it came
 * from (for a recording, the line of the event that ended it).
 */
export async function parseSession(
  lines: AsyncIterable<{ text: string; line: number }>,
  file: string,
): Promise<Omit<AgentLogReading, "truncated">> {
  const parser = new ReturnCodeParser(file);
  const phases = new PhaseTracker(file);
  for await (const { text, line } of lines) {
    parser.push(text, line);
    phases.push(terminalText(text), line);
  }
  const outcomes = parser.finish();
  const plan = statedPlan(parser.thoughts.map((text) => ({ text })));
  return { outcomes, phases: phases.finish(), ...(plan === undefined ? {} : { plan }) };
}

/** The line-by-line state machine, apart from I/O so it can be tested on plain text. */
export class ReturnCodeParser {
  private readonly outcomes: CommandOutcome[] = [];
  /** The agent's THOUGHT sections (the first 50, 4 KB each), in order. */
  readonly thoughts: string[] = [];
  private thought: string[] | undefined;
  private inExample = false;
  private turn: number | undefined;
  private lineNo = 0;
  private readonly file: string;
  private block: string[] | undefined;
  private command: string | undefined;
  private open:
    | {
        exit: number;
        command: string | undefined;
        turn: number | undefined;
        out: string[];
        /** The log's line number of each kept output line. */
        lines: number[];
        size: number;
        line: number;
      }
    | undefined;

  constructor(file = "sessions/agent.log") {
    this.file = file;
  }

  /** One line of the log; `lineNo` is its line in the file (else the next line's number). */
  push(raw: string, lineNo?: number): void {
    this.lineNo = lineNo ?? this.lineNo + 1;
    const line = terminalText(raw);
    if (this.open) {
      if (!OUTPUT_END.test(line.trim())) {
        this.collect(line);
        return;
      }
      this.close();
    }
    const code = RETURN_CODE.exec(line);
    if (code?.[1] !== undefined) {
      this.open = {
        exit: Number(code[1]),
        command: this.command,
        turn: this.turn,
        out: [],
        lines: [],
        size: 0,
        line: this.lineNo,
      };
      this.command = undefined;
      return;
    }
    const step = STEP.exec(line);
    if (step?.[1] !== undefined && /mini-swe-agent|step \d+,/.test(line))
      this.turn = Number(step[1]);
    const trimmed = line.trim();
    this.readThought(trimmed);
    if (this.block) {
      if (trimmed === "```") {
        this.command = this.block.join("\n");
        this.block = undefined;
      } else this.block.push(line);
    } else if (/^```(?:bash|sh|shell)\s*$/.test(trimmed)) this.block = [];
  }

  // The agent's THOUGHT follows a spinner on the same line ("Waiting for the LM…THOUGHT: …");
  // the system prompt's <example_response> holds one too, which is not the agent's.
  private readThought(trimmed: string): void {
    if (trimmed.includes("<example_response>")) this.inExample = true;
    if (trimmed.includes("</example_response>")) {
      this.inExample = false;
      this.thought = undefined;
      return;
    }
    const at = trimmed.indexOf("THOUGHT:");
    if (at >= 0 && !this.inExample) {
      this.endThought();
      if (this.thoughts.length < 50) this.thought = [trimmed.slice(at)];
    } else if (this.thought) {
      if (trimmed.startsWith("```")) this.endThought();
      else if (this.thought.join("\n").length < 4096) this.thought.push(trimmed);
    }
  }

  private endThought(): void {
    if (this.thought) this.thoughts.push(this.thought.join("\n").slice(0, 4096));
    this.thought = undefined;
  }

  finish(): CommandOutcome[] {
    if (this.open) this.close();
    return this.outcomes;
  }

  private collect(line: string): void {
    const o = this.open;
    if (!o || line.trim() === "<output>") return;
    o.out.push(line);
    o.lines.push(this.lineNo);
    o.size += line.length + 1;
    while (o.size > STDERR_TAIL_BYTES && o.out.length > 1) {
      o.size -= (o.out.shift()?.length ?? 0) + 1;
      o.lines.shift();
    }
  }

  private close(): void {
    const o = this.open;
    this.open = undefined;
    if (!o) return;
    this.outcomes.push(
      makeOutcome({
        turn: o.turn,
        command: o.command,
        exitCode: o.exit,
        output: o.out.join("\n"),
        source: { file: this.file, line: o.line, output_line: o.lines[0] },
      }),
    );
  }
}

/** The lines of a text stream, split at \n only (a trailing \r is kept for the parser to strip). */
export async function* newlineSplit(
  stream: AsyncIterable<string | Buffer>,
): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of stream) {
    const text = rest + chunk.toString();
    const parts = text.split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest !== "") yield rest;
}
