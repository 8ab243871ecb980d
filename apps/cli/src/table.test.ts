import { describe, expect, it } from "vitest";
import { table } from "./output.js";
import { painted, TableSink } from "./table.js";

async function render(sink: TableSink): Promise<string> {
  let text = "";
  await sink.write(
    async (s) => {
      text += s;
    },
    (s) => `<b>${s}</b>`,
  );
  return text;
}

describe("TableSink", () => {
  it("aligns columns to the widest cell of any row, pushed one at a time", async () => {
    const t = new TableSink(["task", "code"]);
    t.push(["a", "x"]);
    t.push(["a-much-longer-task", 7]);
    t.push([true, painted("ok", (s) => `[${s}]`)]);
    expect(await render(t)).toBe(
      [
        "<b>task                code</b>",
        "a                   x",
        "a-much-longer-task  7",
        "true                [ok]",
        "",
      ].join("\n"),
    );
  });

  it("a quarter of a million rows: no spread of every cell into one call (no stack overflow)", async () => {
    const t = new TableSink(["n", "word"]);
    const N = 250_000;
    for (let i = 0; i < N; i++) t.push([i, i === 123_456 ? "the-longest-cell-of-all" : "w"]);
    const text = await render(t);
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(N + 1);
    // The widest cell sits in the middle; every row is padded to it, the first column too.
    expect(lines[1]).toBe("0       w");
    expect(lines[N]).toBe(`${N - 1}  w`);
  });

  it("drops escape sequences from data, keeps fak's own colours, and counts shown columns", async () => {
    const t = new TableSink(["task", "category"]);
    t.push(["evil\x1b]0;owned\x07\x1b[2J", painted("bad\x1b[5m", (s) => `\x1b[31m${s}\x1b[39m`)]);
    t.push(["t", "x"]);
    const text = await render(t);
    expect(text).toContain("evil  \x1b[31mbad\x1b[39m");
    expect(text).not.toContain("\x1b]0;");
    expect(text).not.toContain("\x1b[2J");
    expect(text).not.toContain("\x1b[5m");
    expect(text.split("\n")[2]).toBe("t     x");
  });

  it("discard drops every row: only the header is left", async () => {
    const t = new TableSink(["task"]);
    t.push(["secret-row"]);
    t.discard();
    expect(await render(t)).toBe("<b>task</b>\n");
  });
});

describe("table (the small tables of memory and ingest)", () => {
  it("a quarter of a million rows render without a stack overflow", () => {
    const rows = Array.from({ length: 250_000 }, (_, i) => [i, "w"]);
    const text = table(["n", "word"], rows);
    expect(text.split("\n")).toHaveLength(250_001);
  });
});
