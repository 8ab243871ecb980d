import { reportFigure } from "@fak/vitest-config/report";
import { describe, expect, it } from "vitest";
import { backends, tempDir } from "./support/backends.js";
import { checkImporters } from "./support/importers.js";

describe.each(backends())("eight importers at once on $name (short)", (backend) => {
  const dir = tempDir();
  it("store every line once, with no busy error reaching a process", {
    timeout: 120_000,
  }, async () => {
    const rows = await checkImporters(backend.url(), dir, 8, 900, 100);
    expect(rows).toBe(7200);
    reportFigure(`concurrency (8 importers, short, ${backend.name})`, {
      processes: 8,
      rowsWrittenAndVerified: rows,
      busyErrorsSurfaced: 0,
    });
  });
});
