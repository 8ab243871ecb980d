/** A mistake in how the command was called (bad flag value, missing argument): exit status 2. */
export class UsageError extends Error {
  readonly code = "FAK_USAGE";
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A CI gate (`--fail-on`, `--max-failures`) tripped: exit status 1, with its one-line reason. */
export class GateTripped extends Error {
  readonly code = "FAK_GATE";
  constructor(reason: string) {
    super(`gate tripped: ${reason}`);
    this.name = "GateTripped";
  }
}

const BAD_INPUT_CODES = new Set(["FAK_USAGE", "FAK_BAD_INPUT", "FAK_BAD_RETRY_ARGUMENT"]);

/** Exit status for an error: 2 for bad input or usage, 1 for anything else. */
export function exitStatusFor(err: unknown): 1 | 2 {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && BAD_INPUT_CODES.has(code) ? 2 : 1;
}

/**
 * The line printed for an error: `describeError`, with every credential redacted (a `--db` URL's
 * password or `?authToken=`, a token quoted by a driver), every secret the failure memory's
 * scrubber knows scrubbed (an error naming a job folder quotes its name), and every escape
 * sequence dropped. The one place every error message reaches the terminal through.
 */
export async function errorLine(err: unknown): Promise<string> {
  // Loaded here, not at start: `fak --version` never needs them.
  const [{ redactCredentials, scrub }, { forTerminal }] = await Promise.all([
    import("@fak/memory"),
    import("./terminal.js"),
  ]);
  return forTerminal(scrub(redactCredentials(describeError(err))));
}

/** One line for people: the message, never a stack trace (set FAK_DEBUG=1 for one). */
export function describeError(err: unknown): string {
  if (process.env.FAK_DEBUG === "1" && err instanceof Error && err.stack) return err.stack;
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const why =
      cause instanceof Error && !err.message.includes(cause.message) ? ` (${cause.message})` : "";
    return `${err.message}${why}`;
  }
  return String(err);
}
