import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { decodeText, InputError, validate } from "@fak/taxonomy";
import type { z } from "zod";

/** The name a path is reported under: `-` or no path is standard input. */
export function inputName(file: string | undefined): string {
  return file === undefined || file === "-" ? "<stdin>" : file;
}

async function readAll(file: string | undefined): Promise<Uint8Array> {
  if (file !== undefined && file !== "-") {
    try {
      return await readFile(file);
    } catch (err) {
      throw new InputError(
        { file },
        `cannot read (${(err as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The whole text of a file or of standard input, as strict UTF-8. */
export async function readText(file: string | undefined): Promise<string> {
  return decodeText(await readAll(file), inputName(file));
}

function parseLine(raw: string, file: string, line: number): unknown {
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new InputError({ file, line }, `invalid JSON (${(err as Error).message})`);
  }
}

/** Raw lines of a byte stream, split on LF (a trailing CR is dropped), as bytes. */
async function* byteLines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let data = rest.length ? Buffer.concat([rest, buf]) : buf;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      const end = nl > start && data[nl - 1] === 13 ? nl - 1 : nl;
      yield data.subarray(start, end);
      start = nl + 1;
    }
    rest = Buffer.from(data.subarray(start));
    data = rest;
  }
  if (rest.length) yield rest[rest.length - 1] === 13 ? rest.subarray(0, -1) : rest;
}

async function openStream(file: string | undefined): Promise<AsyncIterable<Buffer | string>> {
  if (file === undefined || file === "-") return process.stdin;
  const s = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    s.once("open", () => resolve());
    s.once("error", (err: NodeJS.ErrnoException) =>
      reject(new InputError({ file }, `cannot read (${err.code ?? "error"})`)),
    );
  });
  return s;
}

/**
 * Every record of a JSON Lines file, validated, streamed line by line so that a million-line
 * file is read in bounded memory. A byte-order mark is dropped; invalid UTF-8 and NUL bytes
 * are errors that name the line.
 */
export async function* streamJsonLines<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
): AsyncGenerator<z.output<S>> {
  const name = inputName(file);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 0;
  for await (const bytes of byteLines(await openStream(file))) {
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

async function peek(file: string, bytes: number): Promise<string> {
  const { open } = await import("node:fs/promises");
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (err) {
    throw new InputError(
      { file },
      `cannot read (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
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

/**
 * Records from a file that holds one JSON value, a JSON array, or JSON Lines. JSON Lines files are
 * streamed; a single document (or standard input) is read whole.
 */
export async function* readRecords<S extends z.ZodType>(
  file: string | undefined,
  schema: S,
): AsyncGenerator<z.output<S>> {
  if (file !== undefined && file !== "-" && firstLineIsWholeJson(await peek(file, 1 << 16))) {
    yield* streamJsonLines(file, schema);
    return;
  }
  const { parseJsonOrJsonLines } = await import("@fak/taxonomy");
  yield* parseJsonOrJsonLines(await readText(file), schema, inputName(file));
}
