import { readFileSync } from "node:fs";
import { decodeText, fieldPath, InputError } from "@fak/taxonomy";
import type { z } from "zod";
import { type CommandSuite, commandSuiteSchema } from "./suite-schema.js";

/**
 * Read and validate a command suite file. Bad input throws an InputError naming the file and
 * the field path (`suite.json: tasks[2].policy.arg_rules[0].deny_regex: ...`).
 * @example const suite = loadSuite("examples/suites/demo.json")
 */
export function loadSuite(path: string): CommandSuite {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new InputError(
      { file: path },
      `cannot read (${(err as NodeJS.ErrnoException).code ?? err})`,
    );
  }
  return parseSuite(decodeText(bytes, path), path);
}

/**
 * Parse suite text: exactly one JSON value (trailing data is an error), then validate it.
 * @example parseSuite(text, "suite.json").tasks.length
 */
export function parseSuite(text: string, file: string): CommandSuite {
  return checkSuite(parseSingleJson(text, file), file);
}

/**
 * Validate an already-parsed suite object.
 * @example checkSuite(JSON.parse(text), "suite.json")
 */
export function checkSuite(value: unknown, file: string): CommandSuite {
  const result = commandSuiteSchema.safeParse(value);
  if (result.success) return result.data;
  throw issueError(result.error.issues[0]!, file);
}

function issueError(issue: z.core.$ZodIssue, file: string): InputError {
  if (issue.code === "unrecognized_keys") {
    const [key, ...more] = issue.keys;
    const also = more.length ? ` (also ${more.map((k) => `"${k}"`).join(", ")})` : "";
    return new InputError(
      { file, field: fieldPath([...issue.path, key ?? ""]) },
      `unknown field${also}`,
    );
  }
  return new InputError({ file, field: fieldPath(issue.path) }, issue.message);
}

function parseSingleJson(text: string, file: string): unknown {
  if (text.trim() === "") throw new InputError({ file }, "empty input");
  const end = endOfFirstValue(text);
  if (end < text.length && text.slice(end).trim() !== "") {
    const at = end + (text.slice(end).length - text.slice(end).trimStart().length);
    throw new InputError({ file, line: lineAt(text, at) }, "trailing data after the JSON value");
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError({ file }, `invalid JSON (${(err as Error).message})`);
  }
}

/** Index just past the first top-level object or array, or the text's length if it never closes. */
function endOfFirstValue(text: string): number {
  const start = text.length - text.trimStart().length;
  if (text[start] !== "{" && text[start] !== "[") return text.length;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if ((ch === "}" || ch === "]") && --depth === 0) return i + 1;
  }
  return text.length;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text[i] === "\n") line++;
  return line;
}
