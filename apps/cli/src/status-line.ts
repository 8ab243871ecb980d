import { once } from "node:events";

/** The stream a status line is drawn on: stderr, or a stand-in in tests. */
export interface StatusStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

/** Lines printed for people with a progress bar kept under them. */
export interface StatusLine {
  /** Print `text` (one or more whole lines) on stdout above the bar. */
  print(text: string): Promise<void>;
  /** Redraw the bar: `done` of `total` (unknown total: a count only), and a short tail. */
  update(done: number, total: number | undefined, tail: string): void;
  /** Erase the bar for good. */
  stop(): void;
}

const ERASE = "\r\x1b[2K";

/** `[#######-------] 12/40` (or `12` without a total), the bar sized for `width` columns. */
export function barText(done: number, total: number | undefined, tail: string, width = 80): string {
  const tailText = tail ? `  ${tail}` : "";
  if (total === undefined || total <= 0) return `${done} trials${tailText}`.slice(0, width - 1);
  const label = ` ${done}/${total}${tailText}`;
  const size = Math.max(10, Math.min(30, width - label.length - 3));
  const filled = Math.min(size, Math.round((done / total) * size));
  return `[${"#".repeat(filled)}${"-".repeat(size - filled)}]${label}`.slice(0, width - 1);
}

/**
 * A one-line progress bar on `bar` (stderr), drawn only when it is a terminal and `enabled`;
 * lines go to `lines` (stdout) above it: the bar is erased before each and drawn again after,
 * so a terminal shows every line once and one bar. Not a terminal: plain lines, no bar.
 * @example const s = statusLine(process.stderr, process.stdout, !json); await s.print("ok\n"); s.update(1, 4, "");
 */
export function statusLine(
  bar: StatusStream,
  lines: NodeJS.WritableStream,
  enabled: boolean,
): StatusLine {
  const live = enabled && bar.isTTY === true;
  let drawn = "";
  const draw = () => {
    if (live && drawn) bar.write(`${ERASE}${drawn}`);
  };
  return {
    async print(text) {
      if (live && drawn) bar.write(ERASE);
      if (!lines.write(text)) await once(lines, "drain");
      draw();
    },
    update(done, total, tail) {
      if (!live) return;
      const text = barText(done, total, tail, bar.columns || 80);
      if (text === drawn) return;
      drawn = text;
      draw();
    },
    stop() {
      if (live && drawn) bar.write(ERASE);
      drawn = "";
    },
  };
}
