import { describe, expect, it } from "vitest";
import { mapHarnessCause, tbModeRecordsFailure } from "./harness-cause.js";

describe("mapHarnessCause", () => {
  it.each([
    ["AgentTimeoutError", "", "TIMEOUT", "agent", false],
    ["AgentSetupTimeoutError", "", "TIMEOUT", "setup", false],
    ["EnvironmentStartTimeoutError", "", "UNKNOWN", "harness", false],
    ["VerifierTimeoutError", "", "TIMEOUT", "agent", false],
    ["RewardFileNotFoundError", "", "UNKNOWN", "harness", true],
    ["NonZeroAgentExitCodeError", "Command failed (exit 1): claude", "UNKNOWN", "harness", true],
    ["ApiRateLimitError", "", "UNKNOWN", "harness", false],
    ["ContextWindowExceededError", "", "BUDGET_EXHAUSTED", "agent", false],
    ["OutputLengthExceededError", "", "BUDGET_EXHAUSTED", "agent", false],
    ["AgentSafetyRefusalError", "", "UNKNOWN", "agent", false],
    ["CancelledError", "", "UNKNOWN", "harness", false],
    ["RuntimeError", "Command timed out after 700 seconds", "TIMEOUT", "agent", false],
    [
      "RuntimeError",
      "Docker compose command failed for environment x",
      "UNKNOWN",
      "harness",
      false,
    ],
    [
      "BadRequestError",
      "prompt is too long: 210000 tokens > 200000 maximum",
      "BUDGET_EXHAUSTED",
      "agent",
      false,
    ],
    [
      "AuthenticationError",
      "litellm.AuthenticationError: Missing OpenAI API Key - set OPENAI_API_KEY",
      "ENV_SETUP_MISS",
      "harness",
      false,
    ],
    [
      "BadRequestError",
      "litellm.BadRequestError: LLM Provider NOT provided. You passed model=gpt-x",
      "ENV_SETUP_MISS",
      "harness",
      false,
    ],
    ["OpenAIError", '{"error":{"code":"invalid_api_key"}}', "ENV_SETUP_MISS", "harness", false],
    [
      "NonZeroAgentExitCodeError",
      "Command failed (exit 1): claude -p\nstdout: Invalid API key · Not logged in · Please run /login",
      "ENV_SETUP_MISS",
      "harness",
      false,
    ],
    [
      "NonZeroAgentExitCodeError",
      "Command failed (exit 1): codex exec\nstderr: You've hit your usage limit. Upgrade to Pro",
      "UNKNOWN",
      "harness",
      false,
    ],
    [
      "NonZeroAgentExitCodeError",
      "Command failed (exit 1): claude -p\nstdout: API Error: Overloaded",
      "UNKNOWN",
      "harness",
      false,
    ],
    ["agent_timeout", "", "TIMEOUT", "agent", true],
    ["agent_installation_failed", "", "PKG_INSTALL", "setup", false],
    ["parse_error", "", "UNKNOWN", "harness", true],
    ["unknown_agent_error", "", "UNKNOWN", "agent", true],
    ["SomethingNewError", "", "UNKNOWN", "harness", false],
  ] as const)("%s (%s) is %s, %s", (name, message, category, attribution, defer) => {
    const c = mapHarnessCause(name, message || undefined);
    expect(c).toMatchObject({
      category,
      attribution,
      defer,
      agent_fault: attribution !== "harness",
      name,
    });
  });

  it("a provider's 402 asking for fewer max_tokens is an outage, not the agent's budget", () => {
    const c = mapHarnessCause(
      "RuntimeError",
      "Error code: 402 - requires more credits, or fewer max_tokens",
    );
    expect(c).toMatchObject({
      attribution: "harness",
      reason: "UNKNOWN:harness_error:RuntimeError:http_402",
    });
  });

  it("tb's unset and none record no failure", () => {
    expect(["unset", "none", "", null, undefined].map(tbModeRecordsFailure)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(tbModeRecordsFailure("agent_timeout")).toBe(true);
  });
});
