import {
  type FailureClassification,
  type HarnessCause,
  mapHarnessCause,
  tbModeRecordsFailure,
} from "@fak/taxonomy";

// What a harness recorded about a trial (Harbor's exception_type and message, tb's
// failure_mode). The mapping itself is the taxonomy's (`mapHarnessCause`, one table for every
// Harbor exception type and tb FailureMode); this file adapts it to the importers.

export type { HarnessCause } from "@fak/taxonomy";

/**
 * Map a harness's own failure name (and message) into the closed vocabulary.
 * Anything unrecognised is a harness error: UNKNOWN, not the agent's fault.
 * @example causeFromHarness("AgentTimeoutError", "Agent execution timed out after 900.0 seconds")
 *   // { category: "TIMEOUT", reason: "TIMEOUT:AgentTimeoutError", agent_fault: true, ... }
 */
export function causeFromHarness(name: string, message?: string): HarnessCause {
  return mapHarnessCause(name, message);
}

/**
 * tb's per-trial `failure_mode`, or undefined when it records no failure (`unset`, `none`).
 * @example causeFromTbFailureMode("agent_timeout")?.reason // "TIMEOUT:agent_timeout"
 */
export function causeFromTbFailureMode(mode: string | null | undefined): HarnessCause | undefined {
  return tbModeRecordsFailure(mode) ? mapHarnessCause(mode) : undefined;
}

/**
 * The classification of a failed trial whose harness recorded a cause, on the cause alone (for
 * signals that carry no trial-level part). A harness error is never retryable under the
 * agent's policy: re-running the agent cannot fix an outage.
 * @example classifyHarnessCause("fix-git__a1", causeFromHarness("AgentTimeoutError")).recovery
 *   // "EVIDENCE_GUIDED_RETRY"
 */
export function classifyHarnessCause(taskId: string, cause: HarnessCause): FailureClassification {
  const recovery =
    cause.attribution === "harness"
      ? "NONE"
      : cause.category === "PKG_INSTALL" || cause.attribution === "setup"
        ? "RETRY_PACKAGE_INSTALL"
        : cause.category === "TIMEOUT" || cause.category === "BUDGET_EXHAUSTED"
          ? "EVIDENCE_GUIDED_RETRY"
          : "NONE";
  const evidence = [`harness_cause:${cause.name}`];
  const firstLine = cause.message?.split("\n").find((l) => l.trim() !== "");
  if (firstLine) evidence.push(capLine(`message:${firstLine.trim()}`));
  const who = cause.agent_fault ? "the agent" : "the harness or provider, not the agent";
  return {
    task_id: taskId,
    failed: true,
    category: cause.category,
    reason: cause.reason,
    detail: `harness recorded ${cause.name}; attributed to ${who}`,
    evidence,
    recovery,
    retryable: recovery !== "NONE",
    safety_hold: false,
    attribution: cause.attribution,
  };
}

function capLine(text: string, max = 200): string {
  const one = text.replace(/\s+/g, " ");
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}
