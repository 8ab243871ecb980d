import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { csvCell, mdCell, ROW_COLUMNS, rowsToCsv, rowsToJsonl, rowsToMarkdown } from "./formats.js";
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

// The attacks of issue 18 item 8, with fresh random markers.
const mark = () => randomBytes(6).toString("hex");

/** A GFM table row's cells: a backslash escapes the next punctuation character, a pipe splits. */
function gfmCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  const s = line.trim().replace(/^\|/, "");
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? "";
    if (c === "\\" && /[!-/:-@[-`{-~]/.test(s[i + 1] ?? "")) {
      cell += c + s[i + 1];
      i++;
    } else if (c === "|") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  if (cell.trim() !== "") cells.push(cell);
  return cells;
}

describe("cells of the csv and md views are safe to open and to show", () => {
  it("csv: a cell starting with = + - @ tab or CR is prefixed with ' (OWASP) and quoted", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) {
      const m = mark();
      const cell = csvCell(`${lead}HYPERLINK("https://${m}.example")`);
      // As a spreadsheet reads it: unquoted, doubled quotes undone.
      const read = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(read[0], JSON.stringify(cell)).not.toMatch(/[=+\-@\t\r]/);
      expect(read).toContain(m);
    }
    expect(csvCell("-0.5 ok")).toBe(`"'-0.5 ok"`);
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell("plain")).toBe("plain");
  });

  it("csv and md: no escape sequence, C1 control, bidi or invisible character from the data", () => {
    const m = mark();
    const hostile = `a\x1b]52;c;${m}\x07b\x1b[2J\x9b31mc\u202e${m}\u2066\u200b\ufeff`;
    for (const cell of [csvCell(hostile), mdCell(hostile)]) {
      expect(cell).not.toMatch(/[\x1b\x07\x9b\u202e\u2066\u200b\ufeff]/);
      expect(cell).toContain("U+202E");
    }
  });

  it("md: a backslash before a pipe cannot split the row; no raw HTML, no link", async () => {
    const m = mark();
    const { rows } = await loadRun(join(import.meta.dirname, "..", "..", "examples", "harbor-job"));
    const row: TrialRow = { ...(rows[0] as TrialRow), task: `a\\|b ${m} | more` };
    const [head, , line] = rowsToMarkdown([row]).split("\n");
    expect(gfmCells(line ?? "")).toHaveLength(gfmCells(head ?? "").length);
    expect(gfmCells(line ?? "")[1]).toContain(m);
    expect(mdCell(`<img src=x onerror=alert('${m}')>`)).toBe(
      `&lt;img src=x onerror=alert('${m}')&gt;`,
    );
    expect(mdCell(`[open](javascript:alert('${m}'))`)).toBe(`\\[open\\](javascript:alert('${m}'))`);
    expect(mdCell(`<javascript:alert('${m}')>`)).not.toContain("<");
    expect(mdCell("line one\nline two")).toBe("line one line two");
  });
});
