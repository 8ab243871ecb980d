import type { FailureClassification, FailureCode, RecoveryAction } from "@fak/taxonomy";
import type { HarnessCause } from "./ingest-types.js";

// What a harness recorded about a trial (Harbor's exception_type and message, tb's
// failure_mode), mapped into the closed vocabulary. Rules run in order; the first match wins.
// Provider and harness errors come before the budget rule, because a provider's "fewer
// max_tokens" (HTTP 402) is an outage of credit, not an agent that ran out of context.

interface CauseRule {
  category: FailureCode;
  agentFault: boolean;
  /** Sub-reason appended to the name in `reason`, e.g. `http_402`. */
  sub?: (name: string, message: string) => string | undefined;
  test: (name: string, message: string) => boolean;
}

const TIMEOUT_NAMES = new Set([
  "agenttimeouterror",
  "agent_timeout",
  "test_timeout",
  "verifiertimeouterror",
]);
const INSTALL_NAMES = new Set([
  "agentsetuptimeouterror",
  "agent_installation_failed",
  "agentinstallerror",
]);
const BUDGET_NAMES = new Set([
  "contextlengthexceedederror",
  "outputlengthexceedederror",
  "context_length_exceeded",
  "output_length_exceeded",
]);
const PROVIDER_NAMES = new Set([
  "ratelimiterror",
  "apiconnectionerror",
  "apitimeouterror",
  "internalservererror",
  "serviceunavailableerror",
  "authenticationerror",
]);
const HTTP_STATUS = /\b(?:error code|status(?: code)?|http)[:= ]+(402|429|5\d\d)\b/i;
const PROVIDER_TEXT =
  /request timed out or interrupted|rate limit|overloaded|insufficient (?:credits|quota)|requires more credits/i;

const RULES: CauseRule[] = [
  {
    category: "UNKNOWN",
    agentFault: false,
    test: (name, msg) =>
      PROVIDER_NAMES.has(name.toLowerCase()) || HTTP_STATUS.test(msg) || PROVIDER_TEXT.test(msg),
    sub: (_name, msg) => {
      const status = HTTP_STATUS.exec(msg)?.[1];
      return status ? `http_${status}` : "provider";
    },
  },
  {
    category: "TIMEOUT",
    agentFault: true,
    test: (name, msg) =>
      TIMEOUT_NAMES.has(name.toLowerCase()) || /\bcommand timed out after \d+/i.test(msg),
    sub: (name) => (TIMEOUT_NAMES.has(name.toLowerCase()) ? undefined : "command_timed_out"),
  },
  {
    // The agent's own install failed: a real PKG_INSTALL of the run, kept in its taxonomy so a
    // retry with RETRY_PACKAGE_INSTALL is planned (only outages and harness bugs are kept apart).
    category: "PKG_INSTALL",
    agentFault: true,
    test: (name, msg) =>
      INSTALL_NAMES.has(name.toLowerCase()) ||
      /\bagent (?:setup|install(?:ation)?) failed\b/i.test(msg),
  },
  {
    category: "BUDGET_EXHAUSTED",
    agentFault: true,
    test: (name, msg) =>
      BUDGET_NAMES.has(name.toLowerCase()) ||
      /context (?:length|window) (?:exceeded|is exceeded)/i.test(msg),
  },
];

const RECOVERY: Partial<Record<FailureCode, RecoveryAction>> = {
  TIMEOUT: "EVIDENCE_GUIDED_RETRY",
  BUDGET_EXHAUSTED: "EVIDENCE_GUIDED_RETRY",
  PKG_INSTALL: "RETRY_PACKAGE_INSTALL",
};

/** tb failure modes that mean "no failure recorded". */
const TB_NO_FAILURE = new Set(["unset", "none", ""]);

/**
 * Map a harness's own failure name (and message) into the closed vocabulary.
 * Anything unrecognised is a harness error: UNKNOWN, not the agent's fault.
 * @example causeFromHarness("AgentTimeoutError", "Agent execution timed out after 900.0 seconds")
 *   // { category: "TIMEOUT", reason: "TIMEOUT:AgentTimeoutError", agent_fault: true, ... }
 */
export function causeFromHarness(name: string, message?: string): HarnessCause {
  const msg = message ?? "";
  const rule = RULES.find((r) => r.test(name, msg));
  const category = rule?.category ?? "UNKNOWN";
  const agentFault = rule?.agentFault ?? false;
  const sub = rule?.sub?.(name, msg);
  const tail = sub ? `${name}:${sub}` : name;
  const reason = category === "UNKNOWN" ? `UNKNOWN:harness_error:${tail}` : `${category}:${tail}`;
  const cause: HarnessCause = { category, reason, name, agent_fault: agentFault };
  if (message) cause.message = message;
  return cause;
}

/**
 * tb's per-trial `failure_mode`, or undefined when it records no failure (`unset`, `none`).
 * @example causeFromTbFailureMode("agent_timeout")?.reason // "TIMEOUT:agent_timeout"
 */
export function causeFromTbFailureMode(mode: string | null | undefined): HarnessCause | undefined {
  if (mode == null || TB_NO_FAILURE.has(mode.toLowerCase())) return undefined;
  return causeFromHarness(mode);
}

/**
 * The classification of a failed trial whose harness recorded a cause. A harness error is
 * never retryable under the agent's policy: re-running the agent cannot fix an outage.
 * @example classifyHarnessCause("fix-git__a1", causeFromHarness("AgentTimeoutError")).recovery
 *   // "EVIDENCE_GUIDED_RETRY"
 */
export function classifyHarnessCause(taskId: string, cause: HarnessCause): FailureClassification {
  const recovery = RECOVERY[cause.category] ?? "NONE";
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
  };
}

function capLine(text: string, max = 200): string {
  const one = text.replace(/\s+/g, " ");
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}
