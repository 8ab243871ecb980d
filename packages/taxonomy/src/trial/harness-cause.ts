import type { FailureCode } from "../codes.js";
import type { Attribution } from "./schema.js";

// Every Harbor exception type and every tb FailureMode, mapped on purpose (the table is in the
// replay README). A name alone does not always decide: a provider's message can sit inside a
// RuntimeError, a context overflow inside a BadRequestError, and some causes only say the
// trial ended oddly while the verifier's output says why (those `defer` to the evidence).

/** What a harness recorded, mapped into the closed vocabulary. */
export interface HarnessCause {
  category: FailureCode;
  /** `CODE:<name>[:sub]`, or `UNKNOWN:harness_error:<name>[:sub]` for the harness's own failures. */
  reason: string;
  /** The harness's own word (exception type or failure mode). */
  name: string;
  message?: string;
  attribution: Attribution;
  /** False for outages and harness errors, which never count against the agent. */
  agent_fault: boolean;
  /**
   * The cause does not decide on its own: when the verifier's output or the agent's log say why
   * the trial failed, they decide (a tb agent_timeout on an agent that had submitted, a parser
   * that failed on real test failures, an agent CLI that exited non-zero after its work).
   */
  defer: boolean;
}

interface Mapping {
  category: FailureCode;
  attribution: Attribution;
  defer?: boolean;
}

const HARNESS: Mapping = { category: "UNKNOWN", attribution: "harness" };
const HARNESS_DEFER: Mapping = { ...HARNESS, defer: true };
const TIMEOUT: Mapping = { category: "TIMEOUT", attribution: "agent" };
const BUDGET: Mapping = { category: "BUDGET_EXHAUSTED", attribution: "agent" };

/** By lower-cased name. Names not here fall to the message rules, then to a harness error. */
const BY_NAME = new Map<string, Mapping>([
  // Harbor: the agent's time limit (the verifier still runs) and the verifier's.
  ["agenttimeouterror", TIMEOUT],
  ["verifiertimeouterror", TIMEOUT],
  // Harbor: the agent's install or setup ran out of time: the agent never got to work.
  ["agentsetuptimeouterror", { category: "TIMEOUT", attribution: "setup" }],
  // Harbor: the environment failed before the agent existed.
  ["environmentstarttimeouterror", HARNESS],
  ["healthcheckerror", HARNESS],
  ["serviceoperationsunsupportederror", HARNESS],
  ["sandboxbuildfailederror", HARNESS],
  ["gkeexecstreamclosederror", HARNESS],
  ["vercelscopeerror", HARNESS],
  ["memorylimitexceedederror", HARNESS],
  // Harbor: the verifier's plumbing; when its output shows real failures, those decide.
  ["addtestsdirerror", HARNESS],
  ["downloadverifierdirerror", HARNESS],
  ["rewardfilenotfounderror", HARNESS_DEFER],
  ["rewardfileemptyerror", HARNESS_DEFER],
  ["verifieroutputparseerror", HARNESS_DEFER],
  // Harbor: an installed agent CLI exited non-zero; the verifier still ran.
  ["nonzeroagentexitcodeerror", HARNESS_DEFER],
  // Harbor's ApiError family and friends: the provider failed, not the agent.
  ["apiratelimiterror", HARNESS],
  ["apiusagelimiterror", HARNESS],
  ["apiinternalservererror", HARNESS],
  ["apioverloadederror", HARNESS],
  ["apiconnectionclosederror", HARNESS],
  ["apiresponsestallederror", HARNESS],
  ["unknownapierror", HARNESS],
  ["apiproviderresourcenotfounderror", HARNESS],
  ["apiconnectionerror", HARNESS],
  ["agentauthenticationerror", HARNESS],
  ["modelnotfounderror", HARNESS],
  ["networkconnectionerror", HARNESS],
  // litellm and OpenAI-client pass-through names.
  ["ratelimiterror", HARNESS],
  ["apitimeouterror", HARNESS],
  ["internalservererror", HARNESS],
  ["serviceunavailableerror", HARNESS],
  ["authenticationerror", HARNESS],
  ["badrequesterror", HARNESS],
  // The model's budget: context window or output length.
  ["contextlengthexceedederror", BUDGET],
  ["outputlengthexceedederror", BUDGET],
  ["contextwindowexceedederror", BUDGET],
  ["outputtokenexceedederror", BUDGET],
  // The model refused on safety grounds: the agent's own answer, which says nothing more.
  ["agentsafetyrefusalerror", { category: "UNKNOWN", attribution: "agent" }],
  // Harness internals, optional extras, cancellation.
  ["cancellederror", HARNESS],
  ["regradeerror", HARNESS],
  ["missingextraerror", HARNESS],
  ["dspyimporterror", HARNESS],
  ["runtimerequesterror", HARNESS],
  // tb FailureMode values.
  ["agent_timeout", { ...TIMEOUT, defer: true }],
  ["test_timeout", TIMEOUT],
  ["context_length_exceeded", BUDGET],
  ["output_length_exceeded", BUDGET],
  ["agent_installation_failed", { category: "PKG_INSTALL", attribution: "setup" }],
  ["parse_error", HARNESS_DEFER],
  // The agent raised or crashed; tests still run. What they show decides, else the agent's own UNKNOWN.
  ["unknown_agent_error", { category: "UNKNOWN", attribution: "agent", defer: true }],
  ["unknown", HARNESS_DEFER],
  ["fatal_llm_parse_error", HARNESS],
]);

