import { isUtf8 } from "node:buffer";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { decodeText, InputError, validate } from "@fak/taxonomy";
import type { z } from "zod";

/**
 * The longest line fak reads (64 MiB): a longer one is bad input, named by its line. The same
 * limit as `@fak/memory`'s MAX_LINE_BYTES (memory depends on nothing of ours; a test holds the
 * two equal).
 */
export const MAX_LINE_BYTES = 64 << 20;
/** The largest input read whole (a JSON document or array, 256 MiB): JSON Lines stream instead. */
export const MAX_DOCUMENT_BYTES = 256 << 20;

/** The name a path is reported under: `-` or no path is standard input. */
export function inputName(file: string | undefined): string {
  return file === undefined || file === "-" ? "<stdin>" : file;
}

// What an errno means for a path a person gave.
const WHY: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "a folder, not a file",
  ELOOP: "too many symbolic links (a loop?)",
  ENOTDIR: "a part of the path is not a folder",
  ENAMETOOLONG: "the name is too long",
  EIO: "an I/O error while reading",
  ENXIO: "no such device",
  EINVAL: "not readable as a file",
};

function cannotRead(file: string, err: unknown): InputError {
  const code = (err as NodeJS.ErrnoException).code ?? "error";
  return new InputError({ file }, `cannot read (${code}: ${WHY[code] ?? "not readable"})`);
}

/**
 * Open `file` for reading, refusing (before any read) what is not a regular file: a folder, a
 * FIFO, a socket, a device such as /dev/zero. The open never blocks (a FIFO with no writer would
 * hang a plain open) and the type is checked on the open descriptor, so it is the file read.
 */
async function openFile(file: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw cannotRead(file, err);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new InputError({ file }, "cannot read (a folder, not a file)");
    if (!info.isFile()) {
      throw new InputError(
        { file },
        "cannot read (not a regular file: a FIFO, socket or device; pipe it to standard input instead)",
      );
    }
    return handle;
  } catch (err) {
    await handle.close();
    throw err instanceof InputError ? err : cannotRead(file, err);
  }
}

/**
 * The chunks of a file (opened as `openFile` says) or of standard input; read errors named.
 * (Synchronous 64 KiB reads cost 4% less CPU on 50,000 records but 1.6 times the wall time on a
 * loaded machine: a process that never waits loses the scheduler's preference for wakers.)
 */
async function* chunksOf(file: string | undefined): AsyncGenerator<Buffer> {
  if (file === undefined || file === "-") {
    for await (const chunk of process.stdin) yield chunk as Buffer;
    return;
  }
  const handle = await openFile(file);
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false })) yield chunk as Buffer;
  } catch (err) {
    throw cannotRead(file, err);
  } finally {
    await handle.close();
  }
}

/**
 * Raw lines of a byte stream, split on LF (a trailing CR is dropped), as bytes. Linear however
 * long a line is (its chunks are joined once, at its end); a line longer than `maxLineBytes` is
 * refused before more of it is held.
 */
export async function* byteLines(
  stream: AsyncIterable<Buffer | string>,
  name: string,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let pending = 0;
  let line = 0;
  const tooLong = () =>
    new InputError(
      { file: name, line: line + 1 },
      `line longer than ${maxLineBytes} bytes, the longest fak reads`,
    );
  const ended = (whole: Buffer) =>
    whole.length > 0 && whole[whole.length - 1] === 13 ? whole.subarray(0, -1) : whole;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, start)) {
      if (pending + nl - start > maxLineBytes) throw tooLong();
      const piece = buf.subarray(start, nl);
      const whole = pieces.length ? Buffer.concat([...pieces, piece]) : piece;
      pieces = [];
      pending = 0;
      start = nl + 1;
      line++;
      yield ended(whole);
    }
    if (start < buf.length) {
      pieces.push(buf.subarray(start));
      pending += buf.length - start;
      if (pending > maxLineBytes) throw tooLong();
    }
  }
  if (pending > 0) yield ended(Buffer.concat(pieces));
}

function parseLine(raw: string, file: string, line: number): unknown {
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new InputError({ file, line }, `invalid JSON (${(err as Error).message})`);
  }
}

/**
 * Every record of a JSON Lines stream, validated, line by line in bounded memory. A byte-order
 * mark is dropped; invalid UTF-8 and NUL bytes are errors that name the line.
 */
