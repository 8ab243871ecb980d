import { describe, expect, it } from "vitest";
import {
  causeFromHarness,
  causeFromTbFailureMode,
  classifyHarnessCause,
} from "./harness-causes.js";

describe("causeFromHarness", () => {
  it.each([
    [
      "AgentTimeoutError",
      "Agent execution timed out after 900.0 seconds",
      "TIMEOUT",
      "TIMEOUT:AgentTimeoutError",
      true,
    ],
    ["VerifierTimeoutError", "", "TIMEOUT", "TIMEOUT:VerifierTimeoutError", true],
    [
      "RuntimeError",
      "Command timed out after 700 seconds",
      "TIMEOUT",
      "TIMEOUT:RuntimeError:command_timed_out",
      true,
    ],
    ["AgentSetupTimeoutError", "", "TIMEOUT", "TIMEOUT:AgentSetupTimeoutError", true],
    [
      "RuntimeError",
      "Agent setup failed with exit code 1",
      "PKG_INSTALL",
      "PKG_INSTALL:RuntimeError:agent_install",
      true,
    ],
    [
      "ContextLengthExceededError",
      "",
      "BUDGET_EXHAUSTED",
      "BUDGET_EXHAUSTED:ContextLengthExceededError",
      true,
    ],
    [
      "OutputLengthExceededError",
      "",
      "BUDGET_EXHAUSTED",
      "BUDGET_EXHAUSTED:OutputLengthExceededError",
      true,
    ],
    [
      "RuntimeError",
      "Error code: 402 - requires more credits, or fewer max_tokens",
      "UNKNOWN",
      "UNKNOWN:harness_error:RuntimeError:http_402",
      false,
    ],
    [
      "APIStatusError",
      "status code 503 service unavailable",
      "UNKNOWN",
      "UNKNOWN:harness_error:APIStatusError:http_503",
      false,
    ],
    [
      "RuntimeError",
      "Request timed out or interrupted.",
      "UNKNOWN",
      "UNKNOWN:harness_error:RuntimeError:provider",
      false,
    ],
    ["RateLimitError", "", "UNKNOWN", "UNKNOWN:harness_error:RateLimitError", false],
    [
      "RewardFileNotFoundError",
      "no reward",
      "UNKNOWN",
      "UNKNOWN:harness_error:RewardFileNotFoundError",
      false,
    ],
    ["ValueError", "something odd", "UNKNOWN", "UNKNOWN:harness_error:ValueError", false],
  ] as const)("%s (%s) is %s", (name, message, category, reason, agentFault) => {
    const cause = causeFromHarness(name, message || undefined);
    expect(cause).toMatchObject({ category, reason, name, agent_fault: agentFault });
  });
});

describe("causeFromTbFailureMode", () => {
  it("maps tb's failure modes and ignores unset", () => {
    expect(causeFromTbFailureMode("unset")).toBeUndefined();
    expect(causeFromTbFailureMode(null)).toBeUndefined();
    const reasons = [
      "agent_timeout",
      "test_timeout",
      "context_length_exceeded",
      "agent_installation_failed",
      "parse_error",
      "fatal_llm_parse_error",
      "unknown_agent_error",
    ].map((m) => causeFromTbFailureMode(m)?.reason);
    expect(reasons).toEqual([
      "TIMEOUT:agent_timeout",
      "TIMEOUT:test_timeout",
      "BUDGET_EXHAUSTED:context_length_exceeded",
      "PKG_INSTALL:agent_installation_failed",
      "UNKNOWN:harness_error:parse_error",
      "UNKNOWN:harness_error:fatal_llm_parse_error",
      "UNKNOWN:unknown_agent_error",
    ]);
  });
});

describe("classifyHarnessCause", () => {
  it("gives agent timeouts a retry and harness errors none", () => {
    const timeout = classifyHarnessCause(
      "t1",
      causeFromHarness("AgentTimeoutError", "timed out\nafter 900 s"),
    );
    expect(timeout).toMatchObject({
      task_id: "t1",
      failed: true,
      category: "TIMEOUT",
      recovery: "EVIDENCE_GUIDED_RETRY",
      retryable: true,
      safety_hold: false,
    });
    expect(timeout.evidence).toEqual(["harness_cause:AgentTimeoutError", "message:timed out"]);
    const outage = classifyHarnessCause("t2", causeFromHarness("RuntimeError", "Error code: 429"));
    expect(outage).toMatchObject({ category: "UNKNOWN", recovery: "NONE", retryable: false });
    expect(outage.detail).toMatch(/not the agent/);
    expect(classifyHarnessCause("t3", causeFromHarness("agent_installation_failed")).recovery).toBe(
      "RETRY_PACKAGE_INSTALL",
    );
  });
});