interface MessageRule {
  test: RegExp;
  mapping: Mapping;
  sub: (m: RegExpExecArray) => string;
}

// Messages decide before names: a RuntimeError or BadRequestError says what happened in its text.
// Provider outages come first, so a 402 asking for "fewer max_tokens" is an outage of credit.
const HTTP_STATUS = /\b(?:error code|status(?: code)?|http)[:= ]+(401|402|403|408|429|5\d\d)\b/i;
const MESSAGE_RULES: MessageRule[] = [
  // The run's own model configuration: a key that is missing or refused, a model name the client
  // cannot route. Kept apart like any provider failure, but named for what to fix: a credential
  // or setting the environment was expected to provide (an unchanged rerun fails the same way).
  {
    test: /missing [\w ]{0,40}api key|no api key|invalid[ _]api[ _]key|incorrect api key|api key (?:is )?(?:not set|missing|invalid)|llm provider not provided|\bapi_key\b.{0,40}\b(?:not set|must be set|missing)|\bnot logged in\b|cannot use this model|issue with the selected model|model .{0,80}may not exist or you may not have access/i,
    mapping: { category: "ENV_SETUP_MISS", attribution: "harness" },
    sub: () => "model_config",
  },
  { test: HTTP_STATUS, mapping: HARNESS, sub: (m) => `http_${m[1]}` },
  {
    // With Harbor 0.22's own table for an installed agent's failed CLI (ERROR_PATTERNS in
    // agents/installed/base.py), so a job from an older Harbor reads as a newer one records it.
    test: /request timed out or interrupted|rate.?limit|too many requests|overloaded|insufficient[ _](?:credits|quota)|exceeded your current quota|quota exceeded|requires more credits|(?:hit your|specified api) usage limit|unpaid invoice|model call failed|api error: (?:500|overloaded|connection closed|stream closed|response stalled)|model is at capacity/i,
    mapping: HARNESS,
    sub: () => "provider",
  },
  {
    test: /exceeds? the (?:available )?context (?:size|window|length)|context (?:length|window) (?:exceeded|is exceeded)|maximum context length|prompt is too long|context_length_exceeded|input (?:is )?too long for (?:the )?model/i,
    mapping: BUDGET,
    sub: () => "context_window",
  },
  {
    test: /\bcommand timed out after (\d+)/i,
    mapping: TIMEOUT,
    sub: () => "command_timed_out",
  },
  {
    test: /agent execution timed out/i,
    mapping: TIMEOUT,
    sub: () => "agent_timed_out",
  },
  {
    test: /\bagent (?:setup|install(?:ation)?) (?:failed|timed out)/i,
    mapping: { category: "PKG_INSTALL", attribution: "setup" },
    sub: () => "agent_install",
  },
  {
    // Harbor's RewardFileNotFoundError / RewardFileEmptyError as a log line tells them: the
    // verifier wrote no reward, which defers to what its output and the agent's work show.
    test: /\bno reward file found at\b|\breward file (?:is )?empty\b/i,
    mapping: HARNESS_DEFER,
    sub: () => "no_reward",
  },
  {
    test: /docker compose command failed|failed to build|environment (?:build|start)/i,
    mapping: HARNESS,
    sub: () => "environment",
  },
];

/** tb failure modes that mean "no failure recorded". */
const TB_NO_FAILURE = new Set(["unset", "none", ""]);

/**
 * Map a harness's own failure name (and message) into the closed vocabulary. Anything
 * unrecognised is a harness error: UNKNOWN, attributed to the harness.
 * @example mapHarnessCause("AgentTimeoutError", "Agent execution timed out after 900.0 seconds")
 *   // { category: "TIMEOUT", reason: "TIMEOUT:AgentTimeoutError", attribution: "agent", ... }
 */
export function mapHarnessCause(name: string, message?: string): HarnessCause {
  const msg = message ?? "";
  const key = name.toLowerCase();
  const named = BY_NAME.get(key);
  let mapping = named ?? HARNESS;
  let sub: string | undefined;
  // A message overrides a generic or provider name, never a specific agent-side one.
  if (!named || named.attribution === "harness") {
    for (const rule of MESSAGE_RULES) {
      const m = rule.test.exec(msg);
      if (!m) continue;
      mapping = rule.mapping;
      sub = rule.sub(m);
      break;
    }
  }
  const tail = sub ? `${name}:${sub}` : name;
  const reason =
    mapping.category === "UNKNOWN" && mapping.attribution === "harness"
      ? `UNKNOWN:harness_error:${tail}`
      : `${mapping.category}:${tail}`;
  const cause: HarnessCause = {
    category: mapping.category,
    reason,
    name,
    attribution: mapping.attribution,
    agent_fault: mapping.attribution !== "harness",
    defer: mapping.defer === true,
  };
  if (message) cause.message = message;
  return cause;
}

/**
 * Whether a tb failure_mode records a failure at all (`unset` and `none` do not).
 * @example tbModeRecordsFailure("unset") // false
 */
export function tbModeRecordsFailure(mode: string | null | undefined): mode is string {
  return mode != null && !TB_NO_FAILURE.has(mode.toLowerCase());
}
