import { describe, expect, it } from "vitest";
import {
  evaluateOutcomes,
  type LabelledOutcome,
  labelledOutcomeSchema,
  renderEvaluation,
} from "./eval.js";

const row = (
  id: string,
  stderr: string,
  expected: LabelledOutcome["expected"],
  extra: Partial<LabelledOutcome> = {},
) =>
  labelledOutcomeSchema.parse({
    id,
    command: "./x",
    exit_code: 1,
    timed_out: false,
    stderr,
    expected,
    ...extra,
  });

describe("evaluateOutcomes", () => {
  const rows = [
    row("a", "E: Unable to locate package foo", "PKG_INSTALL"),
    row("b", "bash: foo: command not found", "ENV_SETUP_MISS"),
    row("c", "Segmentation fault", "BAD_FILE_EDIT"),
    row("d", "Segmentation fault", "BAD_FILE_EDIT", {
      ambiguous: true,
      rationale: "crash; ambiguous alt CMD_ERROR",
    }),
    row("e", "Segmentation fault", "TIMEOUT", { ambiguous: true, rationale: "alt PKG_INSTALL" }),
  ];
  const e = evaluateOutcomes(rows);

  it("scores unambiguous rows and lists the misses", () => {
    expect(e).toMatchObject({ total: 5, scored: 3, correct: 2 });
    expect(e.accuracy).toBeCloseTo(2 / 3, 3);
    expect(e.misclassified).toEqual([
      { id: "c", expected: "BAD_FILE_EDIT", predicted: "CMD_ERROR", rule: "process.crashed" },
    ]);
    expect(e.confusion.BAD_FILE_EDIT.CMD_ERROR).toBe(1);
  });
  it("computes per-category precision and recall", () => {
    expect(e.per_category.PKG_INSTALL).toEqual({
      support: 1,
      predicted: 1,
      precision: 1,
      recall: 1,
    });
    expect(e.per_category.BAD_FILE_EDIT).toMatchObject({ support: 1, predicted: 0, recall: 0 });
    expect(e.per_category.CMD_ERROR).toMatchObject({ support: 0, predicted: 1, precision: 0 });
  });
  it("counts ambiguous rows matching expected or the alt label apart", () => {
    expect(e.ambiguous).toEqual({ total: 2, correct_or_alt: 1, ids: ["e"] });
  });
  it("renders a table with accuracy, matrix and misses", () => {
    const text = renderEvaluation(e);
    expect(text).toContain("accuracy 66.7% (2/3");
    expect(text).toContain("c: expected BAD_FILE_EDIT, got CMD_ERROR (process.crashed)");
    expect(text).toMatch(/BAD_FILE_EDIT\s+1\s+0\s+0\s+0\s+0$/m);
  });
  it("rejects a row with an unknown field or label", () => {
    expect(
      labelledOutcomeSchema.safeParse({
        id: "x",
        command: "",
        exit_code: 1,
        timed_out: false,
        stderr: "",
        expected: "NONE",
      }).success,
    ).toBe(false);
    expect(
      labelledOutcomeSchema.safeParse({
        id: "x",
        command: "",
        exit_code: 1,
        timed_out: false,
        stderr: "",
        expected: "CMD_ERROR",
        extra: 1,
      }).success,
    ).toBe(false);
  });
});
