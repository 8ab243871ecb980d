// Run the built fak CLI as a child process with a hard time limit: on the limit its whole
// process group is SIGKILLed and the run counts as a hang. Every run reports its exit status,
// stdout and stderr (capped), wall time, and (through lib/rusage.cjs) peak RSS.

import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PRELOAD = fileURLToPath(new URL("./rusage.cjs", import.meta.url));
const OUTPUT_CAP = 64 * 1024 * 1024;

const live = new Set();
function killAll() {
  for (const child of live) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
process.on("exit", killAll);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

let counter = 0;

/**
 * A runner bound to one CLI and one scratch folder.
 * @example const fak = makeRunner({ cli, scratch }); const r = await fak(["memory", "verify"]);
 */
export function makeRunner({ cli, scratch, defaultTimeoutMs = 60_000 }) {
  /**
   * Run `fak ...args`. Options: cwd (default the scratch folder), timeoutMs, input (stdin
   * text), env (added), nodeArgs (before the CLI, e.g. a heap limit).
   */
  return function fak(args, opts = {}) {
    const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs;
    const rusageFile = join(scratch, `.rusage-${process.pid}-${++counter}.json`);
    const env = { ...process.env };
    // Never the user's own memory or embeddings endpoint: every run names its --db.
    for (const k of Object.keys(env)) if (k.startsWith("FAK_")) delete env[k];
    Object.assign(env, { NO_COLOR: "1", FORCE_COLOR: "0", FAK_REDTEAM_RUSAGE: rusageFile });
    Object.assign(env, opts.env ?? {});
    const started = process.hrtime.bigint();
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [...(opts.nodeArgs ?? []), "--require", PRELOAD, cli, ...args],
        {
          cwd: opts.cwd ?? scratch,
          env,
          detached: true,
          stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        },
      );
      live.add(child);
      const out = [];
      const err = [];
      let outBytes = 0;
      let errBytes = 0;
      child.stdout.on("data", (b) => {
        if (outBytes < OUTPUT_CAP) out.push(b);
        outBytes += b.length;
      });
      child.stderr.on("data", (b) => {
        if (errBytes < OUTPUT_CAP) err.push(b);
        errBytes += b.length;
      });
      if (opts.input !== undefined) {
        child.stdin.on("error", () => {});
        child.stdin.end(opts.input);
      }
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }, timeoutMs);
      child.on("error", (e) => err.push(Buffer.from(String(e))));
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        live.delete(child);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        let usage = null;
        if (existsSync(rusageFile)) {
          try {
            usage = JSON.parse(readFileSync(rusageFile, "utf8"));
          } catch {
            usage = null;
          }
          rmSync(rusageFile, { force: true });
        }
        const stdoutBuf = Buffer.concat(out);
        const stderrBuf = Buffer.concat(err);
        resolve({
          args,
          code,
          signal,
          timedOut,
          ms,
          maxRssMb: usage ? usage.maxRssKb / 1024 : null,
          cpuMs: usage ? (usage.userUs + usage.systemUs) / 1000 : null,
          stdoutBuf,
          stdout: stdoutBuf.toString("utf8"),
          stderr: stderrBuf.toString("utf8"),
        });
      });
    });
  };
}

/** `fak --json` stdout parsed, or undefined when it is not one JSON value. */
export function jsonOf(result) {
  try {
    return JSON.parse(result.stdout);
  } catch {
    return undefined;
  }
}

/** JSON Lines stdout parsed, skipping lines that are not JSON. */
export function jsonLinesOf(result) {
  const rows = [];
  for (const line of result.stdout.split("\n")) {
    if (!line.trim()) continue;
    try {
      rows.push(JSON.parse(line));
    } catch {
      // Not a row.
    }
  }
  return rows;
}

/** A one-line account of a run for a sample: exit status, time, the first stderr line. */
export function brief(result) {
  if (result.timedOut) return `killed after ${(result.ms / 1000).toFixed(1)} s`;
  const first = result.stderr.split("\n").find((l) => l.trim()) ?? "";
  return `exit ${result.code ?? result.signal}${first ? `: ${first.slice(0, 100)}` : ""}`;
}
