import type { EvidenceLine, TestResult } from "@fak/taxonomy";
import { MAX_LINES, type NumberedText, scanText, type TextScan } from "./scan.js";

// A verifier's JSON read by its structure, whatever the file is called or however it nests:
// objects with a name and a pass/fail field are test outcomes or criteria (CTRF, a rubric, a
// custom list), their `details`/`message`/`trace`-like strings hold the runner's output, and any
// other string that reads as test or compiler output is scanned as text. Bounded: depth, nodes
// and the text scanned are capped, so a huge or deeply nested file costs a fixed amount.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

const MAX_DEPTH = 16;
const MAX_NODES = 100_000;
/** Text scanned per file, over all its strings. */
const MAX_TEXT = 8 * 1024 * 1024;

const STATUS_KEYS = ["status", "outcome", "result", "state", "verdict"];
const BOOL_KEYS = ["passed", "pass", "success", "succeeded", "ok", "correct", "is_correct"];
const NAME_KEYS = [
  "id",
  "name",
  "title",
  "test",
  "nodeid",
  "test_name",
  "fullName",
  "full_name",
  "criterion",
  "key",
];
const DETAIL_KEYS = [
  "details",
  "detail",
  "message",
  "output",
  "trace",
  "traceback",
  "longrepr",
  "stdout",
  "stderr",
  "error",
  "failure",
  "reason",
  "feedback",
  "explanation",
  "log",
];
const PASS = /^(?:pass(?:ed)?|success(?:ful)?|succeeded|ok|true|correct)$/i;
const FAIL =
  /^(?:fail(?:ed|ure)?|error(?:ed)?|broken|timed ?out|timeout|crash(?:ed)?|false|incorrect)$/i;

/** What a JSON document says about the tests. */
export interface JsonVerdict {
  tests: TestResult[];
  /** Evidence: each failing test's or criterion's first failure, then output found elsewhere. */
  lines: EvidenceLine[];
  /** The strongest scan of any string in it (see TextScan.strength). */
  strength: 0 | 1 | 2;
  notRun?: TextScan["notRun"];
}

/** pass, fail, or neither (skipped, pending, a field that is not a verdict). */
function statusOf(o: Json): boolean | undefined {
  for (const k of BOOL_KEYS) if (typeof o[k] === "boolean") return o[k] as boolean;
  if (typeof o.failed === "boolean") return !o.failed;
  for (const k of STATUS_KEYS) {
    const v = o[k];
    if (typeof v === "boolean") return v;
    if (typeof v !== "string") continue;
    if (PASS.test(v.trim())) return true;
    if (FAIL.test(v.trim())) return false;
  }
  return undefined;
}

function nameOf(o: Json): string | undefined {
  for (const k of NAME_KEYS) {
    const v = o[k];
    if (typeof v === "string" && v.trim()) return v.trim().slice(0, 500);
    if (typeof v === "number") return String(v);
  }
  return undefined;
}

/** Lookups from the start of the file allowed once the cursor has passed a string's place. */
const MAX_REWINDS = 64;

/**
 * Where each string of a raw JSON text sits: its line, found by its encoded start. Strings are
 * asked for in document order, so the search goes on from the last one found (linear in the
 * file overall); a string not found after it is looked up from the start a bounded number of
 * times, then gets no line (the file alone names it).
 */
function lineFinder(raw: string): (s: string) => number | undefined {
  const starts: number[] = [0];
  for (let i = raw.indexOf("\n"); i >= 0; i = raw.indexOf("\n", i + 1)) starts.push(i + 1);
  let cursor = 0;
  let rewinds = 0;
  return (s) => {
    const probe = JSON.stringify(s.slice(0, 60)).slice(0, -1);
    let at = raw.indexOf(probe, cursor);
    if (at < 0 && rewinds < MAX_REWINDS) {
      rewinds++;
      at = raw.indexOf(probe);
    }
    if (at < 0) return undefined;
    cursor = Math.max(cursor, at);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * Walk a parsed JSON document for the verdict it holds.
 * @example walkJson({ criteria: [{ id: "c1", pass: false, details: "--- FAIL: TestAdd" }] }, raw, "verifier/grade.json")
 *   // { tests: [{ name: "c1", passed: false, ... }], lines: [{ file: "verifier/grade.json", line: 1, text: "--- FAIL: TestAdd" }], ... }
 */
export function walkJson(doc: unknown, raw: string, file: string): JsonVerdict {
  const out: JsonVerdict = { tests: [], lines: [], strength: 0 };
  const lineOf = lineFinder(raw);
  const failing: EvidenceLine[] = [];
  const elsewhere: EvidenceLine[] = [];
  const claimed = new Set<string>();
  let nodes = 0;
  let scanned = 0;

  const scan = (s: string): TextScan | undefined => {
    if (scanned + s.length > MAX_TEXT) return undefined;
    scanned += s.length;
    const t: NumberedText = { file, text: s };
    const at = lineOf(s);
    if (at !== undefined) t.atLine = at;
    const r = scanText(t);
    if (r.strength > out.strength) out.strength = r.strength;
    if (r.notRun && !out.notRun) out.notRun = r.notRun;
    return r;
  };

  const visit = (v: unknown, depth: number): void => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    if (typeof v === "string") {
      if (claimed.has(v) || v.length < 8 || elsewhere.length >= MAX_LINES) return;
      if (!v.includes("\n") && !/error|fail|panic|not ok/i.test(v)) return;
      const r = scan(v);
      if (r && r.strength === 2) elsewhere.push(...r.lines);
      return;
    }
    if (!isObj(v)) return;
    const passed = statusOf(v);
    const name = passed === undefined ? undefined : nameOf(v);
    if (passed !== undefined && name !== undefined) {
      out.tests.push({ name, passed, source: file });
      const details = DETAIL_KEYS.map((k) => v[k]).filter(
        (d): d is string => typeof d === "string" && d.trim() !== "",
      );
      for (const d of details) claimed.add(d);
      if (!passed && failing.length < MAX_LINES) {
        const scans = details.map((d) => ({ d, r: scan(d) }));
        const best = scans.find((s) => s.r?.strength === 2) ?? scans.find((s) => s.r?.strength);
        if (best?.r) failing.push(...best.r.lines);
        else {
          const first = details[0]?.split("\n").find((l) => l.trim());
          const text = first ? `${name}: ${first.trim()}` : `${name}: failed`;
          const at = lineOf(first ?? name);
          failing.push({ file, text: text.slice(0, 2000), ...(at ? { line: at } : {}) });
        }
      }
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(doc, 0);
  if (failing.length) out.strength = 2;
  out.lines = [...failing, ...elsewhere].slice(0, MAX_LINES);
  return out;
}
