import { reportFigure } from "@fak/vitest-config/report";
import { describe, expect, it } from "vitest";
import { backends, tempDir } from "./support/backends.js";
import { checkImporters } from "./support/importers.js";
import { checkWriters } from "./support/writers.js";

// On a file, full-size batches (10,000 rows, the import's default): each holds the write lock
// for seconds, so a waiting importer outlasts a short busy timeout; before the deadline-based
// retry some of the eight exited 1 with SQLITE_BUSY here. A libSQL server rolls back a
// transaction that holds the write lock past its own 5 s transaction timeout while others wait,
// so on a loaded machine batches that large can be rolled back every time they are tried: the
// server runs take 1,000-row batches.
const BATCH = { file: 10_000, server: 1_000 } as const;

describe.each(backends())("importers and recorders, many at once, on $name", (backend) => {
  const dir = tempDir();
  for (const importers of [8, 16]) {
    it(`${importers} importers: every line once, no busy error`, {
      timeout: 900_000,
    }, async () => {
      const each = importers === 8 ? 20_000 : 10_000;
      const batch = BATCH[backend.name];
      const rows = await checkImporters(backend.url(), dir, importers, each, batch);
      expect(rows).toBe(importers * each);
      reportFigure(`concurrency (${importers} importers, batches of ${batch}, ${backend.name})`, {
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
