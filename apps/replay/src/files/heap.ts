import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A job of many large trial files must not cost more memory than its largest trial. Each trial's
// files are read, parsed and dropped; V8 collects that garbage only once its heap has grown well
// past it, so six 20 MB trajectories peaked at twice one's memory though nothing was kept. After
// a trial whose reads passed a threshold, a full collection gives the memory back at once.

/** Bytes read since the last collection past which the next trial boundary collects. */
export const COLLECT_AFTER_BYTES = 16 * 1024 * 1024;

let sinceCollect = 0;
let collect: (() => void) | undefined | null = null;

/** Count bytes just read from a trial's files (`readFileSafe` calls this). */
export function noteBytesRead(bytes: number): void {
  sinceCollect += bytes;
}

/**
 * At a trial boundary: when the reads since the last collection passed `COLLECT_AFTER_BYTES`,
 * run a full garbage collection (V8's own, exposed once by flag; a no-op where that fails).
 * @example for (const t of trials) { read(t); collectAfterLargeReads(); }
 */
export function collectAfterLargeReads(): void {
  if (sinceCollect < COLLECT_AFTER_BYTES) return;
  sinceCollect = 0;
  if (collect === null) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = undefined;
    }
  }
  collect?.();
}