export async function* jsonLines<S extends z.ZodType>(
  chunks: AsyncIterable<Buffer>,
  name: string,
  schema: S,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<z.output<S>> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 0;
  for await (const bytes of byteLines(chunks, name, maxLineBytes)) {
    line++;
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new InputError({ file: name, line }, "not valid UTF-8");
    }
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.includes("\u0000")) throw new InputError({ file: name, line }, "contains a NUL byte");
    if (text.trim() === "") continue;
    yield validate(schema, parseLine(text, name, line), { file: name, line });
  }
  if (line === 0) throw new InputError({ file: name }, "empty input");
}

/**
 * The records of a JSON Lines stream in batches, one for the whole lines of each chunk read: the
 * records `jsonLines` gives, with the same error (file, line, reason) at the same line, for less
 * work a line. A chunk's whole lines are decoded at once (a line with invalid UTF-8 sends the
 * chunk through `jsonLines`' own steps, which name it); a line the per-line decoder would have
 * stripped of a byte-order mark is stripped of it here too.
 */
export async function* jsonLineBatches<S extends z.ZodType>(
  chunks: AsyncIterable<Buffer>,
  name: string,
  schema: S,
  maxLineBytes = MAX_LINE_BYTES,
): AsyncGenerator<z.output<S>[]> {
  const lineDecoder = new TextDecoder("utf-8", { fatal: true });
  let line = 0;
  let pieces: Buffer[] = [];
  let pending = 0;
  let batch: z.output<S>[] = [];
  const tooLong = () =>
    new InputError(
      { file: name, line: line + 1 },
      `line longer than ${maxLineBytes} bytes, the longest fak reads`,
    );
  // One line's text, as jsonLines reads it once decoded: byte-order marks, NUL, blank, JSON.
  const take = (decoded: string, nul: boolean) => {
    line++;
    let text = decoded;
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (nul && text.includes("\u0000"))
      throw new InputError({ file: name, line }, "contains a NUL byte");
    const first = text.charCodeAt(0);
    if (!(first > 32 && first < 127) && text.trim() === "") return;
    batch.push(validate(schema, parseLine(text, name, line), { file: name, line }));
  };
  // One line's bytes (its LF gone), decoded on its own as jsonLines does.
  const takeBytes = (bytes: Buffer) => {
    const whole =
      bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.subarray(0, -1) : bytes;
    let text: string;
    try {
      text = lineDecoder.decode(whole);
    } catch {
      throw new InputError({ file: name, line: line + 1 }, "not valid UTF-8");
    }
    take(text, true);
  };
  // Whole lines (each LF-ended but the last, whose LF is cut off), none longer than the limit.
  // Valid UTF-8 (checked first, as the strict decoder would) decodes as the strict decoder
  // decodes it, byte-order marks kept, at a fraction of its cost.
  const takeLines = (region: Buffer) => {
    if (!isUtf8(region)) {
      for (let from = 0; from <= region.length; ) {
        let nl = region.indexOf(10, from);
        if (nl < 0) nl = region.length;
        takeBytes(region.subarray(from, nl));
        from = nl + 1;
      }
      return;
    }
    const text = region.toString("utf8");
    const nul = text.includes("\u0000");
    for (let from = 0; from <= text.length; ) {
      let nl = text.indexOf("\n", from);
      if (nl < 0) nl = text.length;
      let end = nl;
      if (end > from && text.charCodeAt(end - 1) === 13) end--;
      // The per-line decoder drops a byte-order mark at the start of each line.
      const start = text.charCodeAt(from) === 0xfeff ? from + 1 : from;
      take(text.slice(start, Math.max(start, end)), nul);
      from = nl + 1;
    }
  };
  for await (const chunk of chunks) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    const first = buf.indexOf(10);
    if (first < 0) {
      pieces.push(buf);
      pending += buf.length;
      if (pending > maxLineBytes) throw tooLong();
      continue;
    }
    // The line that started in earlier chunks, then the whole lines of this one, then the rest.
    if (pending + first > maxLineBytes) throw tooLong();
    takeBytes(
      pieces.length ? Buffer.concat([...pieces, buf.subarray(0, first)]) : buf.subarray(0, first),
    );
    pieces = [];
    pending = 0;
    const last = buf.lastIndexOf(10);
    if (last > first) {
      const region = buf.subarray(first + 1, last);
      if (region.length <= maxLineBytes) takeLines(region);
      else
        for (let from = first + 1; from < last; ) {
          const nl = buf.indexOf(10, from);
          if (nl - from > maxLineBytes) throw tooLong();
          takeBytes(buf.subarray(from, nl));
          from = nl + 1;
        }
    }
    if (last + 1 < buf.length) {
      pieces.push(buf.subarray(last + 1));
      pending = buf.length - last - 1;
      if (pending > maxLineBytes) throw tooLong();
    }
    if (batch.length) {
      yield batch;
      batch = [];
    }
  }
  if (pending > 0) takeBytes(Buffer.concat(pieces));
  if (batch.length) yield batch;
  if (line === 0) throw new InputError({ file: name }, "empty input");
}

