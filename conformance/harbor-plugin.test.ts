import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The Harbor plugin's Python tests against the vendored Harbor 0.22.0 plugin protocol.
const root = fileURLToPath(new URL("..", import.meta.url));

describe("integrations/harbor", () => {
  it("passes its Python tests against the vendored Harbor", () => {
    const run = spawnSync("python3", ["-m", "unittest", "discover", "-s", "tests"], {
      cwd: `${root}integrations/harbor`,
      env: { ...process.env, HARBOR_SRC: `${root}../shared/vendor/harbor-0.22.0/src` },
      encoding: "utf8",
    });
    expect(run.stderr).toContain("OK");
    expect(run.status).toBe(0);
  });
});
