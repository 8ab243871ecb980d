import { reportFigure } from "@fak/vitest-config/report";
import { describe, expect, it } from "vitest";
import { backends, tempDir } from "./test-support/backends.js";
import { checkImporters } from "./test-support/importers.js";
import { checkWriters } from "./test-support/writers.js";

// Full-size batches (10,000 rows, the import's default): each one holds the write lock for
// seconds, so a waiting importer outlasts any short busy timeout. Before the deadline-based
// retry, some of the eight exited 1 with SQLITE_BUSY here.
describe.each(backends())("importers and recorders, many at once, on $name", (backend) => {
  const dir = tempDir();
  for (const importers of [8, 16]) {
    it(`${importers} importers of 10,000-row batches: every line once, no busy error`, {
      timeout: 600_000,
    }, async () => {
      const each = importers === 8 ? 20_000 : 10_000;
      const rows = await checkImporters(backend.url(), dir, importers, each, 10_000);
      expect(rows).toBe(importers * each);
      reportFigure(`concurrency (${importers} importers, ${backend.name})`, {
        processes: importers,
        rowsWrittenAndVerified: rows,
        busyErrorsSurfaced: 0,
      });
    });
  }

  it("16 recorders: every row once, occurrences right, no busy error", {
    timeout: 300_000,
  }, async () => {
    const rows = await checkWriters(backend.url(), 16, 20);
    expect(rows).toBe(320);
    reportFigure(`concurrency (16 recorders, ${backend.name})`, {
      processes: 16,
      operations: rows,
      rowsWrittenAndVerified: rows,
      busyErrorsSurfaced: 0,
    });
  });
});
