import { once } from "node:events";
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pc from "picocolors";

/** Colours for people on a terminal only (NO_COLOR / FORCE_COLOR respected by picocolors). */
export const colour = pc.createColors(Boolean(process.stdout.isTTY) && pc.isColorSupported);

/** Write to stdout, waiting for the pipe to drain so huge outputs stay in bounded memory. */
export async function out(text: string | Buffer): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

export async function printJson(value: unknown): Promise<void> {
  await out(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Collects JSONL output and writes it only once the whole input has been read and validated:
 * bad input anywhere means nothing is written to stdout. Past a few megabytes the lines are
 * spooled to a temporary file, so a million-line run stays in bounded memory.
 */
// Spools still on disk; removed even when the process exits early (a closed pipe, a signal).
const spools = new Set<string>();
process.on("exit", () => {
  for (const dir of spools) rmSync(dir, { recursive: true, force: true });
});

export class JsonlBuffer {
  private lines: string[] = [];
  private size = 0;
  private spool: { dir: string; path: string; fd: number } | undefined;
  private static readonly IN_MEMORY = 8 << 20;

  push(value: unknown): void {
    const line = `${JSON.stringify(value)}\n`;
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= JsonlBuffer.IN_MEMORY) this.spill();
  }

  private spill(): void {
    if (!this.spool) {
      const dir = mkdtempSync(join(tmpdir(), "fak-jsonl-spool-"));
      spools.add(dir);
      const path = join(dir, "out.jsonl");
      this.spool = { dir, path, fd: openSync(path, "w", 0o600) };
    }
    writeSync(this.spool.fd, this.lines.join(""));
    this.lines = [];
    this.size = 0;
  }

  /** Write everything collected to stdout. */
  async flush(): Promise<void> {
    if (this.spool) {
      this.spill();
      closeSync(this.spool.fd);
      try {
        for await (const chunk of createReadStream(this.spool.path)) await out(chunk as Buffer);
      } finally {
        rmSync(this.spool.dir, { recursive: true, force: true });
        spools.delete(this.spool.dir);
      }
      this.spool = undefined;
      return;
    }
    await out(this.lines.join(""));
    this.lines = [];
  }

  /** Drop whatever was collected (bad input): nothing reaches stdout. */
  discard(): void {
    if (this.spool) {
      closeSync(this.spool.fd);
      rmSync(this.spool.dir, { recursive: true, force: true });
      spools.delete(this.spool.dir);
      this.spool = undefined;
    }
    this.lines = [];
  }
}

/**
 * Run `work` with a JSONL buffer: flushed to stdout when it succeeds, discarded when it throws.
 * @example await jsonlOutput(async (jsonl) => { for (const x of xs) jsonl.push(x); });
 */
export async function jsonlOutput(work: (jsonl: JsonlBuffer) => Promise<void>): Promise<void> {
  const jsonl = new JsonlBuffer();
  try {
    await work(jsonl);
  } catch (err) {
    jsonl.discard();
    throw err;
  }
  await jsonl.flush();
}

/** A plain aligned table for people. */
export function table(headers: string[], rows: (string | number | boolean)[][]): string {
  const cells = rows.map((r) => r.map((c) => String(c)));
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)),
  );
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [colour.bold(line(headers)), ...cells.map(line)].join("\n");
}

/** A percentage with one decimal. */
export function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

export interface Progress {
  update(done: number, total?: number): void;
  stop(): void;
}

const silent: Progress = { update() {}, stop() {} };

/**
 * A progress bar on stderr (stdout stays clean) for long work, shown only to a person at a
 * terminal and never with --json.
 */
export async function progressBar(label: string, json: boolean): Promise<Progress> {
  if (json || !process.stderr.isTTY) return silent;
  const { default: cliProgress } = await import("cli-progress");
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total}`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total ?? done, done);
        started = true;
      }
      if (total !== undefined) bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
