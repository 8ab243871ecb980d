import { fieldStems } from "./tokens.js";

// Rows written by a pipeline carry names, labels and report words beside their topic: the agent
// and model that tried ("terminus-2/gpt-oss-120b", "acme/model-1"), machine labels ("(TIMEOUT)",
// "CMD_ERROR:milestones_incomplete"), and what every death report says ("failed", "last step",
// "no failing step recorded", "untested"). Their words ("model", "error", "step") say nothing about
// what the task was, so a query word found only there is weak evidence.

const OPEN = /^[`'"([{<]+/;
const CLOSE = /[`'")\]}>,;:.!?]+$/;
/** SCREAMING_SNAKE constants, optionally tagged `LABEL:sub_reason`, and `LABEL:sub_reason` tags. */
const LABEL = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?::[A-Za-z0-9_]+)?$/;
/** a file name keeps its words: the file says what it is about */
const FILE = /^[A-Za-z][\w-]*\.[A-Za-z]{1,5}$/;
/** a compound holding a digit: versions and model ids (gpt-oss-120b, model-1, utf-8) */
const VERSIONED = /^(?=.*\d)(?=.*[A-Za-z])[\w.]+(?:[-.][\w]+)+$/;

/** Stems every failure report uses, and stem sequences that are report phrases. */
const REPORT_WORDS = new Set(["fail", "untest"]);
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
  if (core.includes("/")) return FILE.test(core.split("/").at(-1) ?? "") ? "dirs" : "all";
  return VERSIONED.test(core) ? "all" : "none";
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
  stems: string[];
  noise: Set<number>;
  names: Set<number>;
}

// Rows are re-read at every search: their readings are cached, bounded.
const cache = new Map<string, NoisyStems>();

function readNoise(text: string): NoisyStems {
  const { stems, names } = nameStems(text);
  const noise = new Set(names);
  stems.forEach((stem, i) => {
    if (REPORT_WORDS.has(stem)) noise.add(i);
    for (const phrase of REPORT_PHRASES) {
      if (phrase[0] === stem && phrase.every((p, j) => stems[i + j] === p))
        for (let j = 0; j < phrase.length; j++) noise.add(i + j);
    }
  });
  return { stems, noise, names };
}

/** Stems of a text, with the positions that belong to names or labels. */
function nameStems(text: string): { stems: string[]; names: Set<number> } {
  const names = new Set<number>();
  // Fast path: plain prose holds no names.
  if (!/[/_:(\d]/.test(text)) return { stems: fieldStems(text), names };
  const stems: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (chunk === "") continue;
    const own = fieldStems(chunk);
    const span = nameSpan(chunk);
    const file = span === "dirs" ? fieldStems(chunk.split("/").at(-1) ?? "").length : own.length;
    const named = span === "none" ? 0 : span === "all" ? own.length : own.length - file;
    for (let i = 0; i < named; i++) names.add(stems.length + i);
    stems.push(...own);
  }
  return { stems, names };
}
