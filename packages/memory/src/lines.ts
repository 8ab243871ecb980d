import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { MemoryInputError } from "./errors.js";

/** One non-blank line of a JSONL file and its 1-based number. */
export interface NumberedLine {
  line: number;
  text: string;
}

/**
 * Stream a file's non-blank lines as strict UTF-8 (a byte-order mark dropped, CRLF tolerated),
 * hashing the bytes as they pass; `digest()` is the sha256 and `bytes()` the length of what was
 * read once the lines are exhausted. `end` stops after that many bytes (a second pass reads what
 * the first one read, whatever a writer appended since). Memory stays bounded by the longest
 * line, whatever the file's size.
 * @example for await (const { line, text } of reader.lines()) ...
 */
export function lineReader(path: string, file = path, end?: number) {
  const hash = createHash("sha256");
  let digest = "";
  let bytes = 0;
  async function* lines(): AsyncGenerator<NumberedLine> {
    let pending: Buffer = Buffer.alloc(0);
    let line = 0;
    const decode = (bytes: Buffer): NumberedLine | undefined => {
      line++;
      if (!isUtf8(bytes))
        throw new MemoryInputError({ file, line, field: "(line)" }, "not valid UTF-8");
      let text = bytes.toString("utf8");
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      return text.trim() === "" ? undefined : { line, text };
    };
    for await (const chunk of readable(path, file, end)) {
      hash.update(chunk);
      bytes += chunk.length;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let start = 0;
      for (let nl = pending.indexOf(0x0a); nl >= 0; nl = pending.indexOf(0x0a, start)) {
        const l = decode(pending.subarray(start, nl));
        start = nl + 1;
        if (l) yield l;
      }
      pending = pending.subarray(start);
    }
    if (pending.length > 0) {
      const l = decode(pending);
      if (l) yield l;
    }
    digest = hash.digest("hex");
  }
  return { lines, digest: () => digest, bytes: () => bytes };
}

async function* readable(path: string, file: string, end?: number): AsyncGenerator<Buffer> {
  if (end === 0) return;
  try {
    const stream = createReadStream(path, end === undefined ? {} : { end: end - 1 });
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (err) {
    if (err instanceof MemoryInputError) throw err;
    const code = (err as { code?: string }).code ?? "";
    // A missing or unreadable file is bad input (exit 2), not a failure of the memory.
    if (/^(ENOENT|EACCES|EISDIR|EPERM)$/.test(code)) {
      throw new MemoryInputError({ file, field: "(file)" }, `cannot read the file (${code})`);
    }
    throw err;
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
