import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The Harbor plugin's Python tests against the vendored Harbor 0.22.0 plugin protocol.
const root = fileURLToPath(new URL("..", import.meta.url));

describe("integrations/harbor", () => {
  it("passes its Python tests against the vendored Harbor", () => {
    const run = spawnSync("python3", ["-m", "unittest", "discover", "-s", "tests"], {
      cwd: `${root}integrations/harbor`,
      env: {
        ...process.env,
        HARBOR_SRC: `${root}../shared/vendor/harbor-0.22.0/src`,
        // The real CLI on a real trial, as Harbor hands it over (the unit tests use a stand-in).
        FAK_CLI: `${root}apps/cli/dist/main.js`,
        FAK_TRIAL: `${root}../shared/samples/harbor/ktb-claude-opus-2026-04-02__02-07-04/fix-git__pKqeYeK`,
      },
      encoding: "utf8",
    });
    expect(run.stderr).toContain("OK");
    expect(run.stderr).not.toContain("skipped");
    expect(run.status).toBe(0);
  });
});
