import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Spools still on disk; removed even when the process exits early (a closed pipe, a signal).
const spools = new Set<string>();
process.on("exit", () => {
  for (const dir of spools) rmSync(dir, { recursive: true, force: true });
});

/**
 * Text collected now and read back later, in memory up to a few megabytes and past that in a
 * private temporary file: output held until the whole input is validated stays in bounded
 * memory however large the input.
 */
export class Spool {
  private parts: string[] = [];
  private size = 0;
  private file: { dir: string; path: string; fd: number } | undefined;
  private static readonly IN_MEMORY = 8 << 20;

  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= Spool.IN_MEMORY) this.spill();
  }

  private spill(): void {
    if (!this.file) {
      const dir = mkdtempSync(join(tmpdir(), "fak-jsonl-spool-"));
      spools.add(dir);
      const path = join(dir, "out.jsonl");
      this.file = { dir, path, fd: openSync(path, "w", 0o600) };
    }
    for (const chunk of grouped(this.parts)) writeSync(this.file.fd, chunk);
    this.parts = [];
    this.size = 0;
  }

  /** Everything pushed, in order, in chunks of bounded size; the spool is empty afterwards. */
  async *drain(): AsyncGenerator<string | Buffer> {
    if (!this.file) {
      const parts = this.parts;
      this.parts = [];
      this.size = 0;
      yield* grouped(parts);
      return;
    }
    this.spill();
    closeSync(this.file.fd);
    const { dir, path } = this.file;
    this.file = undefined;
    try {
      for await (const chunk of createReadStream(path)) yield chunk as Buffer;
    } finally {
      rmSync(dir, { recursive: true, force: true });
      spools.delete(dir);
    }
  }

  /** Drop whatever was collected. */
  discard(): void {
    if (this.file) {
      closeSync(this.file.fd);
      rmSync(this.file.dir, { recursive: true, force: true });
      spools.delete(this.file.dir);
      this.file = undefined;
    }
    this.parts = [];
    this.size = 0;
  }
}

// Parts joined into strings of at most GROUP characters (a longer part stays whole). A string of
// more than about 128 KiB is allocated apart from the rest of the heap: joining 20 MB of output
// into one cost 30 times the writes (2026-12-06), groups of 256 KiB 20 times, of 64 KiB nothing.
const GROUP = 64 << 10;

function* grouped(parts: readonly string[]): Generator<string> {
  let group: string[] = [];
  let size = 0;
  for (const part of parts) {
    if (size + part.length > GROUP && group.length) {
      yield group.join("");
      group = [];
      size = 0;
    }
    group.push(part);
    size += part.length;
  }
  if (size > 0) yield group.join("");
}
