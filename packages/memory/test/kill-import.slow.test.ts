import { reportFigure } from "@fak/vitest-config/report";
import { describe, it } from "vitest";
import { backends, tempDir } from "./support/backends.js";
import { checkKilledImports } from "./support/kill-import.js";

const dir = tempDir();

describe.each(backends())("an import killed with SIGKILL many times on $name", (backend) => {
  it("leaves whole batches and a sound index, and resumes without doubling (30 kills)", {
    timeout: 600_000,
  }, async () => {
    const figures = await checkKilledImports(backend.url(), dir, 30);
    reportFigure(`kill-import (30 kills, ${backend.name})`, figures);
  });
});
