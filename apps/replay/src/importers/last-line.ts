import type { EvidenceLine } from "@fak/taxonomy";
import { UnreadableFileError } from "../files/fs-safe.js";
import { readNumbered } from "./verifier-output.js";

/** A log line that reports an error (the last one is the likeliest reason a run stopped). */
export const ERROR_LINE = /\b(?:error|exception|traceback|failed|timed? ?out|killed|cancelled)\b/i;

/** Evidence lines are cut to this many characters. */
const MAX_TEXT = 500;

/**
 * The last non-blank line of a trial file (the last one matching `pattern`, when given), with
 * its line number when the file was read whole; undefined when the file is absent, unreadable
 * or has no such line.
 * @example await lastLine("jobs/j1/t__1", "exception.txt") // { file: "exception.txt", line: 3, text: "RuntimeError: boom" }
 */
export async function lastLine(
  dir: string,
  rel: string,
  pattern?: RegExp,
): Promise<EvidenceLine | undefined> {
  let read: Awaited<ReturnType<typeof readNumbered>>;
  try {
    read = await readNumbered(dir, rel);
  } catch (err) {
    if (err instanceof UnreadableFileError) return undefined;
    throw err;
  }
  if (!read) return undefined;
  const lines = read.text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = lines[i]?.trim() ?? "";
    if (!text || (pattern && !pattern.test(text))) continue;
    const line: EvidenceLine = { file: rel, text: text.slice(0, MAX_TEXT) };
    if (read.first !== undefined) line.line = read.first + i;
    return line;
  }
  return undefined;
}
