import { once } from "node:events";
import pc from "picocolors";

/** Colours for people on a terminal only (NO_COLOR / FORCE_COLOR respected by picocolors). */
export const colour = pc.createColors(Boolean(process.stdout.isTTY) && pc.isColorSupported);

/** Write to stdout, waiting for the pipe to drain so huge outputs stay in bounded memory. */
export async function out(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

export async function printJson(value: unknown): Promise<void> {
  await out(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Collects JSONL output and writes it only once the whole input has been read and validated:
 * bad input anywhere means nothing is written to stdout.
 */
export class JsonlBuffer {
  private chunks: string[] = [];
  private current: string[] = [];
  push(value: unknown): void {
    this.current.push(JSON.stringify(value));
    if (this.current.length >= 4096) this.seal();
  }
  private seal(): void {
    if (this.current.length) this.chunks.push(`${this.current.join("\n")}\n`);
    this.current = [];
  }
  async flush(): Promise<void> {
    this.seal();
    for (const chunk of this.chunks) await out(chunk);
    this.chunks = [];
  }
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
