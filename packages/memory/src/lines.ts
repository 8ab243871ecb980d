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
 * hashing the bytes as they pass; `digest()` is the file's sha256 once the lines are exhausted.
 * Memory stays bounded by the longest line, whatever the file's size.
 * @example for await (const { line, text } of reader.lines()) ...
 */
export function lineReader(path: string, file = path) {
  const hash = createHash("sha256");
  let digest = "";
  async function* lines(): AsyncGenerator<NumberedLine> {
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
    let pending = "";
    let line = 0;
    const decode = (chunk?: Buffer): string => {
      try {
        return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      } catch {
        throw new MemoryInputError({ file, line: line + 1, field: "(line)" }, "not valid UTF-8");
      }
    };
    function* split(text: string, final: boolean): Generator<NumberedLine> {
      pending += text;
      let start = 0;
      for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n", start)) {
        line++;
        const raw = pending.slice(start, nl);
        start = nl + 1;
        if (raw.trim() !== "") yield { line, text: raw };
      }
      pending = pending.slice(start);
      if (final && pending.trim() !== "") {
        line++;
        yield { line, text: pending };
      }
    }
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      yield* split(decode(chunk as Buffer), false);
    }
    yield* split(decode(), true);
    digest = hash.digest("hex");
  }
  return { lines, digest: () => digest };
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
