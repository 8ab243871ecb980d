import { once } from "node:events";
import pc from "picocolors";
import { Spool } from "./spool.js";
import { type Cell, cellText, TableSink } from "./table.js";
import { forTerminal } from "./terminal.js";

export { type Cell, painted } from "./table.js";

/** Colours for people on a terminal only (NO_COLOR / FORCE_COLOR respected by picocolors). */
export const colour = pc.createColors(Boolean(process.stdout.isTTY) && pc.isColorSupported);

/** Write to stdout, waiting for the pipe to drain so huge outputs stay in bounded memory. */
export async function out(text: string | Buffer): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

// What JSON.stringify leaves raw in strings that a terminal or an editor acts on: DEL and the C1
// controls (an 8-bit CSI), bidi and invisible characters. Inside a JSON string each can be
// written as a \u escape: the same value, nothing for a terminal to act on.
const JSON_UNSAFE =
  /[\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * `value` as JSON that is safe to print: JSON.stringify, with every C1 control, bidi and
 * invisible character in a string written as its `\u` escape (C0 controls already are).
 * @example jsonText({ a: "x\u202e" }) // '{"a":"x\\u202e"}'
 */
export function jsonText(value: unknown, indent?: number): string {
  return jsonSafe(String(JSON.stringify(value, null, indent)));
}

/**
 * JSON text with the characters a terminal acts on (C1 controls, bidi and invisible marks)
 * written as `\\uXXXX` escapes: the same JSON, safe to print.
 * @example jsonSafe('{"a":"x\u202e"}') // '{"a":"x\\u202e"}'
 */
export function jsonSafe(text: string): string {
  return text.replace(JSON_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export async function printJson(value: unknown): Promise<void> {
  await out(`${jsonText(value, 2)}\n`);
}

/**
 * Collects JSONL output and writes it only once the whole input has been read and validated:
 * bad input anywhere means nothing is written to stdout. Past a few megabytes the lines are
 * spooled to a temporary file, so a million-line run stays in bounded memory.
 */
export class JsonlBuffer {
  private readonly spool = new Spool();

  push(value: unknown): void {
    this.spool.push(`${jsonText(value)}\n`);
  }

  /** Write everything collected to stdout. */
  async flush(): Promise<void> {
    for await (const chunk of this.spool.drain()) await out(chunk);
  }

  /** Drop whatever was collected (bad input): nothing reaches stdout. */
  discard(): void {
    this.spool.discard();
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

/**
 * Run `work` with a table for people: written to stdout (header in bold) when it succeeds,
 * dropped when it throws. Bounded memory however many rows (see TableSink).
 * @example await tableOutput(["task", "code"], async (t) => { for (const x of xs) t.push([x.id, x.code]); });
 */
export async function tableOutput(
  headers: readonly Cell[],
  work: (table: TableSink) => Promise<void>,
): Promise<void> {
  const sink = new TableSink(headers);
  try {
    await work(sink);
  } catch (err) {
    sink.discard();
    throw err;
  }
  await sink.write(out, colour.bold);
}

/** Text for people on stdout, with every escape sequence from data dropped (see forTerminal). */
export function say(text: string): Promise<void> {
  return out(forTerminal(text));
}

/** A small aligned table for people, as text (cells made safe for a terminal). */
export function table(headers: readonly Cell[], rows: readonly (readonly Cell[])[]): string {
  const stored = rows.map((r) => r.map(cellText));
  const head = headers.map(cellText);
  const widths = head.map(([, w]) => w);
  for (const r of stored)
    r.forEach(([, w], i) => {
      if (w > (widths[i] ?? 0)) widths[i] = w;
    });
  const line = (r: readonly [string, number][]) =>
    r
      .map(([text, w], i) => text + " ".repeat(Math.max(0, (widths[i] ?? 0) - w)))
      .join("  ")
      .trimEnd();
  return [colour.bold(line(head)), ...stored.map(line)].join("\n");
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
