import { type CommandOutcome, isFailedOutcome } from "@fak/taxonomy";

// One command's outcome as the importers read it: the exit code an agent wrote into a tool
// result, and the output kept as its stderr tail when it failed.

/** The most of a command's output kept as its stderr tail. */
export const STDERR_TAIL_BYTES = 8 * 1024;

/**
 * The last `max` bytes (UTF-16 units, close enough for a cap) of a text, on a line start
 * where one is near, so the tail does not begin mid-word.
 * @example tailOf("abc\ndef", 5) // "def"
 */
export function tailOf(text: string, max = STDERR_TAIL_BYTES): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const nl = cut.indexOf("\n");
  return nl >= 0 && nl < 200 ? cut.slice(nl + 1) : cut;
}

// Where agents write a command's exit code into its tool result, each as it prints it: at the
// start of the text (ktb's `[exit_code=N]`, mini-swe-agent's `<returncode>`, Claude Code's and
// codex's `Exit code: N`); in codex's unified-exec header, before its `Output:` line (`Process
// exited with code N`); or on one of the last lines, after the command's own output (OpenHands
// ends with `[The command completed with exit code N.]`; Harbor's own Claude Code converter
// appends `[exit_code] N` before its metadata). The command's own output can print any of these,
// so each is looked for only where its agent puts it, and a closing one is the last there.
const EXIT_AT_START = [
  /^\s*\[exit_code=(-?\d+)\]/,
  /<returncode>\s*(-?\d+)\s*<\/returncode>/,
  /^\s*(?:error: )?exit code:?\s*(-?\d+)\b/i,
];
const EXIT_IN_HEADER = /^Process exited with code (-?\d+)$/m;
const EXIT_CLOSING = [
  /^\[The command completed with exit code (-?\d+)\.?\]$/,
  /^\[exit_code\] (-?\d+)$/,
];
/** How much of the start of a result is searched for an exit code. */
const EXIT_WINDOW = 4096;
/** Closing markers are looked for on this many last non-blank lines. */
const CLOSING_LINES = 6;

/**
 * An exit code written into a tool result's text by the agent (`[exit_code=N]`,
 * `<returncode>N</returncode>`, `Exit code: N`, `Process exited with code N` in codex's header,
 * `[The command completed with exit code N.]` or `[exit_code] N` on a closing line, or codex's
 * JSON `{"output": …, "metadata": {"exit_code": N}}`), or undefined.
 * @example exitCodeInText("[exit_code=127]\nbash: x: not found") // 127
 */
export function exitCodeInText(text: string): number | undefined {
  const head = text.slice(0, EXIT_WINDOW);
  for (const marker of EXIT_AT_START) {
    const m = marker.exec(head);
    if (m?.[1] !== undefined) return Number.parseInt(m[1], 10);
  }
  const json = jsonExitCode(text);
  if (json !== undefined) return json;
  const output = head.search(/^Output:$/m);
  if (output >= 0) {
    const m = EXIT_IN_HEADER.exec(head.slice(0, output));
    if (m?.[1] !== undefined) return Number.parseInt(m[1], 10);
  }
  const last = text
    .slice(-EXIT_WINDOW)
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(-CLOSING_LINES);
  for (let i = last.length - 1; i >= 0; i--) {
    for (const marker of EXIT_CLOSING) {
      const m = marker.exec(last[i]!.trim());
      if (m?.[1] !== undefined) return Number.parseInt(m[1], 10);
    }
  }
  return undefined;
}

/** codex's function output as JSON text: `{"output": "…", "metadata": {"exit_code": N}}`. */
function jsonExitCode(text: string): number | undefined {
  const t = text.trimStart();
  if (!t.startsWith("{") || !t.includes('"exit_code"')) return undefined;
  try {
    const doc: unknown = JSON.parse(t);
    const meta = (doc as { metadata?: { exit_code?: unknown } } | null)?.metadata;
    const code = meta?.exit_code;
    return typeof code === "number" && Number.isInteger(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One CommandOutcome. Output is kept only for a failed command: the classifier reads the
 * failed ones, and a thousand-trial job should not hold every `ls` listing in memory.
 */
export function makeOutcome(o: {
  turn?: number | undefined;
  command?: string | undefined;
  exitCode: number;
  timedOut?: boolean;
  output?: string | undefined;
  /** Where it was read: a file relative to the trial folder, and its line. */
  source?:
    | { file: string; line?: number | undefined; output_line?: number | undefined }
    | undefined;
}): CommandOutcome {
  const timedOut = o.timedOut ?? false;
  const out: CommandOutcome = { exit_code: o.exitCode, timed_out: timedOut };
  if (o.source) {
    out.source = { file: o.source.file };
    if (o.source.line !== undefined && o.source.line > 0) out.source.line = o.source.line;
  }
  if (o.turn !== undefined && o.turn >= 0) out.turn = o.turn;
  if (o.command !== undefined) out.command = o.command.trim();
  if (o.output && isFailedOutcome(out)) {
    out.stderr = tailOf(o.output);
    // Where the kept output begins in the file, only while it is kept whole (a cut tail starts
    // elsewhere), so a matched line can be cited at its own line.
    const at = o.source?.output_line;
    if (out.source && at !== undefined && at > 0 && out.stderr === o.output)
      out.source.output_line = at;
  }
  return out;
}
