import { describe, expect, it } from "vitest";
import { renderTaxonomyMarkdown } from "./markdown.js";
import { rollup } from "./rollup.js";
import { makeClassification } from "./test-support/classification.js";

const make = makeClassification;

describe("renderTaxonomyMarkdown", () => {
  const taxonomy = rollup([
    make("zeta", {
      category: "TIMEOUT",
      reason: "TIMEOUT:slow",
      recovery: "RESTORE_CHECKPOINT_AND_RETRY",
    }),
    make("alpha", {
      category: "POLICY_BLOCK",
      reason: "POLICY_BLOCK:dangerous_action_held",
      recovery: "ESCALATE_FOR_REVIEW",
      retryable: false,
      safety_hold: true,
    }),
    make("passed", {
      failed: false,
      category: "NONE",
      reason: "NONE",
      recovery: "NONE",
      retryable: false,
    }),
    make("beta", {}),
  ]);
  const md = renderTaxonomyMarkdown(taxonomy);
  const lines = md.split("\n");

  it("starts with a title and the summary bullets", () => {
    expect(lines[0]).toBe("# Failure taxonomy");
    expect(lines).toContain("- Tasks: 4");
    expect(lines).toContain("- Failures: 3");
    expect(lines).toContain("- Retryable failures: 2");
    expect(lines).toContain("- Safety holds (never bypassed): 1");
    expect(md).toContain("`fak.terminalbench-failure-taxonomy.v1`");
  });

  it("lists the categories sorted by code", () => {
    const start = lines.indexOf("## Categories");
    expect(lines.slice(start + 2, start + 7)).toEqual([
      "| Category | Tasks |",
      "|---|---:|",
      "| CMD_ERROR | 1 |",
      "| POLICY_BLOCK | 1 |",
      "| TIMEOUT | 1 |",
    ]);
  });

  it("has one row per failed task, in input order, passed tasks left out", () => {
    const start = lines.indexOf("## Failed tasks");
    expect(lines[start + 2]).toBe("| Task | Category | Reason | Recovery | Retryable | Hold |");
    expect(lines.slice(start + 4, start + 7)).toEqual([
      "| zeta | TIMEOUT | TIMEOUT:slow | RESTORE_CHECKPOINT_AND_RETRY | yes | no |",
      "| alpha | POLICY_BLOCK | POLICY_BLOCK:dangerous_action_held | ESCALATE_FOR_REVIEW | no | yes |",
      "| beta | CMD_ERROR | CMD_ERROR:nonzero_exit | REPAIR_FAILED_COMMAND | yes | no |",
    ]);
    expect(md).not.toContain("| passed |");
    expect(md.endsWith("\n")).toBe(true);
  });

  it("escapes pipes and newlines so a cell cannot break the table", () => {
    const out = renderTaxonomyMarkdown(rollup([make("a|b", { reason: "CMD_ERROR:x\ny|z\r\nw" })]));
    const row = out.split("\n").find((l) => l.startsWith("| a"));
    expect(row).toBe(
      "| a\\|b | CMD_ERROR | CMD_ERROR:x<br>y\\|z<br>w | REPAIR_FAILED_COMMAND | yes | no |",
    );
    // six cells: the escaped pipes do not count as separators
    expect(row!.split(/(?<!\\)\|/).length - 2).toBe(6);
  });

  it("sorts the categories itself, whatever order the counts come in", () => {
    const out = renderTaxonomyMarkdown({
      ...rollup([]),
      failure_count: 6,
      category_counts: { UNKNOWN: 1, BAD_FILE_EDIT: 2, TIMEOUT: 3 },
    });
    const rows = out.split("\n").filter((l) => /^\| [A-Z_]+ \| \d+ \|$/.test(l));
    expect(rows).toEqual(["| BAD_FILE_EDIT | 2 |", "| TIMEOUT | 3 |", "| UNKNOWN | 1 |"]);
  });

  it("says so when nothing failed", () => {
    const out = renderTaxonomyMarkdown(rollup([]));
    expect(out).toContain("No failures.");
    expect(out).toContain("No failed tasks.");
    expect(out).not.toContain("| Task |");
  });
});
