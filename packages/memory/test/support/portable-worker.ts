import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./child.ts", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));
// libSQL's native driver cannot be bundled: it and what it loads are copied beside the bundle.
const NATIVE = ["libsql", "@neon-rs/load", "detect-libc", "@libsql/linux-x64-gnu"];

/** The folder of package `name` as `from` (a package folder) resolves it. */
function packageDir(name: string, from: string): string {
  let dir = dirname(realpathSync(createRequire(join(from, "package.json")).resolve(name)));
  while (
    !existsSync(join(dir, "package.json")) ||
    readJson(join(dir, "package.json")).name !== name
  ) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = up;
  }
  return dir;
}

const readJson = (path: string): { name?: string } => JSON.parse(readFileSync(path, "utf8"));

/** Every file and folder under `dir` readable (and folders enterable) by any user. */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) openUp(path);
    else chmodSync(path, statSync(path).mode | 0o444);
  }
}

let built: string | undefined;

/**
 * child.ts bundled into one plain-JavaScript file in a world-readable temporary folder, with the
 * migrations and libSQL's native driver beside it: a worker run as another user (uid 65534) can
 * load it wherever the clone lives, even under a folder that user may not enter (a `mktemp -d`
 * folder is mode 0700). Built once per test process; removed at exit.
 * @example fork(portableWorker(), ["try-record", url], { uid: 65534, gid: 65534 })
 */
export async function portableWorker(): Promise<string> {
  if (built) return built;
  const root = mkdtempSync(join(tmpdir(), "fak-worker-"));
  process.on("exit", () => rmSync(root, { recursive: true, force: true }));
  const out = join(root, "child.mjs");
  // esbuild comes with tsx (a dev dependency of this package).
  const esbuild = createRequire(createRequire(import.meta.url).resolve("tsx"))("esbuild");
  await esbuild.build({
    entryPoints: [CHILD],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: out,
    external: ["libsql"],
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    logLevel: "silent",
  });
  cpSync(join(PACKAGE, "drizzle"), join(root, "drizzle"), { recursive: true });
  let from = packageDir("@libsql/client", PACKAGE);
  from = packageDir("libsql", from);
  const libsqlDir = from;
  for (const name of NATIVE) {
    const dir = name === "libsql" ? libsqlDir : packageDir(name, libsqlDir);
    cpSync(dir, join(root, "node_modules", name), { recursive: true, dereference: true });
  }
  openUp(root);
  built = out;
  return out;
}
