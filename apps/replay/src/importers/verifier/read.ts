import { join } from "node:path";
import type { EvidenceLine, TestResult } from "@fak/taxonomy";
import { listDir, noted, readFileSafe } from "../../files/fs-safe.js";
import { terminalText } from "../terminal-text.js";
import { isJunit, junitTests } from "./junit.js";
import { type NumberedText, scanText, type TextScan } from "./scan.js";
import { walkJson } from "./walk-json.js";

// Every file a verifier left, read for its verdict by what it holds, not by its name: JSON is
// walked (walk-json.ts), JUnit XML gives its test outcomes (junit.ts), and anything that is not
// JSON is scanned as test or compiler output (scan.ts).
// Bounded: a cap per file and per trial, a cap on files and on folder depth; symlinks are never
// followed (fs-safe.ts); binary files are skipped.

/** Caps on what one trial's verifier folder costs to read. */
export const VERDICT_LIMITS = {
  /** Past this a text file is read by its tail (without line numbers); JSON is skipped. */
  fileBytes: 8 * 1024 * 1024,
  tailBytes: 512 * 1024,
  trialBytes: 32 * 1024 * 1024,
  files: 200,
  depth: 4,
};

/** The verdict a verifier folder holds. */
export interface VerdictFiles {
  /** Files read (relative to the trial folder). */
  files: string[];
  tests: TestResult[];
  /** The first failure first, then the rest (at most 40). */
  failure: EvidenceLine[];
  notRun?: TextScan["notRun"];
  /** false only when every file read shows the verifier still in its own set-up (see TextScan). */
  started: boolean;
}

interface Found {
  lines: EvidenceLine[];
  strength: number;
  json: boolean;
  rel: string;
}

async function listFiles(trialDir: string, rel: string, notes: string[]): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string, depth: number): Promise<void> => {
    for (const e of await listDir(join(trialDir, sub))) {
      if (out.length >= VERDICT_LIMITS.files) {
        notes.push(
          `${join(trialDir, rel)}: more than ${VERDICT_LIMITS.files} files; the rest unread`,
        );
        return;
      }
      const path = `${sub}/${e.name}`;
      if (e.isFile()) out.push(path);
      else if (e.isDirectory() && depth < VERDICT_LIMITS.depth) await walk(path, depth + 1);
    }
  };
  await walk(rel, 1);
  return out;
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 8192).includes(0);

/**
 * Read every file under a trial's `rel` folder (its `verifier/`) for the verdict it holds.
 * `structuredOnly` keeps only test outcomes and failing criteria from JSON (for `artifacts/`,
 * which also holds the agent's own files).
 * @example const v = await readVerdictFiles("job/t__1", "verifier", notes); v.failure[0]
 */
export async function readVerdictFiles(
  trialDir: string,
  rel: string,
  notes: string[],
  opts: { structuredOnly?: boolean } = {},
): Promise<VerdictFiles> {
  const result: VerdictFiles = { files: [], tests: [], failure: [], started: false };
  let scannedText = 0;
  const found: Found[] = [];
  const textTests: TestResult[] = [];
  let budget = VERDICT_LIMITS.trialBytes;
  for (const path of await listFiles(trialDir, rel, notes)) {
    if (budget <= 0) {
      notes.push(
        `${join(trialDir, rel)}: over ${VERDICT_LIMITS.trialBytes} bytes read; the rest unread`,
      );
      break;
    }
    const file = join(trialDir, path);
    const slice = await noted(notes, () =>
      readFileSafe(file, { maxBytes: Math.min(VERDICT_LIMITS.fileBytes, budget), tail: true }),
    );
    if (!slice || slice.bytes.length === 0 || isBinary(slice.bytes)) continue;
    budget -= slice.bytes.length;
    result.files.push(path);
    const text = slice.text;
    const head = text.trimStart()[0];
    if (slice.skipped === 0 && (head === "{" || head === "[")) {
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (err) {
        notes.push(`${file}: invalid JSON (${(err as Error).message}); read as text`);
      }
      if (doc !== undefined) {
        const v = walkJson(doc, text, path);
        result.tests.push(...v.tests);
        const failedTest = v.tests.some((t) => !t.passed);
        if (v.lines.length && (failedTest || !opts.structuredOnly))
          found.push({ lines: v.lines, strength: v.strength, json: true, rel: path });
        if (v.notRun && !opts.structuredOnly) result.notRun ??= v.notRun;
        continue;
      }
    }
    if (isJunit(text)) result.tests.push(...junitTests(text, path));
    if (opts.structuredOnly) continue;
    const numbered: NumberedText = { file: path, text: terminalText(text) };
    if (slice.skipped === 0) numbered.first = 1;
    const scan = scanText(numbered);
    if (scan.lines.length)
      found.push({ lines: scan.lines, strength: scan.strength, json: false, rel: path });
    if (scan.notRun) result.notRun ??= scan.notRun;
    textTests.push(...scan.tests);
    scannedText++;
    if (scan.started) result.started = true;
  }
  // A verifier that left no structured report: the outcomes its runner printed, one a line.
  if (result.tests.length === 0) result.tests = textTests;
  // No output read at all says nothing about where the verifier stopped.
  if (result.tests.length > 0 || scannedText === 0) result.started = true;
  // The strongest evidence first; output files before JSON at equal strength (a runner's own
  // output is where its failure is first written), then by path.
  found.sort(
    (a, b) =>
      b.strength - a.strength ||
      Number(a.json) - Number(b.json) ||
      (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0),
  );
  const seen = new Set<string>();
  for (const f of found) {
    for (const l of f.lines) {
      if (result.failure.length >= 40) break;
      if (seen.has(l.text)) continue;
      seen.add(l.text);
      result.failure.push(l);
    }
  }
  return result;
}
