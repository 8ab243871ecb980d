import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Each published package must be consumable alone, from its tarball, outside the workspace.
const exec = promisify(execFile);

/** Run a command; on failure the error carries everything it printed. */
async function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; maxBuffer?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(cmd, args, { maxBuffer: 1 << 24, ...opts });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`);
  }
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = (name: string) => join(root, "tooling/pack-check/node_modules/.bin", name);

const packages = [
  { name: "@fak/taxonomy", dir: "packages/taxonomy" },
  { name: "@fak/retry", dir: "packages/retry" },
  { name: "@fak/memory", dir: "packages/memory" },
  { name: "@fak/replay", dir: "apps/replay", extra: "examples/" },
  { name: "@fak/cli", dir: "apps/cli" },
] as const satisfies readonly { name: string; dir: string; extra?: string }[];

// A use of each library package that must type-check and run against the installed tarballs.
const uses: Record<string, string> = {
  "@fak/taxonomy": `import { classify, type FailureClassification } from "@fak/taxonomy";
const c: FailureClassification = classify({ task_id: "t", arm: { task_success: false }, outcomes: [{ exit_code: 127, stderr: "bash: foo: command not found" }] });
if (c.category !== "ENV_SETUP_MISS") throw new Error(c.category);`,
  "@fak/retry": `import { retryDirectiveFor } from "@fak/retry";
import { classify, type RetryDirective } from "@fak/taxonomy";
const d: RetryDirective = retryDirectiveFor(classify({ task_id: "t" }), 1, 3);
if (d.task_id !== "t") throw new Error("directive");`,
  "@fak/memory": `import { openStore } from "@fak/memory";
const store = await openStore({ url: ":memory:" });
const r = await store.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x failed" });
store.close();
if (r.id < 1) throw new Error("record");`,
  "@fak/replay": `import * as replay from "@fak/replay";
if (typeof replay.runPipeline !== "function") throw new Error("replay");`,
};

let work = "";
const tarballs = new Map<string, string>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "fak-pack-"));
  await mkdir(join(work, "tarballs"));
  for (const p of packages) {
    const { stdout } = await run("pnpm", ["pack", "--pack-destination", join(work, "tarballs")], {
      cwd: join(root, p.dir),
    });
    const tgz = stdout.trim().split("\n").pop()!.trim();
    tarballs.set(p.name, tgz);
  }
  const app = join(work, "app");
  await mkdir(app);
  await writeFile(
    join(app, "package.json"),
    JSON.stringify({ name: "scratch", private: true, type: "module" }),
  );
  await run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs.values()],
    { cwd: app, maxBuffer: 1 << 24 },
  );
  await writeFile(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ["*.ts"],
    }),
  );
}, 600_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe.each(packages)("$name tarball", (pkg) => {
  const { name } = pkg;
  const extra = "extra" in pkg ? pkg.extra : undefined;
  it("passes publint with no message at all", async () => {
    const tarball = await readFile(tarballs.get(name)!);
    const { messages } = await publint({
      pack: {
        tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength),
      },
      strict: true,
    });
    expect(messages).toEqual([]);
  });

  it("ships only dist (and declared extras), the manifest, README and licence; keeps a CHANGELOG", async () => {
    const { stdout } = await run("tar", ["-tzf", tarballs.get(name)!]);
    const files = stdout.trim().split("\n");
    const shipped = (f: string) =>
      /^package\/(dist\/|package\.json$|README\.md$|LICENSE$)/.test(f) ||
      (extra !== undefined && f.startsWith(`package/${extra}`));
    expect(files.filter((f) => !shipped(f))).toEqual([]);
    expect(files).toContain("package/README.md");
    await expect(readFile(join(root, pkg.dir, "CHANGELOG.md"), "utf8")).resolves.toMatch(
      /^# @fak\//,
    );
  });
});

describe.each(packages.filter((p) => p.name !== "@fak/cli"))(
  "$name installed alone",
  ({ name }) => {
    it("has types that resolve for ESM consumers (are-the-types-wrong, esm-only profile)", async () => {
      // attw exits non-zero on any problem the profile counts; run() then fails with its report.
      await run(bin("attw"), [
        tarballs.get(name)!,
        "--profile",
        "esm-only",
        "--format",
        "table-flipped",
      ]);
    });

    it("type-checks and runs a use of it", async () => {
      const app = join(work, "app");
      const file = `use-${name.split("/")[1]}.ts`;
      await writeFile(join(app, file), `${uses[name]}\nexport {};\n`);
      await run(bin("tsc"), ["-p", "tsconfig.json"], { cwd: app });
      // Run the same code as JavaScript: strip the type-only parts by writing an .mjs twin.
      const js = uses[name]!.replace(/, type \w+/g, "").replace(/: \w+ =/g, " =");
      await writeFile(join(app, `${file}.mjs`), js);
      await run("node", [`${file}.mjs`], { cwd: app });
    });
  },
);

describe("@fak/cli installed alone", () => {
  it("runs the installed fak bin", async () => {
    const { stdout } = await run(join(work, "app/node_modules/.bin/fak"), ["--version"]);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
