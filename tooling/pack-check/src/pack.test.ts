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
  { name: "@fak/taxonomy", dir: "packages/taxonomy", deps: [] },
  { name: "@fak/retry", dir: "packages/retry", deps: ["@fak/taxonomy"] },
  { name: "@fak/memory", dir: "packages/memory", deps: [] },
  {
    name: "@fak/replay",
    dir: "apps/replay",
    extra: "examples/",
    deps: ["@fak/taxonomy", "@fak/retry", "@fak/memory"],
  },
  {
    name: "@fak/cli",
    dir: "apps/cli",
    deps: ["@fak/taxonomy", "@fak/retry", "@fak/memory", "@fak/replay"],
  },
] as const satisfies readonly { name: string; dir: string; extra?: string; deps: string[] }[];

// A use of each library package that must type-check and run against the installed tarballs.
const uses: Record<string, string> = {
  "@fak/taxonomy": `import { classify, type FailureClassification } from "@fak/taxonomy";
const c: FailureClassification = classify({ task_id: "t", arm: { task_success: false }, outcomes: [{ exit_code: 127, stderr: "bash: foo: command not found" }] });
if (c.category !== "ENV_SETUP_MISS") throw new Error(c.category);`,
  "@fak/retry": `import { retryDirectiveFor, type RetryDirective } from "@fak/retry";
import { classify } from "@fak/taxonomy";
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
/** Each package's own scratch project: its tarball and its @fak dependencies' tarballs only. */
const apps = new Map<string, string>();

/**
 * The zod a consumer brings, when the package takes zod as a peer: the lowest version the peer
 * range admits (`^4.0.0` → 4.0.0), so the range is proven, not assumed.
 */
async function consumerZod(dir: string): Promise<string | undefined> {
  const manifest = JSON.parse(await readFile(join(root, dir, "package.json"), "utf8")) as {
    peerDependencies?: Record<string, string>;
  };
  const range = manifest.peerDependencies?.zod;
  return range?.replace(/^\^/, "");
}

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
  for (const p of packages) {
    const app = join(work, `app-${p.name.split("/")[1]}`);
    await mkdir(app);
    const zod = await consumerZod(p.dir);
    await writeFile(
      join(app, "package.json"),
      JSON.stringify({
        name: "scratch",
        private: true,
        type: "module",
        ...(zod ? { dependencies: { zod } } : {}),
      }),
    );
    const own = [p.name, ...p.deps].map((n) => tarballs.get(n)!);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...own], {
      cwd: app,
      maxBuffer: 1 << 24,
    });
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
    apps.set(p.name, app);
  }
}, 900_000);

/** Every copy of zod installed below `dir`, by version. */
async function zodCopies(dir: string): Promise<string[]> {
  const { stdout } = await run("find", [dir, "-path", "*/node_modules/zod/package.json"]);
  const found = stdout.trim() ? stdout.trim().split("\n") : [];
  return Promise.all(
    found.map(async (f) => (JSON.parse(await readFile(f, "utf8")) as { version: string }).version),
  );
}

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

    it("installs with its @fak dependencies only, and no second zod beside the consumer's", async () => {
      const pkg = packages.find((p) => p.name === name)!;
      const zod = await consumerZod(pkg.dir);
      const copies = await zodCopies(apps.get(name)!);
      if (zod === undefined) expect(copies.length).toBeLessThanOrEqual(1);
      else expect(copies).toEqual([zod]);
    });

    it("type-checks and runs a use of it", async () => {
      const app = apps.get(name)!;
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
    const { stdout } = await run(join(apps.get("@fak/cli")!, "node_modules/.bin/fak"), [
      "--version",
    ]);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
