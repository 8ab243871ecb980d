import type { Verdict } from "@fak/taxonomy";
import { RE2JS } from "re2js";
import type { Policy } from "./suite-schema.js";

// Policy regexes run on RE2 (the re2js port), not on the JavaScript engine: RE2 matches in time
// linear in the input and has no backtracking, so a pattern such as `(a+)+$` cannot hang a replay.
// It is also the dialect of the Go implementation, so one policy means the same on both sides.
// The price: RE2 refuses backreferences and lookaround, which `regexProblem` reports at load.

/** One command as the policy sees it: the tool call and its arguments. */
export interface ToolCall {
  task_id: string;
  tool: string;
  command: string;
  cwd: string;
  filesystem_scope: string;
}

/** A policy's answer for one call. */
export interface Decision {
  verdict: Verdict;
  reason: string;
}

/**
 * Decides one tool call. `fak-policy/v1` only ever answers ALLOW or DENY; a richer policy engine
 * plugged in here may also answer TRANSFORM (an argument repaired, still executed), QUARANTINE,
 * REQUIRE_WITNESS, DEFER or INDETERMINATE (all of which the fak arm skips).
 */
export type Adjudicator = (call: ToolCall) => Decision;

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

/**
 * Compile a `fak-policy/v1` policy into an adjudicator: a tool that is not allowed is denied,
 * then the first arg rule for the tool whose deny_regex is found in the command denies it.
 * @example compilePolicy(task.policy)({ task_id: "t", tool: "terminal.exec", command: "ls", cwd: ".", filesystem_scope: "" })
 */
export function compilePolicy(policy: Policy): Adjudicator {
  const allowed = new Set(policy.allow);
  const rules = policy.arg_rules.map((rule) => ({ ...rule, re: RE2JS.compile(rule.deny_regex) }));
  return (call) => {
    if (!allowed.has(call.tool)) {
      return { verdict: "DENY", reason: `tool ${call.tool} is not in the policy's allow list` };
    }
    for (const rule of rules) {
      if (rule.tool === call.tool && rule.re.test(call.command)) {
        return { verdict: "DENY", reason: rule.reason };
      }
    }
    return { verdict: "ALLOW", reason: "allowed by policy" };
  };
}

/** Verdicts under which the fak arm still executes the step. */
export function isExecuted(verdict: Verdict): boolean {
  return verdict === "ALLOW" || verdict === "TRANSFORM";
}
