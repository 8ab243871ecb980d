// Lines an agent's command-line program (or the shell that starts it) prints when the agent
// could not work at all, as its own log keeps them: tb's sessions/agent.log and the log of a
// Harbor installed agent (agent/<name>.txt). Error lines only, never text the agent's work
// printed inside a step.

/** The shell could not start the agent: its own message, not a continuation line of the command. */
export const NOT_STARTED =
  /^(?:ba|z|da)?sh: (?:line \d+: )?[\w./-]+: (?:command not found|no such file or directory|not found|permission denied)$/i;

/**
 * The model provider refused the agent (quota, credits, rate limit, overload, a dropped stream)
 * or the run's model configuration failed (a key missing or refused, a provider the client
 * cannot route, a model it may not use), as the agent's CLI reports it: an error line
 * (`Error: …`, `[error] …`, `litellm.AuthenticationError: …`).
 */
export const PROVIDER_FAILURE =
  /^(?:\S{0,40}\s)?(?:\[?error\]?|[\w.]{0,60}error)\b.{0,300}(?:exceeded your current quota|insufficient[_ ](?:quota|credits)|requires more credits|rate[_ ]limit(?:ed|_error| reached| exceeded)|overloaded_error|stream disconnected before completion|llm provider not provided|invalid[ _]api[ _]key|incorrect api key|(?:missing|no) [\w ]{0,30}api[ _]key|api[ _]key (?:is )?(?:not set|missing|invalid))/i;
