import { RE2JS } from "re2js";

// Policy regexes run on RE2 (the re2js port), not on the JavaScript engine: RE2 matches in time
// linear in the input and has no backtracking, so a pattern such as `(a+)+$` cannot hang a replay.
// It is also the dialect of the Go implementation, so one policy means the same on both sides.
// The price: RE2 refuses backreferences and lookaround, which `regexProblem` reports at load
// (the suite schema checks every deny_regex with it; the policy compiles them).

/**
 * Why a deny_regex cannot be used, or undefined when it compiles.
 * @example regexProblem("(a") // "error parsing regexp: missing closing ): `(a`"
 */
export function regexProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (err) {
    return `not a valid RE2 regular expression (${(err as Error).message})`;
  }
}
