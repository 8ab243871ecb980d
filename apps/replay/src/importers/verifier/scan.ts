import type { EvidenceLine, TestResult } from "@fak/taxonomy";
import { type NotRunKind, PASSED, RUNNERS } from "./runners.js";

// Test and compiler output scanned with the runner table (runners.ts): the first failing
// assertion, test or compiler error heads the evidence, then every failure-looking line in file
// order (a compiler error printed before the assertion included), and the first line that says
// the verifier could not run its tests.

/** A text's lines, numbered from `first`. */
export interface NumberedText {
  file: string;
  text: string;
  /** Line number of the text's first line; undefined when unknown (a tail of a large file). */
  first?: number;
  /** Every line of the text sits on this one line of the file (a JSON string). */
  atLine?: number;
}

/** What a scan found. */
export interface TextScan {
  /** The first failure first, then the other failure lines in file order (at most 40). */
  lines: EvidenceLine[];
  /** 2: a runner's failing test or error; 1: only lines that read as failures; 0: nothing. */
  strength: 0 | 1 | 2;
  /** The runner whose failure heads the evidence. */
  runner?: string;
  /** The first line that says the tests could not run. */
  notRun?: { kind: NotRunKind; runner: string; line: EvidenceLine };
  /** Test outcomes the output reports one line each (runner table's `outcome`). */
  tests: TestResult[];
  /**
   * false only when no test runner started (no start line, test outcome or runner failure) and
   * the output ends in the verifier's own installs or downloads: it never got to the tests.
   */
  started: boolean;
}

/** Lines kept from a scan. */
export const MAX_LINES = 40;
/** Only this much of a line is tried against the patterns. */
const MAX_LINE = 4000;

const PYTEST_ASSERTION = /^E\s{2,}\S/;
const FAILURE =
  /^curl: \(\d+\)|\b(?:assert(?:ion)?(?:error)?|error|exception|traceback|failed|failure|fatal|syntaxerror|timed? ?out|timeout|not found|no such file|cannot|unable to)\b/i;
const NOISE =
  /^\s*$|^={3,}|^-{3,}(?! FAIL)|^_{3,}(?! ERROR collecting)|\bpassed\b.*\bin \d|^platform |^rootdir:|^plugins:|^collected /i;

/** Lines runners print as they start running tests (pytest, unittest, jest/vitest, playwright, go, cargo, TAP, ctest). */
const RUNNER_START =
  /test session starts|^collected \d{1,7} items?|^Running \d{1,7} tests? using|^\s*RUN\s+v\d|^=== RUN\s|^running \d{1,7} tests?$|^Ran \d{1,7} tests? in|^1\.\.\d{1,7}$|^Test project \S/;

/** A line of an install or download still under way (apt, pip, npm, playwright's browsers, curl). */
const SETUP_LINE =
  /^\s*(?:Downloading\b|Collecting\b|Setting up\b|Unpacking\b|Preparing to unpack\b|Selecting previously unselected\b|Get:\d|Fetched\b|Processing triggers\b|Installing\b|Reading package lists|Building dependency tree|npm (?:warn|http|notice)\b|added \d{1,7} packages?\b|\|[■\s]{1,200}\|\s{0,20}\d{1,3}% of\b|#{1,200}\s{0,20}\d{1,3}(?:\.\d)?%$|\s{0,20}% Total\s)/;

const FAILURES = RUNNERS.flatMap((r) => r.failure.map((pattern) => ({ runner: r.name, pattern })));
const OUTCOMES = RUNNERS.flatMap((r) => (r.outcome ? [r.outcome] : []));
/** Test outcomes kept from one text. */
const MAX_TESTS = 20_000;
const NOT_RUN = RUNNERS.flatMap((r) =>
  (r.notRun ?? []).map((n) => ({ runner: r.name, kind: n.kind, pattern: n.pattern })),
);

function lineAt(t: NumberedText, i: number, text: string): EvidenceLine {
  const line: EvidenceLine = { file: t.file, text: text.trim() };
  if (t.atLine !== undefined) line.line = t.atLine;
  else if (t.first !== undefined) line.line = t.first + i;
  return line;
}

/** The runner whose failure pattern matches a line, if any. */
export function runnerFailure(line: string): string | undefined {
  const l = line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line;
  return FAILURES.find((f) => f.pattern.test(l))?.runner;
}

/** The could-not-run pattern a line matches, if any. */
export function notRunOf(line: string): { kind: NotRunKind; runner: string } | undefined {
  const l = line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line;
  const hit = NOT_RUN.find((n) => n.pattern.test(l));
  return hit ? { kind: hit.kind, runner: hit.runner } : undefined;
}

/** Whether a text's last non-blank line is an install or download still under way. */
function endsInSetup(lines: string[]): boolean {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (!l.trim()) continue;
    return SETUP_LINE.test(l.length > MAX_LINE ? l.slice(0, MAX_LINE) : l);
  }
  return false;
}

/**
 * Scan test or compiler output: a pytest `E` line heads the evidence when there is one (the
 * assertion itself), else the first line any runner calls a failure, else the first line that
 * reads as one.
 * @example scanText({ file: "verifier/out.txt", text: "--- FAIL: TestAdd (0.00s)", first: 1 }).lines[0]
 *   // { file: "verifier/out.txt", line: 1, text: "--- FAIL: TestAdd (0.00s)" }
 */
export function scanText(t: NumberedText): TextScan {
  const lines = t.text.split("\n");
  let head: { i: number; text: string; runner: string } | undefined;
  let pytestE: { i: number; text: string } | undefined;
  let notRun: TextScan["notRun"];
  const picked: EvidenceLine[] = [];
  const tests: TestResult[] = [];
  let generic = false;
  let started = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const l = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
    if (!started && RUNNER_START.test(l)) started = true;
    if (!notRun) {
      const n = notRunOf(l);
      if (n) notRun = { ...n, line: lineAt(t, i, l) };
    }
    if (tests.length < MAX_TESTS) {
      for (const o of OUTCOMES) {
        const m = o.exec(l);
        if (!m?.groups?.name || !m.groups.verdict) continue;
        tests.push({
          name: m.groups.name.trim(),
          passed: PASSED.test(m.groups.verdict),
          source: t.file,
        });
        break;
      }
    }
    const runner = runnerFailure(l);
    if (runner) {
      head ??= { i, text: l, runner };
      if (!pytestE && PYTEST_ASSERTION.test(l)) pytestE = { i, text: l.replace(/^E\s+/, "") };
    }
    if (picked.length >= MAX_LINES) continue;
    if (runner || (!NOISE.test(l) && FAILURE.test(l))) {
      if (!runner) generic = true;
      picked.push(lineAt(t, i, l.replace(/^E\s+/, "")));
    }
  }
  const scan: TextScan = {
    lines: picked,
    strength: head ? 2 : generic ? 1 : 0,
    tests,
    started: started || tests.length > 0 || head !== undefined || !endsInSetup(lines),
  };
  if (notRun) scan.notRun = notRun;
  const first = pytestE ?? (head ? { i: head.i, text: head.text.replace(/^E\s+/, "") } : undefined);
  if (head) scan.runner = pytestE ? "pytest" : head.runner;
  if (first) {
    const h = lineAt(t, first.i, first.text);
    scan.lines = [h, ...picked.filter((p) => p.line !== h.line || p.text !== h.text)].slice(
      0,
      MAX_LINES,
    );
  }
  return scan;
}
