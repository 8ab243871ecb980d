import { LAYERS } from "../row/index.js";
import { fieldStems, fieldWords, stemWord } from "./tokens.js";

// Rows written by a pipeline carry names, labels and report words beside their topic: the agent
// and model that tried ("terminus-2/gpt-oss-120b", "acme/model-1"), machine labels ("(TIMEOUT)",
// "CMD_ERROR:milestones_incomplete"), and what every death report says ("failed", "last step",
// "no failing step recorded", "untested"). Their words ("model", "error", "step") say nothing about
// what the task was, so a query word found only there is weak evidence. A test's name is not
// noise: `test_burst_at_boundary` and `tests/test_quota.py::test_reset` name what failed; only
// their `test` words and directories are.

const OPEN = /^[`'"([{<]+/;
const CLOSE = /[`'")\]}>,;:.!?]+$/;
/** SCREAMING_SNAKE constants, optionally tagged `LABEL:sub_reason`, and `LABEL:sub_reason` tags. */
const LABEL = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?::[A-Za-z0-9_]+)?$/;
/** a file name keeps its words: the file says what it is about */
const FILE = /^[A-Za-z][\w-]*\.[A-Za-z]{1,5}$/;
/**
 * a compound holding a digit: versions and model ids (gpt-oss-120b, model-1, utf-8); one that
 * starts with a number is a quantity (2M-row, 30s-timeout) and keeps its words
 */
const VERSIONED = /^(?=.*\d)[A-Za-z][\w.]*(?:[-.][\w]+)+$/;

/** Stems every failure report uses, and stem sequences that are report phrases. */
const REPORT_WORDS = new Set(["fail", "untest"]);
/** A death reason's layer prefix (`verifier:`) says which check, not what the task was. */
const LAYER_PREFIX = new RegExp(`^\\s*(?:${LAYERS.join("|")}):`);
/** a test's identifier: `test_x`, `TestX`, `x_test`, a pytest node id `file.py::Class::test_x` */
const TEST_NAME = /^(?:test_\w+|Test[A-Z]\w*|\w+_test)$/;
const TEST = stemWord("test");
const REPORT_PHRASES = [
  ["last", "step"],
  ["no", "fail", "step", "record"],
];

/**
 * Which words of a whitespace-free chunk of text are names rather than topic: all of them for an
 * id or a label, the directories of a path (its file name is kept), none for a plain word.
 */
function nameSpan(chunk: string): "all" | "dirs" | "none" {
  const core = chunk.replace(OPEN, "").replace(CLOSE, "");
  if (!/[A-Za-z]/.test(core)) return "none";
  if (/^\([A-Z][A-Z_]*\)/.test(chunk)) return "all";
  if (LABEL.test(core) && /[_:]/.test(core)) return "all";
  if (core.includes("/")) return namesTest(core.split("/").at(-1) ?? "") ? "dirs" : "all";
  return VERSIONED.test(core) ? "all" : "none";
}

/** A path's last part keeps its words when it is a file name or a test node id. */
function namesTest(last: string): boolean {
  const [file = "", ...parts] = last.split("::");
  return FILE.test(file) && parts.every((p) => TEST_NAME.test(p.replace(/\[.*$/, "")));
}

/**
 * Stems of a text as the index splits it, with the positions that are noise (names, labels and
 * report words) rather than topic.
 * @example noiseStems("acme/model-1: last step").noise // Set {0, 1, 2, 3, 4}
 */
export function noiseStems(text: string): NoisyStems {
  let known = cache.get(text);
  if (known === undefined) {
    if (cache.size > 50_000) cache.clear();
    known = readNoise(text);
    cache.set(text, known);
  }
  return known;
}

/** The stems of a text, which of them are noise, and which of those are names. */
export interface NoisyStems {
  /** the folded words the stems come from */
  words: string[];
  stems: string[];
  noise: Set<number>;
  names: Set<number>;
}

// Rows are re-read at every search: their readings are cached, bounded.
const cache = new Map<string, NoisyStems>();

function readNoise(text: string): NoisyStems {
  const { words, stems, names, tests } = nameStems(text);
  const noise = new Set(names);
  for (const i of tests) noise.add(i);
  if (LAYER_PREFIX.test(text)) noise.add(0);
  stems.forEach((stem, i) => {
    if (REPORT_WORDS.has(stem)) noise.add(i);
    for (const phrase of REPORT_PHRASES) {
      if (phrase[0] === stem && phrase.every((p, j) => stems[i + j] === p))
        for (let j = 0; j < phrase.length; j++) noise.add(i + j);
    }
  });
  return { words, stems, noise, names };
}

/**
 * Stems of a text, with the positions that belong to names or labels, and the `test` words of
 * test names.
 */
function nameStems(text: string): {
  words: string[];
  stems: string[];
  names: Set<number>;
  tests: number[];
} {
  const names = new Set<number>();
  const tests: number[] = [];
  // Fast path: plain prose holds no names.
  if (!/[/_:(\d]/.test(text)) {
    const words = fieldWords(text);
    return { words, stems: fieldStems(text), names, tests };
  }
  const words: string[] = [];
  const stems: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (chunk === "") continue;
    const ownWords = fieldWords(chunk);
    const own = fieldStems(chunk);
    const span = nameSpan(chunk);
    const file = span === "dirs" ? fieldStems(chunk.split("/").at(-1) ?? "").length : own.length;
    const named = span === "none" ? 0 : span === "all" ? own.length : own.length - file;
    for (let i = 0; i < named; i++) names.add(stems.length + i);
    if (span !== "all" && /test_|_test|::/i.test(chunk))
      own.forEach((stem, i) => {
        if (i >= named && stem === TEST) tests.push(stems.length + i);
      });
    words.push(...ownWords);
    stems.push(...own);
  }
  return { words, stems, names, tests };
}
