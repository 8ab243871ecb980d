import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLayer } from "../row/index.js";
import { importLineSchema, plainLine } from "./import-line.js";

// plainLine is the import's fast path around zod: whatever it accepts, the schema must accept
// with the same output (and the layer must parse), and the lines it declines go to the schema.
const agrees = (value: unknown) => {
  const fast = plainLine(value);
  if (fast === undefined) return;
  const slow = importLineSchema.safeParse(value);
  expect(slow.success).toBe(true);
  expect(fast).toStrictEqual(slow.data);
  expect(() => parseLayer(fast.death_reason)).not.toThrow();
};

const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "",
    " ",
    "\t\n",
    "x",
    "verifier: tests fail",
    "verifer: typo",
    "https://x",
    "\ud800",
    "a\udc00b",
    "\ud83d\ude00",
  ),
);
const value = fc.oneof(
  text,
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const field = fc.constantFrom(
  "session",
  "task",
  "approach",
  "death_reason",
  "conviction",
  "provenance",
  "source",
  "id",
  "layer",
  "__proto__",
  "constructor",
  "extra",
);

describe("plainLine", () => {
  it("accepts a plain line as the schema does", () => {
    const line = { session: "s", task: "t", approach: "a", death_reason: "budget: out" };
    expect(plainLine(line)).toStrictEqual(importLineSchema.parse(line));
    expect(plainLine({ ...line, conviction: "high" })?.conviction).toBe("high");
  });

  it("declines what it does not cover, leaving the verdict to the schema", () => {
    const line = { session: "s", task: "t", approach: "a", death_reason: "budget: out" };
    for (const bad of [
      { ...line, provenance: "real" },
      { ...line, id: 1 },
      { ...line, conviction: "sure" },
      { ...line, conviction: null },
      { ...line, task: " " },
      { ...line, task: 7 },
      { ...line, approach: "x\ud800" },
      { ...line, death_reason: "verifer: typo" },
      JSON.parse('{"session":"s","task":"t","approach":"a","death_reason":"d","__proto__":{}}'),
      [line],
      null,
      "line",
    ])
      expect(plainLine(bad)).toBeUndefined();
  });

  it("never accepts what the schema refuses, nor outputs otherwise (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(field, value, { maxKeys: 7 }), (o) => agrees(o)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(
        fc.record(
          { session: text, task: text, approach: text, death_reason: text, conviction: value },
          { requiredKeys: ["session", "task", "approach", "death_reason"] },
        ),
        (o) => agrees(o),
      ),
      { numRuns: 3000 },
    );
  });
});
