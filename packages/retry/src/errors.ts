/**
 * A bad argument to a retry function (an attempt that is not a positive integer, a history
 * that belongs to another task...). Callers map it to exit status 2.
 * @example
 *   try { retryDirectiveFor(c, 0, 3) }
 *   catch (e) { if (e instanceof RetryArgumentError) console.error(e.message) } // "attempt: must be ..."
 */
export class RetryArgumentError extends Error {
  readonly code = "FAK_BAD_RETRY_ARGUMENT";
  readonly argument: string;
  constructor(argument: string, problem: string) {
    super(`${argument}: ${problem}`);
    this.name = "RetryArgumentError";
    this.argument = argument;
  }
}
