import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { MemoryInputError } from "../errors.js";

/** One non-blank line of a JSONL file and its 1-based number. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** The longest line an import reads (64 MiB): a longer one is bad input, named by its line. */
export const MAX_LINE_BYTES = 64 << 20;

/**
 * Stream a file's non-blank lines as strict UTF-8 (a byte-order mark dropped, CRLF tolerated),
 * hashing the bytes as they pass; `digest()` is the sha256 and `bytes()` the length of what was
 * read once the lines are exhausted. `end` stops after that many bytes (a second pass reads what
 * the first one read, whatever a writer appended since). Memory stays bounded by the longest
 * line (at most `maxLineBytes`), and time is linear in the file's size however long its lines:
 * a line's chunks are joined once, at its end. A path that is not a regular file (a folder, a
 * FIFO, a device) and a file with no row are bad input.
 * @example for await (const { line, text } of reader.lines()) ...
 */
export function lineReader(path: string, file = path, end?: number, maxLineBytes = MAX_LINE_BYTES) {
  const hash = createHash("sha256");
  let digest = "";
  let bytes = 0;
  async function* lines(): AsyncGenerator<NumberedLine> {
    // The pieces of the line not yet ended, and their total length.
    let pieces: Buffer[] = [];
    let pendingBytes = 0;
    let line = 0;
    let rows = 0;
    const decode = (bytes: Buffer): NumberedLine | undefined => {
      line++;
      if (!isUtf8(bytes))
        throw new MemoryInputError({ file, line, field: "(line)" }, "not valid UTF-8");
      let text = bytes.toString("utf8");
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.trim() === "") return undefined;
      rows++;
      return { line, text };
    };
    const tooLong = () =>
      new MemoryInputError(
        { file, line: line + 1, field: "(line)" },
        `longer than ${maxLineBytes} bytes, the longest line an import reads`,
      );
    for await (const chunk of readable(path, file, end)) {
      hash.update(chunk);
      bytes += chunk.length;
      let start = 0;
      for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        if (pendingBytes + nl - start > maxLineBytes) throw tooLong();
        const piece = chunk.subarray(start, nl);
        const whole = pieces.length ? Buffer.concat([...pieces, piece]) : piece;
        pieces = [];
        pendingBytes = 0;
        start = nl + 1;
        const l = decode(whole);
        if (l) yield l;
      }
      if (start < chunk.length) {
        pieces.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > maxLineBytes) throw tooLong();
      }
    }
    if (pendingBytes > 0) {
      const l = decode(Buffer.concat(pieces));
      if (l) yield l;
    }
    if (rows === 0)
      throw new MemoryInputError({ file, field: "(file)" }, "empty input: the file holds no row");
    digest = hash.digest("hex");
  }
  return { lines, digest: () => digest, bytes: () => bytes };
}

async function* readable(path: string, file: string, end?: number): AsyncGenerator<Buffer> {
  if (end === 0) return;
  let handle: FileHandle | undefined;
  try {
    // The type is checked on the open descriptor, and the open never blocks: a FIFO with no
    // writer would hang a plain open, and a folder or a device is no row file.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile()) {
      const what = info.isDirectory() ? "a folder" : "not a regular file";
      throw new MemoryInputError({ file, field: "(file)" }, `cannot read the file: ${what}`);
    }
    const range = end === undefined ? {} : { end: end - 1 };
    for await (const chunk of handle.createReadStream({ autoClose: false, ...range }))
      yield chunk as Buffer;
  } catch (err) {
    if (err instanceof MemoryInputError) throw err;
    const code = (err as { code?: string }).code ?? "";
    // A missing, unreadable or impossible path is bad input (exit 2), not a failure of the memory.
    if (/^(ENOENT|EACCES|EISDIR|EPERM|ELOOP|ENOTDIR|ENAMETOOLONG|EIO|ENXIO|EINVAL)$/.test(code)) {
      throw new MemoryInputError({ file, field: "(file)" }, `cannot read the file (${code})`);
    }
    throw err;
  } finally {
    await handle?.close();
  }
}

/** Parse one JSONL line; a syntax error names the file and line. */
export function parseJsonLine(l: NumberedLine, file: string): unknown {
  if (l.text.includes("\u0000"))
    throw new MemoryInputError({ file, line: l.line, field: "(line)" }, "contains a NUL byte");
  try {
    return JSON.parse(l.text);
  } catch (err) {
    throw new MemoryInputError(
      { file, line: l.line, field: "(json)" },
      `invalid JSON (${(err as Error).message})`,
    );
  }
}
