import { join } from "node:path";
import type { EvidenceLine } from "@fak/taxonomy";
import { listDir, noted } from "../../files/fs-safe.js";
import { NOT_STARTED, PROVIDER_FAILURE } from "../agent-cli-lines.js";
import { readNumbered } from "../verifier-output.js";

// Harbor's installed agents (claude-code, codex, gemini-cli, goose, pi …) run one command-line
// program whose output Harbor keeps as agent/<name>.txt (or .jsonl): plain text, or the CLI's JSON events one
// a line (codex `--json`, claude-code `stream-json`). How that log ENDS says whether the agent
// could work at all: the shell could not find the agent's program, or the CLI's own last event is
// an error from the model provider (a refused key, a model it may not use, a quota).
//
// Only the agent's own log is read (named for the agent: `codex.txt` for `codex`, or for
// `team-claude-code`), never another file the agent could write beside it (agent/ is mounted into
// its container). Only the CLI's own words count: a JSON error event (`type` "error" or
// "turn.failed", a `result` with `is_error`) in a log that is JSON events from its first line
// (the model's words are strings inside events, never a line of their own); in a plain-text log,
// the shell's "command not found" ending a short log, or an error line (which the caller takes
// only beside no failing test).

/** A plain-text log longer than this did more than fail to start. */
const SHORT_LOG_LINES = 40;

/** How the agent's command-line program ended, when it ended without working. */
export interface AgentCliEnd {
  /** The shell could not start the agent's program (the last line of a short plain log). */
  notStarted?: EvidenceLine;
  /** The CLI's last event was an error, in its own words (for the harness-cause rules). */
  error?: EvidenceLine;
  /** The error is a JSON error event of a JSON-events log (the model's words cannot be one). */
  event?: boolean;
}

/**
 * The end of the installed agent's own log (agent/<name>.txt), read from its last non-blank line.
 * @example await readAgentCliLog("job/t__1", "agent", "codex", notes) // { error: { file: "agent/codex.txt", line: 9, text: "unexpected status 401 …" }, event: true }
 */
export async function readAgentCliLog(
  trialDir: string,
  agentRel: string,
  agentName: string | undefined,
  notes: string[],
): Promise<AgentCliEnd> {
  if (!agentName) return {};
  const own = (await listDir(join(trialDir, agentRel))).find((e) => {
    const base = LOG_NAME.exec(e.name)?.[1];
    return e.isFile() && base !== undefined && namesAgent(base, agentName);
  });
  if (!own) return {};
  const read = await noted(notes, () => readNumbered(trialDir, `${agentRel}/${own.name}`));
  if (!read) return {};
  const lines = read.text.split("\n");
  let i = lines.length - 1;
  while (i >= 0 && !lines[i]?.trim()) i--;
  if (i < 0) return {};
  const text = lines[i]!.trim();
  const at = (t: string): EvidenceLine => ({
    file: read.file,
    text: t.slice(0, 500),
    ...(read.first !== undefined ? { line: read.first + i } : {}),
  });
  const first = lines.find((l) => l.trim())?.trim() ?? "";
  // A JSON-events log, read whole from its first event: its last event decides.
  if (read.first !== undefined && eventType(first) !== undefined) {
    const message = errorEvent(text);
    return message ? { error: at(message), event: true } : {};
  }
  if (NOT_STARTED.test(text) && lines.filter((l) => l.trim()).length <= SHORT_LOG_LINES)
    return { notStarted: at(text) };
  if (PROVIDER_FAILURE.test(text)) return { error: at(text) };
  return {};
}

/**
 * The name of an agent's own output log, as Harbor's installed agents write it: `codex.txt`,
 * `nemo-agent-output.txt`, `deerflow.jsonl`, `openhands_sdk.txt` (for `openhands-sdk`).
 */
const LOG_NAME = /^(.+?)(?:[-_]output)?\.(?:txt|log|jsonl)$/i;

/** A log named for the agent: `codex` for `codex`, `claude-code` for `team-claude-code`; `_` reads as `-`. */
function namesAgent(base: string, agent: string): boolean {
  const a = agent.toLowerCase().replaceAll("_", "-");
  const b = base.toLowerCase().replaceAll("_", "-");
  return b.length > 1 && (a === b || a.endsWith(`-${b}`));
}

function parse(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const doc: unknown = JSON.parse(line);
    return isRecord(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** The `type` of a CLI's JSON event line, or undefined when the line is not one. */
function eventType(line: string): string | undefined {
  const doc = parse(line);
  return typeof doc?.type === "string" ? doc.type : undefined;
}

/** The message of a CLI's JSON error event (`{"type":"error"}`, `turn.failed`, an `is_error` result). */
function errorEvent(line: string): string | undefined {
  const doc = parse(line);
  if (!doc) return undefined;
  const type = eventType(line) ?? "";
  const isError =
    type === "error" || type === "turn.failed" || (type === "result" && doc.is_error === true);
  if (!isError) return undefined;
  const error = isRecord(doc.error) ? doc.error.message : doc.error;
  for (const m of [error, doc.message, doc.result])
    if (typeof m === "string" && m.trim()) return m.trim();
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
