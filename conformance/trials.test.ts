import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  evaluateTrials,
  labelledTrialSchema,
  renderTrialEvaluation,
} from "../apps/replay/src/eval/eval-trials.js";

// Trial-level truth on the labelled real trials of ../shared/corpora/trials-dev: whole trials
// judged as a careful human reading their files did. The rules were developed beside this set,
// so its figure is optimistic; the project's own held-out set (apps/replay/README.md) gives the
// honest one. The floors below guard against regressions.

const DEV = fileURLToPath(new URL("../../shared/corpora/trials-dev/labels.jsonl", import.meta.url));
const SAMPLES = fileURLToPath(new URL("../../shared/samples", import.meta.url));

const labels = readFileSync(DEV, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => labelledTrialSchema.parse(JSON.parse(l)));

describe("trial-level classification on the dev labels", async () => {
  const e = await evaluateTrials(labels, SAMPLES);
  console.log(renderTrialEvaluation(e));

  it("reads every labelled trial", () => {
    expect(e.judgements.filter((j) => j.missing)).toEqual([]);
  });
  it("gets at least 90% of the agent and setup trials right with alt accepted (measured 100%)", () => {
    expect(e.accuracy_with_alt).toBeGreaterThanOrEqual(0.9);
  });
  it("gets at least 90% right on the label itself (measured 96.4%)", () => {
    expect(e.accuracy).toBeGreaterThanOrEqual(0.9);
  });
  it("keeps every harness-caused trial apart from the agent's taxonomy", () => {
    expect(e.harness.kept_apart).toBe(e.harness.total);
  });
  it("counts every pass as a pass, exception or not", () => {
    expect(e.passed.counted_passed).toBe(e.passed.total);
  });
  it("attributes at least 90% of the scored trials right (agent or setup)", () => {
    expect(e.attribution_correct / e.scored).toBeGreaterThanOrEqual(0.9);
  });
});
