import { describe, expect, it } from "vitest";
import { compilePolicy, isExecuted, regexProblem } from "./policy.js";
import { checkSuite } from "./suite.js";
import { TERMINAL_TOOL } from "./suite-schema.js";
import { taskOf } from "./test-support/suite-builders.js";

const call = (command: string, tool: string = TERMINAL_TOOL) => ({
  task_id: "t",
  tool,
  command,
  cwd: "/app",
  filesystem_scope: "/app",
});

function policyWith(deny_regex: string) {
  const task = taskOf("t");
  task.policy.arg_rules[0]!.deny_regex = deny_regex;
  return checkSuite({ ...suiteShell, tasks: [task] }, "s.json").tasks[0]!.policy;
}
const suiteShell = { schema: "fak.terminalbench-command-suite.v1", benchmark: "b", model: "m" };

describe("fak-policy/v1", () => {
  it("allows a command no rule matches and denies one a rule finds", () => {
    const decide = compilePolicy(policyWith("rm\\s+-rf\\s+/(\\s|$)"));
    expect(decide(call("rm -rf build/"))).toEqual({
      verdict: "ALLOW",
      reason: "allowed by policy",
    });
    expect(decide(call("cd / && rm -rf / --no-preserve-root"))).toEqual({
      verdict: "DENY",
      reason: "deletes the root filesystem",
    });
  });

  it("denies a tool that is not in the allow list", () => {
    const decide = compilePolicy({ version: "fak-policy/v1", allow: [], arg_rules: [] });
    expect(decide(call("ls")).verdict).toBe("DENY");
    expect(decide(call("ls")).reason).toContain("not in the policy's allow list");
  });

  it("applies a rule only to its own tool", () => {
    const policy = policyWith("ls");
    policy.arg_rules[0]!.tool = "browser.open";
    expect(compilePolicy(policy)(call("ls")).verdict).toBe("ALLOW");
  });

  it("executes ALLOW and TRANSFORM only", () => {
    expect(isExecuted("ALLOW")).toBe(true);
    expect(isExecuted("TRANSFORM")).toBe(true);
    for (const v of ["DENY", "QUARANTINE", "REQUIRE_WITNESS", "DEFER", "INDETERMINATE"] as const) {
      expect(isExecuted(v)).toBe(false);
    }
  });
});

describe("regex safety", () => {
  it("names what is wrong with a pattern RE2 refuses", () => {
    expect(regexProblem("a(")).toContain("missing closing )");
    expect(regexProblem("(?=x)")).toContain("unsupported Perl syntax");
    expect(regexProblem("git\\s+push")).toBeUndefined();
  });

  it("matches a catastrophic-backtracking pattern in linear time", () => {
    // `(a+)+$` against a run of a's that ends in a mismatch takes a backtracking engine
    // exponential time (2^30 paths here); RE2 answers in one pass over the input.
    const decide = compilePolicy(policyWith("(a+)+$"));
    const evil = `${"a".repeat(30)}!`;
    const started = performance.now();
    expect(decide(call(evil)).verdict).toBe("ALLOW");
    expect(decide(call(`echo ${"a".repeat(100_000)}`)).verdict).toBe("DENY");
    // A generous bound: the check is that replay returns at all, not a speed target.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
