import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), prefix));

const A = fileURLToPath(new URL("../../../replay/examples/harbor-job", import.meta.url));
const B = fileURLToPath(new URL("../../../replay/examples/harbor-job-b", import.meta.url));

describe("fak report --html", () => {
  it("writes one self-contained HTML file of a run, or of a comparison with its flips", async () => {
    const dir = await tempDir("fak-cli-report-");
    const one = join(dir, "one.html");
    const r = await runFak(["report", A, "--html", one]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`wrote ${one}\n`);
    const page = await readFile(one, "utf8");
    expect(page).toContain("fak: run report");
    expect(page).not.toContain('id="flips"');
    const two = join(dir, "two.html");
    const c = await runFak(["report", A, "--compare", B, "--html", two, "--json"]);
    expect(c.status, c.stderr).toBe(0);
    expect(JSON.parse(c.stdout).comparison.regressed).toBe(1);
    expect(await readFile(two, "utf8")).toContain('id="flips"');
  });

  it("needs --html, and one run to --compare; bad input writes nothing (exit 2)", async () => {
    const dir = await tempDir("fak-cli-report-");
    const file = join(dir, "r.html");
    for (const args of [
      ["report", A],
      ["report", A, B, "--compare", B, "--html", file],
      ["report", `${A}-nowhere`, "--html", file],
    ]) {
      const r = await runFak(args);
      expect(r.status, args.join(" ")).toBe(2);
    }
    expect(existsSync(file)).toBe(false);
  });
});
