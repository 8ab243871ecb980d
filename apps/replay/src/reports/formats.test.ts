import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROW_COLUMNS, rowsToCsv, rowsToJsonl, rowsToMarkdown } from "./formats.js";
import { loadRun } from "./load.js";
import { jobLabel } from "./rows.js";
import type { TrialRow } from "./schemas.js";
import { trialRowSchema } from "./schemas.js";

describe("the flat per-trial view", async () => {
  const { rows } = await loadRun(join(import.meta.dirname, "..", "..", "examples", "harbor-job"));

  it("every row is a valid TrialRow", () => {
    for (const r of rows) expect(trialRowSchema.parse(r)).toEqual(r);
  });

  it("CSV quotes commas, quotes and newlines (RFC 4180), one line per trial", () => {
    const tricky: TrialRow = { ...(rows[0] as TrialRow), reason: 'a, "b"\nc' };
    const csv = rowsToCsv([tricky]);
    const [head, line] = csv.split("\r\n");
    expect(head).toBe(ROW_COLUMNS.join(","));
    expect(line).toContain('"a, ""b""\nc"');
    expect(rowsToCsv(rows).trimEnd().split("\r\n")).toHaveLength(rows.length + 1);
  });

  it("Markdown escapes pipes; JSONL round-trips", () => {
    const md = rowsToMarkdown([{ ...(rows[0] as TrialRow), reason: "x|y" }]);
    expect(md).toContain("x\\|y");
    expect(
      rowsToJsonl(rows)
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toEqual(rows);
  });

  it("names a job by its folder (and parent when the folder is a bare timestamp) and agent/model", () => {
    expect(jobLabel("jobs/fix-git/2026-04-01__23-21-41", "agent-x", "model-y")).toBe(
      "fix-git/2026-04-01__23-21-41 (agent-x / model-y)",
    );
    expect(jobLabel("jobs/nightly-run")).toBe("nightly-run");
  });
});
