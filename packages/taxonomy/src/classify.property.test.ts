import { reportFigure } from "@fak/vitest-config/report";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify, classifyParsed } from "./classify.js";
import { FAILURE_CODES, HOLD_BYPASSING_ACTIONS, RECOVERY_ACTIONS, VERDICTS } from "./codes.js";
import {
  type FailureSignalsInput,
  failureClassificationSchema,
  failureSignalsSchema,
} from "./schemas.js";

// Generated FailureSignals through `classify`, with free-form text where a harness writes text:
// stderr as an agent's tools print it (control characters, NUL, lone surrogates, ANSI fragments,
// CR soup), and arbitrary task ids, commands, milestones and test names. classify-chain.test.ts
// in @fak/retry checks the same invariants on realistic stderr through to the retry directive.

const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        "\u001b[31m",
        "\u001b]0;t\u0007",
        "\r",
        "\r\n",
        "\u0000",
        "\ud800",
        "\ufeff",
        "Killed",
        "timed out",
        "error: ",
        "Permission denied",
        "ModuleNotFoundError: No module named 'x'",
        "npm ERR! 404",
        "\t",
      ),
      { maxLength: 40 },
    )
    .map((a) => a.join("")),
);

const event = fc.record(
  {
    task_id: text,
    command_index: fc.nat(),
    turn: fc.nat(),
    tool: fc.constantFrom("terminal.exec", "fs.write"),
    command: text,
    cwd: text,
    filesystem_scope: text,
    verdict: fc.constantFrom(...VERDICTS),
    reason: text,
    milestone: text,
    minefield: text,
    elapsed_ms: fc.nat(),
    cost_units: fc.nat(),
  },
  { requiredKeys: ["command", "verdict"] },
);

const names = fc.array(text, { maxLength: 4 });

const signals: fc.Arbitrary<FailureSignalsInput> = fc.record(
  {
    task_id: text.filter((t) => t.length > 0), // the one constraint FailureSignals has
    budget_turns: fc.nat(1000),
    required_milestones: names,
    completed_milestones: names,
    tests: fc.array(
      fc.record(
        { name: text, passed: fc.boolean(), command: text, source: text },
        { requiredKeys: ["name", "passed"] },
      ),
      { maxLength: 4 },
    ),
    arm: fc.record(
      {
        task_success: fc.boolean(),
        test_success: fc.boolean(),
        commands: fc.nat(500),
        executed_commands: fc.nat(500),
        denied_commands: fc.nat(500),
        blocked_dangerous_actions: fc.array(event, { maxLength: 3 }),
        unnecessary_blocks: fc.array(event, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    outcomes: fc.array(
      fc.record(
        {
          turn: fc.nat(1000),
          command: text,
          exit_code: fc.oneof(fc.integer(), fc.constantFrom(0, 1, 2, 124, 126, 127, 137, 139)),
          timed_out: fc.boolean(),
          stderr: text,
        },
        { requiredKeys: [] },
      ),
      { maxLength: 6 },
    ),
  },
  { requiredKeys: ["task_id"] },
);

describe("classify over generated signals with hostile text", () => {
  it("never throws, gives a valid classification, holds every dangerous block, and is deterministic", () => {
    const seen = { runs: 0, failed: 0, held: 0 };
    const schema = failureClassificationSchema;
    fc.assert(
      fc.property(signals, (s) => {
        const input = structuredClone(s);
        const c = classify(s);
        seen.runs++;
        expect(schema.safeParse(c).success).toBe(true);
        expect(FAILURE_CODES).toContain(c.category);
        expect(RECOVERY_ACTIONS).toContain(c.recovery);
        expect(s).toEqual(input); // classify does not touch its input
        const dangerous = (s.arm?.blocked_dangerous_actions?.length ?? 0) > 0;
        if (c.failed) seen.failed++;
        if (c.failed && dangerous) {
          seen.held++;
          expect(c.safety_hold).toBe(true);
          expect(c.retryable).toBe(false);
          expect(HOLD_BYPASSING_ACTIONS.has(c.recovery)).toBe(false);
        }
        expect(classify(structuredClone(input))).toEqual(c);
      }),
      { numRuns: 400 },
    );
    reportFigure("classify (generated hostile signals)", seen);
  });
  it("classifyParsed on the parsed signals gives what classify gives on the raw ones", () => {
    fc.assert(
      fc.property(signals, (s) => {
        expect(classifyParsed(failureSignalsSchema.parse(s))).toEqual(classify(s));
      }),
      { numRuns: 200 },
    );
  });
});
