import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  evaluateOutcomes,
  labelledOutcomeSchema,
  parseJsonLines,
  renderEvaluation,
} from "../packages/taxonomy/src/index.js";

// The live-outcome classifier on the held-out sets, made apart from the dev corpus from real
// failures on this machine and public reports. Each set's table is printed; scored on its
// unambiguous rows, the ambiguous ones reported apart (expected or the "alt X" label).
const V1 = fileURLToPath(new URL("./heldout/outcomes.jsonl", import.meta.url));
const V2 = fileURLToPath(new URL("./heldout-v2/outcomes.jsonl", import.meta.url));

function evaluate(file: string) {
  const rows = parseJsonLines(readFileSync(file, "utf8"), labelledOutcomeSchema, file);
  const evaluation = evaluateOutcomes(rows);
  console.log(`${file}\n${renderEvaluation(evaluation)}`);
  return { rows, evaluation };
}

describe("live-outcome classifier on held-out set v1", () => {
  const { rows, evaluation } = evaluate(V1);

  it("scores every row", () => {
    expect(evaluation.total).toBe(rows.length);
    expect(evaluation.scored + evaluation.ambiguous.total).toBe(rows.length);
  });
  // v1 is no longer held out: it scored 78.1% (132/169) when first measured, before anyone
  // tuned on it, and the rules have been tuned on it since (95.9%, 162/169, when this floor was
  // set). The floor only guards against regressions; v2 gives the honest figure.
  it("keeps at least 94% of the unambiguous rows right (regression floor)", () => {
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.94);
  });
});

// v2 was built apart from the rules' authors and never tuned on. Measured: 66.3% (112/169) on
// the rules tuned on the dev corpus alone, 80.5% (136/169) after the pass tuned on v1. That is the
// honest held-out figure; the floor below only guards against regressions, and v2 must stay
// untouched by tuning for it to keep meaning anything.
if (existsSync(V2)) {
  describe("live-outcome classifier on held-out set v2", () => {
    const { rows, evaluation } = evaluate(V2);

    it("loads and scores every row", () => {
      expect(rows.length).toBeGreaterThan(0);
      expect(evaluation.total).toBe(rows.length);
      expect(evaluation.scored + evaluation.ambiguous.total).toBe(rows.length);
    });

    it("keeps at least 78% of the unambiguous rows right (regression floor; measured 80.5%)", () => {
      expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.78);
    });
  });
}
