import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

export interface FakRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run the built `fak` bin as a user would, feeding `input` on standard input. */
export function runFak(
  args: string[],
  opts: { input?: string | Buffer; env?: Record<string, string>; cwd?: string } = {},
): Promise<FakRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, NO_COLOR: "1", FAK_DB_URL: "", ...opts.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(opts.input ?? "");
  });
}

/** Parse JSON Lines output. */
export function jsonl(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}
