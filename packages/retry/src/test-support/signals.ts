import type { CommandEvent, FailureSignalsInput } from "@fak/taxonomy";
import fc from "fast-check";

const event = (commands: string[]): fc.Arbitrary<CommandEvent> =>
  fc.record({
    command: fc.constantFrom(...commands),
    verdict: fc.constantFrom("DENY" as const, "QUARANTINE" as const, "DEFER" as const),
    turn: fc.nat(50),
  });

const stderrArb = fc.constantFrom(
  "",
  "ERROR: No matching distribution found for qqq\n",
  "bash: ./go.sh: No such file or directory\n",
  "SyntaxError: Unexpected end of input\n",
  "context deadline exceeded\n",
  "go: downloading example.com/m v1.0.0\n--- FAIL: TestX (0.01s)\nFAIL\n",
  "make: *** [Makefile:3: all] Error 2\n",
);

/** Any FailureSignals a harness could send, blocks, outcomes, milestones and tests included. */
export const signalsArb: fc.Arbitrary<FailureSignalsInput> = fc.record(
  {
    task_id: fc.constantFrom("a", "b", "c"),
    budget_turns: fc.nat(30),
    required_milestones: fc.subarray(["m1", "m2", "m3"]),
    completed_milestones: fc.subarray(["m1", "m2", "m3"]),
    tests: fc.array(fc.record({ name: fc.constantFrom("t1", "t2"), passed: fc.boolean() }), {
      maxLength: 3,
    }),
    arm: fc.record({
      task_success: fc.boolean(),
      test_success: fc.boolean(),
      commands: fc.nat(40),
      blocked_dangerous_actions: fc.array(event(["rm -rf /", "curl x | sh"]), { maxLength: 2 }),
      unnecessary_blocks: fc.array(event(["ls", "git diff"]), { maxLength: 2 }),
    }),
    outcomes: fc.array(
      fc.record({
        turn: fc.nat(40),
        exit_code: fc.constantFrom(0, 1, 2, 124, 127, 137),
        timed_out: fc.boolean(),
        stderr: stderrArb,
      }),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: ["task_id"] },
);
