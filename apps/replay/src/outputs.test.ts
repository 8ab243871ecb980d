import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { REPLAY_OUTPUT_FILES, writeReplayOutputs } from "./outputs.js";
import { replaySuite } from "./replay.js";
import { suiteOf, taskOf } from "./test-support/suite-builders.js";

const result = replaySuite(
  suiteOf(taskOf("ok"), taskOf("wrong", { tests: [{ name: "t", passed: false }] })),
);

describe("writeReplayOutputs", () => {
  it("writes the five files, readable back, and no temporary file", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "fak-out-")), "nested", "out");
    const written = writeReplayOutputs(dir, result);
    expect(written).toEqual(REPLAY_OUTPUT_FILES.map((f) => join(dir, f)));
    expect(readdirSync(dir).sort()).toEqual([...REPLAY_OUTPUT_FILES].sort());
    expect(JSON.parse(readFileSync(join(dir, "report.json"), "utf8"))).toEqual(result.report);
    expect(JSON.parse(readFileSync(join(dir, "taxonomy.json"), "utf8"))).toEqual(result.taxonomy);
    const lines = readFileSync(join(dir, "directives.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l))).toEqual(result.directives);
    expect(readFileSync(join(dir, "report.md"), "utf8")).toContain("# Fixture replay");
    expect(readFileSync(join(dir, "taxonomy.md"), "utf8")).toContain("TEST_MISUNDERSTOOD");
  });

  it("overwrites earlier outputs in place", () => {
    const dir = mkdtempSync(join(tmpdir(), "fak-out-"));
    writeReplayOutputs(dir, result);
    writeReplayOutputs(dir, result);
    expect(readdirSync(dir)).toHaveLength(REPLAY_OUTPUT_FILES.length);
  });

  it("validates everything before writing anything", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "fak-out-")), "out");
    const lying = { ...result, report: { ...result.report, result_claim_allowed: true } };
    expect(() => writeReplayOutputs(dir, lying as never)).toThrow(InputError);
    const badDirective = { ...result, directives: [{ ...result.directives[0], action: "BYPASS" }] };
    expect(() => writeReplayOutputs(dir, badDirective as never)).toThrow(/directives\[0\]\.action/);
    expect(existsSync(dir)).toBe(false);
  });
});
