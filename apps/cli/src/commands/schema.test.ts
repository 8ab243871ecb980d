import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

describe("fak schema", () => {
  it("prints the JSON Schema of every wire format", async () => {
    const r = await runFak(["schema", "--json"]);
    expect(r.status).toBe(0);
    const all = JSON.parse(r.stdout);
    for (const name of [
      "CommandSuite",
      "CommandReport",
      "CommandOutcome",
      "CommandEvent",
      "TestResult",
      "FailureSignals",
      "FailureClassification",
      "RetryDirective",
      "FailureTaxonomy",
      "FailureRow",
      "TrialRow",
      "RunComparison",
      "Plan",
      "PlanOutcome",
      "FailureImportLine",
    ]) {
      expect(all[name], name).toHaveProperty("type", "object");
    }
    // fak watch --json: a trial line or the closing counts line, told apart by `event`.
    expect(
      all.WatchLine.oneOf.map(
        (b: { properties: { event: { const: string } } }) => b.properties.event.const,
      ),
    ).toEqual(["trial", "end"]);
    // Strict about unknown fields, as every wire format is.
    for (const name of [
      "CommandSuite",
      "CommandReport",
      "TrialRow",
      "RunComparison",
      "Plan",
      "PlanOutcome",
      "Recovery",
    ]) {
      expect(all[name].additionalProperties, name).toBe(false);
    }
    expect(Object.keys(all.FailureRow.properties)).toEqual([
      "session",
      "task",
      "approach",
      "death_reason",
      "conviction",
      "provenance",
      "source",
    ]);
    expect(Object.keys(all.FailureImportLine.properties)).toEqual(
      expect.arrayContaining(["id", "layer", "occurrence_of", "supersedes", "created_at"]),
    );
    expect(all.Recovery.required).toEqual(
      expect.arrayContaining(["death", "decision", "action", "rerun", "outcome", "category"]),
    );
  });

  it("prints one schema by name, with its fields", async () => {
    const r = await runFak(["schema", "RetryDirective"]);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s.properties)).toEqual([
      "task_id",
      "attempt",
      "should_retry",
      "action",
      "rationale",
      "safety_hold",
    ]);
    expect(s.additionalProperties).toBe(false);
  });

  it("names the known formats when asked for an unknown one (exit 2)", async () => {
    const r = await runFak(["schema", "Nope"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("FailureSignals");
  });
});
