import { reportFigure } from "@fak/vitest-config/report";
import { describe, it } from "vitest";
import { backends, tempDir } from "./support/backends.js";
import { checkKilledImports } from "./support/kill-import.js";

const dir = tempDir();

describe.each(backends())("an import killed with SIGKILL on $name", (backend) => {
  it("leaves whole batches and a sound index, and resumes without doubling (3 kills)", async () => {
    const figures = await checkKilledImports(backend.url(), dir, 3);
    reportFigure(`kill-import (3 kills, ${backend.name})`, figures);
  });
});
