import { join } from "node:path";
import type { EvidenceLine } from "@fak/taxonomy";
import { listDir, noted } from "../../files/fs-safe.js";
import { NOT_STARTED, PROVIDER_FAILURE } from "../agent-cli-lines.js";
import { readNumbered } from "../verifier-output.js";

// Harbor's installed agents (claude-code, codex, gemini-cli, goose, pi …) run one command-line
// program whose output Harbor keeps as agent/<name>.txt: plain text, or the CLI's JSON events one
// a line (codex `--json`, claude-code `stream-json`). How that log ENDS says whether the agent
// could work at all: the shell could not find the agent's program, or the CLI's own last event is
// an error from the model provider (a refused key, a model it may not use, a quota).
//
// Only the CLI's own words count: a JSON line counts when it is an error event (`type` "error"
// or "turn.failed", a `result` with `is_error`), never the model's messages inside other events;
// a plain line counts when it is the shell's "command not found" or an error line of the CLI.

/** Files under agent/ that are not an installed agent's log. */
const NOT_A_CLI_LOG = /^(?:oracle|exit-code|return-code|install|command)\b/i;

/** An installed agent writes one log; a folder with more reads only the first few, by name. */
const MAX_LOGS = 4;

/** How the agent's command-line program ended, when it ended without working. */
export interface AgentCliEnd {
  /** The shell could not start the agent's program. */
  notStarted?: EvidenceLine;
  /** The CLI's last event was an error, in its own words (for the harness-cause rules). */
  error?: EvidenceLine;
  /**
   * The error is a JSON error event of the CLI's own (the model's words cannot be one); a plain
   * line is text the agent's output could also print, so it may only speak beside no failing test.
   */
  event?: boolean;
}

/**
 * The end of the installed agent's log (agent/<name>.txt), read from its last non-blank line.
 * @example await readAgentCliLog("job/t__1", "agent", notes) // { error: { file: "agent/codex.txt", line: 9, text: "unexpected status 401 …" } }
 */
export async function readAgentCliLog(
  trialDir: string,
  agentRel: string,
  notes: string[],
): Promise<AgentCliEnd> {
  const logs = (await listDir(join(trialDir, agentRel)))
    .filter((e) => e.isFile() && e.name.endsWith(".txt") && !NOT_A_CLI_LOG.test(e.name))
    .map((e) => e.name)
    .slice(0, MAX_LOGS);
  for (const name of logs) {
    const read = await noted(notes, () => readNumbered(trialDir, `${agentRel}/${name}`));
    if (!read) continue;
    const lines = read.text.split("\n");
    let i = lines.length - 1;
    while (i >= 0 && !lines[i]?.trim()) i--;
    if (i < 0) continue;
    const text = lines[i]!.trim();
    const at = (t: string): EvidenceLine => ({
      file: read.file,
      text: t.slice(0, 500),
      ...(read.first !== undefined ? { line: read.first + i } : {}),
    });
    if (text.startsWith("{")) {
      const message = errorEvent(text);
      if (message) return { error: at(message), event: true };
      continue;
    }
    if (NOT_STARTED.test(text)) return { notStarted: at(text) };
    if (PROVIDER_FAILURE.test(text)) return { error: at(text) };
  }
  return {};
}

/** The message of a CLI's JSON error event (`{"type":"error"}`, `turn.failed`, an `is_error` result). */
function errorEvent(line: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(doc)) return undefined;
  const type = typeof doc.type === "string" ? doc.type : "";
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
