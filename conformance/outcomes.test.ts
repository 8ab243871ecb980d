import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  evaluateOutcomes,
  labelledOutcomeSchema,
  parseJsonLines,
  renderEvaluation,
} from "../packages/taxonomy/src/index.js";

// The labelled live-outcome corpus in ../shared (repository root + ../shared/corpora). Scored on
// its unambiguous rows; the ambiguous ones are reported apart (expected or the "alt X" label).
const CORPUS = fileURLToPath(new URL("../../shared/corpora/outcomes-dev.jsonl", import.meta.url));

describe("live-outcome classifier on the dev corpus", () => {
  const rows = parseJsonLines(readFileSync(CORPUS, "utf8"), labelledOutcomeSchema, CORPUS);
  const evaluation = evaluateOutcomes(rows);
  console.log(renderEvaluation(evaluation));

  it("reads every row", () => {
    expect(evaluation.total).toBe(rows.length);
    expect(evaluation.scored + evaluation.ambiguous.total).toBe(rows.length);
  });
  it("gets at least 92% of the unambiguous rows right", () => {
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.92);
  });
  it("matches expected or the alt label on most ambiguous rows", () => {
    expect(evaluation.ambiguous.correct_or_alt / evaluation.ambiguous.total).toBeGreaterThanOrEqual(
      0.8,
    );
  });
});
