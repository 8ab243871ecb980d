import { reportFigure } from "@fak/vitest-config/report";
import { describe, expect, it } from "vitest";
import { backends } from "./support/backends.js";
import { checkWriters } from "./support/writers.js";

describe.each(backends())("four writer processes on $name", (backend) => {
  it("land every row once, with occurrence detection still right", async () => {
    const url = backend.url();
    const rows = await checkWriters(url, 4, 30);
    expect(rows).toBe(120);
    reportFigure(`concurrency (4 writers, ${backend.name})`, {
      processes: 4,
      operations: rows,
      rowsWrittenAndVerified: rows,
      busyErrorsSurfaced: 0,
    });
  });
});

describe.each(backends())(
  "eight processes recording and searching at once on $name (short)",
  (backend) => {
    it("lose nothing, double nothing, and surface no busy error", async () => {
      const rows = await checkWriters(backend.url(), 8, 12, ["search"]);
      expect(rows).toBe(96);
      reportFigure(`concurrency (8 processes, short, ${backend.name})`, {
        processes: 8,
        operations: 2 * rows,
        rowsWrittenAndVerified: rows,
        busyErrorsSurfaced: 0,
      });
    });
  },
);
