import { join } from "node:path";
import { listDir, listSubdirs } from "../../files/fs-safe.js";
import type { TbTrialResult } from "./schemas.js";

// A tb agent that errored before its model ever answered: tb's own clock says the agent's run
// lasted a moment, no token was counted, and its turn logs hold a prompt with no response. The
// agent never worked on the task (its first request failed, or the agent crashed on start), so
// the tests that then failed say nothing about its work. tb writes results.json outside the
// agent's container: nothing here is text the agent controls.

/** Longest agent run, in seconds, that can have ended before any answer. */
const MOMENT_SECONDS = 2;
/** tb failure modes of an agent that raised (not a timeout, not a parse of the tests). */
const AGENT_ERROR = /^unknown_agent_error$|^unknown$/;

/**
 * Why the trial's agent never got an answer, for the harness-cause rules, or undefined.
 * @example await neverAnswered("runs/r1/t/t.1-of-1.r1", result, 0) // "the agent's run ended after 0.06 s …"
 */
export async function neverAnswered(
  dir: string,
  result: TbTrialResult,
  commands: number,
): Promise<string | undefined> {
  const r = result as Record<string, unknown>;
  if (commands > 0 || !AGENT_ERROR.test(result.failure_mode ?? "")) return undefined;
  for (const k of ["total_input_tokens", "total_output_tokens"])
    if (r[k] !== null && r[k] !== undefined && r[k] !== 0) return undefined;
  const start = Date.parse(String(r.agent_started_at ?? ""));
  const end = Date.parse(String(r.agent_ended_at ?? ""));
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined;
  const seconds = (end - start) / 1000;
  if (seconds < 0 || seconds > MOMENT_SECONDS) return undefined;
  // No turn log holds a model's response.
  for (const episode of (await listSubdirs(join(dir, "agent-logs"))).dirs)
    for (const f of await listDir(join(dir, "agent-logs", episode)))
      if (/^response/i.test(f.name)) return undefined;
  return `the agent's run ended after ${seconds.toFixed(2)} s with ${result.failure_mode}, before any model response (no tokens counted)`;
}
