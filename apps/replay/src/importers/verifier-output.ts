import type { EvidenceLine } from "@fak/taxonomy";
import { readOptional } from "../files/fs-safe.js";
import { terminalText } from "./terminal-text.js";
import { type NumberedText, scanText } from "./verifier/scan.js";

// A verifier's or a test run's output, as evidence: the first failure and the lines around it,
// each with its line number in the file, so a classification can say where it was decided.
// Which lines are failures is the runner table's (`verifier/runners.ts`).

export type { NumberedText };

/** Read whole up to this size (line numbers exact); past it only the tail, without line numbers. */
const WHOLE = 8 * 1024 * 1024;
const TAIL = 512 * 1024;

/**
 * Read a trial file for evidence: whole when small enough (exact line numbers), else its tail.
 * @example await readNumbered("job/t__1", "verifier/test-stdout.txt")
 */
export async function readNumbered(
  trialDir: string,
  rel: string,
): Promise<NumberedText | undefined> {
  const whole = await readOptional(`${trialDir}/${rel}`, { maxBytes: WHOLE, tail: true });
  if (whole && whole.skipped === 0) return { file: rel, text: terminalText(whole.text), first: 1 };
  const tail = await readOptional(`${trialDir}/${rel}`, { maxBytes: TAIL, tail: true });
  return tail ? { file: rel, text: terminalText(tail.text) } : undefined;
}

function lineAt(t: NumberedText, i: number, text: string): EvidenceLine {
  const line: EvidenceLine = { file: t.file, text: text.trim() };
  if (t.first !== undefined) line.line = t.first + i;
  return line;
}

/**
 * The first failure of a test run and what follows it: the first pytest `E` line (else the
 * first failing test or error of any runner in `verifier/runners.ts`, else the first line that
 * reads as a failure) comes first, then the failure-looking lines of the output in file order
 * (a compiler error printed before the assertion included), at most 40.
 * @example failureLines({ file: "verifier/test-stdout.txt", text, first: 1 })[0].text // "assert 2 == 3"
 */
export function failureLines(t: NumberedText): EvidenceLine[] {
  return scanText(t).lines;
}

/**
 * The first line of a text that matches, as evidence.
 * @example findLine(numbered, /command not found/)
 */
export function findLine(t: NumberedText, pattern: RegExp, from = 0): EvidenceLine | undefined {
  const lines = t.text.split("\n");
  for (let i = from; i < lines.length; i++) {
    if (pattern.test(lines[i]!)) return lineAt(t, i, lines[i]!);
  }
  return undefined;
}
