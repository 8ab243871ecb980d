import { reportFigure } from "@fak/vitest-config/report";
import { describe, expect, it } from "vitest";
import { backends } from "./support/backends.js";
import { checkWriters } from "./support/writers.js";

describe.each(backends())(
  "eight processes recording and searching for a minute on $name",
  (backend) => {
    it("lose nothing, double nothing, and surface no busy error", {
      timeout: 240_000,
    }, async () => {
      const rows = await checkWriters(backend.url(), 8, 0, ["search"], 60);
      expect(rows).toBeGreaterThan(8);
      reportFigure(`concurrency (8 processes, 60 s, ${backend.name})`, {
        processes: 8,
        seconds: 60,
        operations: 2 * rows,
        rowsWrittenAndVerified: rows,
        busyErrorsSurfaced: 0,
      });
    });
  },
);