/** Every record of a JSON Lines file (or standard input), streamed line by line. */
export function streamJsonLines<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
): AsyncGenerator<z.output<S>> {
  return jsonLines(chunksOf(file), inputName(file), schema);
}

function firstLineIsWholeJson(head: string): boolean {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const nl = text.indexOf("\n");
  if (nl < 0) return false;
  try {
    JSON.parse(text.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}

/** `head`, then the rest of `it`. */
async function* prepend(head: Buffer[], it: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
}

const HEAD_BYTES = 1 << 16;
const NEWLINE = Buffer.from("\n");

/**
 * The records of `readRecords`, in batches (the whole lines of each chunk of JSON Lines read, or
 * the whole document): the same records in the same order, and the same error for bad input,
 * with less work a line. A batch is checked whole before it is given: records of a batch that
 * holds a bad line are never seen.
 */
export async function* readRecordBatches<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
): AsyncGenerator<z.output<S>[]> {
  yield* readInput(file, schema, true);
}

/**
 * Records from a file (or standard input) that holds one JSON value, a JSON array, or JSON
 * Lines. JSON Lines (a first line that is whole JSON) are streamed, in bounded memory; anything
 * else is read whole, up to MAX_DOCUMENT_BYTES. The input is opened once; a path that is not a
 * regular file is refused before it is read.
 */
export async function* readRecords<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
): AsyncGenerator<z.output<S>> {
  yield* readInput(file, schema, false);
}

function readInput<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
  batches: false,
): AsyncGenerator<z.output<S>>;
function readInput<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
  batches: true,
): AsyncGenerator<z.output<S>[]>;
async function* readInput<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
  batches: boolean,
): AsyncGenerator<z.output<S> | z.output<S>[]> {
  const name = inputName(file);
  const it = chunksOf(file)[Symbol.asyncIterator]();
  try {
    const head: Buffer[] = [];
    let size = 0;
    while (size < HEAD_BYTES && !head.some((c) => c.includes(10))) {
      const r = await it.next();
      if (r.done) break;
      head.push(r.value);
      size += r.value.length;
    }
    const start = Buffer.concat(head);
    if (firstLineIsWholeJson(start.subarray(0, HEAD_BYTES).toString("utf8"))) {
      if (batches) yield* jsonLineBatches(prepend(head, it), name, schema);
      else yield* jsonLines(prepend(head, it), name, schema);
      return;
    }
    // One JSON document (or array) read whole, through the same bounded splitter as JSON Lines:
    // the same line limit (/dev/zero on standard input has one endless line) and the same error.
    const lines: Buffer[] = [];
    let read = 0;
    for await (const bytes of byteLines(prepend(head, it), name)) {
      read += bytes.length + 1;
      if (read > MAX_DOCUMENT_BYTES) {
        throw new InputError(
          { file: name },
          `larger than ${MAX_DOCUMENT_BYTES} bytes, the largest JSON document fak reads whole (give JSON Lines instead)`,
        );
      }
      lines.push(bytes);
    }
    const whole = Buffer.concat(lines.flatMap((l, i) => (i ? [NEWLINE, l] : [l])));
    const { parseJsonOrJsonLines } = await import("@fak/taxonomy");
    const records = parseJsonOrJsonLines(decodeText(whole, name), schema, name);
    if (batches) yield records;
    else yield* records;
  } finally {
    await it.return?.(undefined);
  }
}
