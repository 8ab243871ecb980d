import type { z } from "zod";
import { quickFailureSignals } from "./quick-signals.js";
import { failureSignalsSchema } from "./schemas.js";

/** Where a bad input was found: the file, the 1-based line (JSONL), the field path. */
export interface InputLocation {
  file: string;
  line?: number;
  field?: string;
}

/**
 * Bad input: names the file, line and field. Callers map it to exit status 2.
 * @example
 *   try { parseJsonLines(text, failureSignalsSchema, "in.jsonl") }
 *   catch (e) { if (e instanceof InputError) console.error(e.message) } // "in.jsonl:3: arm.commands: ..."
 */
export class InputError extends Error {
  readonly code = "FAK_BAD_INPUT";
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  constructor(where: InputLocation, problem: string) {
    const at = where.line === undefined ? where.file : `${where.file}:${where.line}`;
    super(where.field ? `${at}: ${where.field}: ${problem}` : `${at}: ${problem}`);
    this.name = "InputError";
    this.file = where.file;
    this.line = where.line;
    this.field = where.field;
  }
}

/** `a.b[2].c` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(root)";
}

/** Validate one already-parsed value, turning the first zod issue into an InputError. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: InputLocation,
): z.output<S> {
  // The common shape of FailureSignals, checked by hand (the same value zod gives); anything
  // else, and every error, from the schema.
  if ((schema as z.ZodType) === failureSignalsSchema) {
    const quick = quickFailureSignals(value);
    if (quick) return quick as z.output<S>;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const inner = issue.path.length ? fieldPath(issue.path) : "";
  const field =
    where.field && inner
      ? `${where.field}${inner.startsWith("[") ? "" : "."}${inner}`
      : where.field || inner || "(root)";
  throw new InputError({ ...where, field }, issue.message);
}

/** Decode bytes as strict UTF-8, dropping a byte-order mark; NUL bytes are refused. */
export function decodeText(bytes: Uint8Array | string, file: string): string {
  let text: string;
  if (typeof bytes === "string") text = bytes;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new InputError({ file, line: firstInvalidLine(bytes) }, "not valid UTF-8");
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const nul = text.indexOf("\u0000");
  if (nul >= 0) {
    const line = countLines(text, nul);
    throw new InputError({ file, line }, "contains a NUL byte");
  }
  return text;
}

/** The 1-based line that holds the first byte sequence that is not UTF-8. */
function firstInvalidLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end < 0) end = bytes.length;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    line++;
    start = end + 1;
  }
  return line;
}

function countLines(text: string, upTo: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < upTo; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function parseLine(raw: string, where: InputLocation): unknown {
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new InputError(where, `invalid JSON (${(err as Error).message})`);
  }
}

/**
 * Parse JSON Lines: one value per non-blank line, each validated against `schema`.
 * @example parseJsonLines('{"task_id":"a"}\n', failureSignalsSchema, "signals.jsonl")
 */
export function parseJsonLines<S extends z.ZodType>(
  text: string,
  schema: S,
  file: string,
): z.output<S>[] {
  const out: z.output<S>[] = [];
  let line = 0;
  for (const raw of text.split("\n")) {
    line++;
    if (raw.trim() === "") continue;
    out.push(validate(schema, parseLine(raw, { file, line }), { file, line }));
  }
  return out;
}

/**
 * Parse a file that holds one JSON value, a JSON array of values, or JSON Lines.
 * A document that parses whole is taken as JSON; otherwise it is read line by line.
 */
export function parseJsonOrJsonLines<S extends z.ZodType>(
  text: string,
  schema: S,
  file: string,
): z.output<S>[] {
  if (text.trim() === "") throw new InputError({ file }, "empty input");
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    return parseJsonLines(text, schema, file);
  }
  if (Array.isArray(whole)) {
    return whole.map((item, i) => validate(schema, item, { file, field: `[${i}]` }));
  }
  return [validate(schema, whole, { file, line: 1 })];
}
