import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validate } from "./input.js";
import { quickFailureSignals } from "./quick-signals.js";
import { failureSignalsSchema } from "./schemas.js";

// Values near the schema, valid and not: each field absent, right, of the wrong type or out of
// range, with unknown fields and the fields the quick path leaves to zod (trial, events, source).
const anything = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, -0, 1, 3, -1, 1.5, 2 ** 53, 2 ** 53 - 1, Number.NaN),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
);
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 30 }, { arbitrary: anything, weight: 1 });
const count = maybe(fc.nat(50));
const str = maybe(fc.string({ maxLength: 6 }));
const strings = maybe(fc.array(str, { maxLength: 3 }));
const event = fc.record({ command: fc.string(), verdict: fc.constantFrom("DENY", "ALLOW", "x") });
const events = fc.oneof(
  { arbitrary: fc.constant([]), weight: 6 },
  { arbitrary: fc.array(event, { maxLength: 1 }), weight: 1 },
);
const record = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 10 },
        { arbitrary: fc.constantFrom("extra", "__proto__", "trial", "source"), weight: 1 },
      ),
      anything,
    )
    .map(([r, key, v]) => (key === undefined ? r : { ...r, [key]: v }));
const outcome = record({
  turn: count,
  command: str,
  exit_code: maybe(fc.integer({ min: -200, max: 200 })),
  timed_out: maybe(fc.boolean()),
  stderr: str,
});
const test = record({ name: str, passed: maybe(fc.boolean()), command: str, source: str });
const arm = record({
  task_success: maybe(fc.boolean()),
  test_success: maybe(fc.boolean()),
  commands: count,
  executed_commands: count,
  denied_commands: count,
  blocked_dangerous_actions: maybe(events),
  unnecessary_blocks: maybe(events),
});
const signals = record({
  task_id: maybe(fc.string({ minLength: 1, maxLength: 4 })),
  budget_turns: count,
  required_milestones: strings,
  completed_milestones: strings,
  tests: maybe(fc.array(maybe(test), { maxLength: 2 })),
  arm: maybe(arm),
  outcomes: maybe(fc.array(maybe(outcome), { maxLength: 3 })),
});

// The same value zod gives: equal (-0 and undefined included) and in the same field order.
function sameAsZod(value: unknown): boolean {
  const quick = quickFailureSignals(value);
  if (quick === undefined) return false;
  const parsed = failureSignalsSchema.safeParse(value);
  expect(parsed.success).toBe(true);
  expect(quick).toStrictEqual(parsed.data);
  expect(JSON.stringify(quick)).toBe(JSON.stringify(parsed.data));
  return true;
}

describe("quickFailureSignals against failureSignalsSchema", () => {
  it("gives what zod gives whenever it gives anything, for values and for their JSON", () => {
    let quick = 0;
    fc.assert(
      fc.property(signals, (value) => {
        if (sameAsZod(value)) quick++;
        // As JSON.parse gives them: no undefined, "__proto__" an own field.
        if (sameAsZod(JSON.parse(JSON.stringify(value)))) quick++;
      }),
      { numRuns: 3000 },
    );
    // Not a vacuous check: a good share of the values took the quick path.
    expect(quick).toBeGreaterThan(600);
  });
  it("takes the common shape and leaves the rest to zod", () => {
    const common = {
      task_id: "t",
      arm: { task_success: false, commands: 12 },
      outcomes: [
        { turn: 3, command: "ls", exit_code: 0 },
        { turn: 9, command: "make", exit_code: 2, stderr: "make: *** [all] Error 2" },
      ],
    };
    expect(sameAsZod(common)).toBe(true);
    expect(quickFailureSignals({ ...common, trial: {} })).toBeUndefined();
    expect(quickFailureSignals({ task_id: "" })).toBeUndefined();
    expect(quickFailureSignals(Object.assign(Object.create({}), common))).toBeUndefined();
  });
  it("leaves validate's errors as they were: the schema's first issue, named by field", () => {
    const bad = { task_id: "t", outcomes: [{ exit_code: 1.5 }] };
    expect(() => validate(failureSignalsSchema, bad, { file: "in.jsonl", line: 4 })).toThrow(
      "in.jsonl:4: outcomes[0].exit_code: Invalid input: expected int, received number",
    );
  });
});
