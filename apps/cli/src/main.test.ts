import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runFak } from "./test-support/run-fak.js";

describe("fak", () => {
  it("prints its version and exits 0", async () => {
    const r = await runFak(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("treats an unknown command, an unknown option and a missing argument as usage errors (exit 2)", async () => {
    for (const args of [
      ["frobnicate"],
      ["classify", "--frob"],
      ["eval", "outcomes"],
      ["retry", "--attempt", "1"],
    ]) {
      const r = await runFak(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/error/i);
      expect(r.stdout).toBe("");
    }
  });

  it("refuses a bad number with exit 2", async () => {
    const r = await runFak(["retry", "--attempt", "zero", "--max-attempts", "3"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('expected a whole number of at least 1, got "zero"');
  });

  it("lists every command in its help", async () => {
    const r = await runFak(["--help"]);
    expect(r.status).toBe(0);
    for (const c of [
      "classify",
      "retry",
      "taxonomy",
      "replay",
      "ingest",
      "eval",
      "memory",
      "schema",
    ]) {
      expect(r.stdout).toContain(c);
    }
  });
});

describe("fak's start", () => {
  /** Every module URL `fak ARGS` resolves, through a module resolve hook. */
  function modulesLoadedBy(args: string[]): string[] {
    const dir = mkdtempSync(join(tmpdir(), "fak-loads-"));
    try {
      const log = join(dir, "loaded.txt");
      writeFileSync(log, "");
      const hooks = join(dir, "hooks.mjs");
      writeFileSync(
        hooks,
        `import { appendFileSync } from "node:fs";
export async function resolve(spec, ctx, next) {
  const r = await next(spec, ctx);
  appendFileSync(${JSON.stringify(log)}, r.url + "\\n");
  return r;
}`,
      );
      const register = join(dir, "register.mjs");
      writeFileSync(
        register,
        `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});`,
      );
      const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
      const r = spawnSync(process.execPath, ["--import", register, main, ...args], {
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(log, "utf8").split("\n").filter(Boolean);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const ours = /\/packages\/(taxonomy|retry|memory)\/|\/apps\/replay\/|\/zod\/|\/commands\//;

  it("loads no command and no package for --version, and only the named command's module", () => {
    expect(modulesLoadedBy(["--version"]).filter((u) => ours.test(u))).toEqual([]);
    const loaded = modulesLoadedBy(["retry", "--help"])
      .filter((u) => u.includes("/cli/dist/commands/"))
      .map((u) => u.replace(/^.*\//, ""));
    expect(loaded).toContain("retry.js");
    // No other command's module: each loads only when it is the one that runs.
    for (const other of ["classify", "ingest", "compare", "report", "memory", "watch", "eval"])
      expect(loaded).not.toContain(`${other}.js`);
  });
});

describe("fak in a pipe", () => {
  it("ends quietly with status 0 when the reader stops early", async () => {
    const { spawnSync } = await import("node:child_process");
    const { fileURLToPath } = await import("node:url");
    const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
    const line = JSON.stringify({ task_id: "t", arm: { task_success: true } });
    const input = `${line}\n`.repeat(200_000);
    const spoolDir = mkdtempSync(join(tmpdir(), "fak-spool-home-"));
    const r = spawnSync(
      "bash",
      ["-c", `node "${main}" classify --json | head -n 1; echo "fak exited \${PIPESTATUS[0]}"`],
      { input, encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, TMPDIR: spoolDir } },
    );
    const out = r.stdout.trim().split("\n");
    expect(out).toHaveLength(2);
    expect(out[1]).toBe("fak exited 0");
    expect(r.stderr).not.toContain("EPIPE");
    expect(readdirSync(spoolDir)).toEqual([]); // the spool cut short by the pipe was removed
  });
});
