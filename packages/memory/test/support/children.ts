import { type ChildProcess, fork } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { portableWorker } from "./portable-worker.js";

const CHILD = fileURLToPath(new URL("./child.ts", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

/** A worker process and the messages it sent. */
export interface Worker {
  child: ChildProcess;
  messages: unknown[];
  /** The first message matching `pick`, waiting for it. */
  next<T>(pick: (m: Record<string, unknown>) => boolean): Promise<T>;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * Fork src/test-support/child.ts under tsx: `mode url ...args`.
 * @example const w = spawnWorker(["record", url, "w1", "50", "5"]); await w.exited;
 */
export function spawnWorker(args: string[]): Worker {
  return watch(
    fork(CHILD, args, {
      cwd: PACKAGE,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }),
    args,
  );
}

/**
 * The same worker run as another user (`uid`, `gid`), from a bundle in a world-readable folder
 * (see portableWorker): nothing it loads sits in the clone, so it runs wherever the clone lives.
 * @example const w = await spawnWorkerAs(["try-record", url], { uid: 65534, gid: 65534 });
 */
export async function spawnWorkerAs(
  args: string[],
  user: { uid: number; gid: number },
): Promise<Worker> {
  const bundle = await portableWorker();
  return watch(
    fork(bundle, args, {
      cwd: dirname(bundle),
      execArgv: [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      ...user,
    }),
    args,
  );
}

function watch(child: ChildProcess, args: string[]): Worker {
  const messages: unknown[] = [];
  const waiters: {
    pick: (m: Record<string, unknown>) => boolean;
    resolve: (m: unknown) => void;
  }[] = [];
  child.on("message", (m) => {
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pick(m as Record<string, unknown>)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  return {
    child,
    messages,
    exited,
    next: <T>(pick: (m: Record<string, unknown>) => boolean) =>
      new Promise<T>((resolve, reject) => {
        const found = messages.find((m) => pick(m as Record<string, unknown>));
        if (found) return resolve(found as T);
        waiters.push({ pick, resolve: resolve as (m: unknown) => void });
        exited.then((code) =>
          reject(new Error(`worker ${args[0]} exited (${code}) without the message`)),
        );
      }),
  };
}
