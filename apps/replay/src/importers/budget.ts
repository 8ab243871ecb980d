// What bounded the agent: the turn budget its kwargs set, and the words of a request that
// overflowed the model's context window.

/** A request that did not fit the model's context window, in the words providers and servers use. */
export const CONTEXT_OVERFLOW =
  /exceeds? the (?:available )?context (?:size|window|length)|maximum context length|context (?:length|window) (?:exceeded|is exceeded)|prompt is too long|contextlengthexceeded|context_length_exceeded|contextwindowexceeded/i;

/** A positive integer from an agent's kwargs (max_episodes and friends), if any. */
export function budgetFrom(kwargs: Record<string, unknown> | null | undefined): number | undefined {
  if (!kwargs) return undefined;
  for (const key of ["max_episodes", "max_turns", "max_steps", "max_iterations", "step_limit"]) {
    const v = kwargs[key];
    if (typeof v === "number" && Number.isInteger(v) && v > 0) return v;
  }
  return undefined;
}
