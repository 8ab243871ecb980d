// Which rules match which lines of a normalised stderr tail. Two paths with one answer: the
// reference tests every rule against every line; the fast path asks a literal index which rules
// can match a line at all and tests only those. Internal: not re-exported from the package.
import type { OutcomeCode } from "../codes.js";
import { NormalizedTail } from "../normalize.js";
import { isProgressLine } from "./context.js";
import { OUTCOME_RULES } from "./index.js";
import { builtInAutomaton } from "./literal-automaton.js";
import { buildLiteralIndex, expandSkeleton, type LiteralIndex } from "./literal-index.js";
import { LITERAL_TABLE } from "./literal-table.js";
import { requiredLiteralSets } from "./literals.js";
import { AFTER_WINDOW, type OutcomeRule } from "./rule.js";

/** A rule and the earliest line it matched. */
export interface Match {
  rule: OutcomeRule;
  line: string;
  index: number;
}

// Ties in priority go to the design's category order.
const CATEGORY_RANK: Readonly<Record<OutcomeCode, number>> = {
  PKG_INSTALL: 0,
  BAD_FILE_EDIT: 1,
  ENV_SETUP_MISS: 2,
  TIMEOUT: 3,
  CMD_ERROR: 4,
};

interface CompiledRules {
  index: LiteralIndex;
  /** For each tag of the index (one requirement of one rule): its rule and its bit. */
  tagRule: Int32Array;
  tagBit: Int32Array;
  /** The bits of all of a rule's requirements: a line holding all of them is a candidate. */
  full: Int32Array;
  /** Rules with no provable literal: tested against every line. */
  always: readonly number[];
  // Scratch reused by every call (matching is synchronous): the requirements a rule has met on
  // the line being read (`mask`, valid where `stamp` is that line's number), the call that
  // matched a rule (`foundIn`), and the line numbers' and calls' counters.
  stamp: Int32Array;
  mask: Int32Array;
  foundIn: Int32Array;
  lineNo: number;
  callNo: number;
  /** What a scan found: triples (line of the text, where it starts, rule), in text order. */
  events: Int32Array;
  // The line a rule last failed on (`missedLine`, valid where `missedIn` is the call), and the
  // rules that failed in the call, whose lines are let go at its end.
  missedIn: Int32Array;
  missedLine: string[];
  missedRules: Int32Array;
}

// Deriving the requirements of 256 patterns and building the automaton costs about as much as
// 100 tails matched by the reference (20-45 ms cold), so a table is indexed from its 64th use
// on: a one-shot `fak classify` pays nothing, a batch pays once. A table whose every pattern is
// in the generated table of the built-in rules' requirements (literal-table.ts) costs only the
// automaton (30-45 ms cold, about a dozen tails of the reference after its first): it is
// indexed from its 16th use. Keyed by the table, so a caller's own table gets its own.
const INDEX_AFTER_USES = 64;
const TABLED_INDEX_AFTER_USES = 16;

/**
 * What the indexed path did, for benchmarks and tests: lines it scanned, full expressions it ran
 * (a rule's pattern tested on a line), the tests that matched, and the tails it had to read
 * again as exact lines (more lines than normalisation keeps, or given lines holding an LF).
 */
export const prefilterCounts = { lines: 0, tests: 0, matches: 0, rereads: 0 };
const compiled = new WeakMap<readonly OutcomeRule[], CompiledRules | number>();

function compile(rules: readonly OutcomeRule[]): CompiledRules | undefined {
  const known = compiled.get(rules) ?? 0;
  if (typeof known !== "number") return known;
  compiled.set(rules, known + 1);
  const tabled = tabledRequirements();
  // A table whose automaton was built at build time (literal-automaton.ts) costs about what one
  // tail of the reference does (which compiles all 256 patterns): indexed from its first use.
  const prebuilt =
    known === 0 &&
    rules.every((r) => tabled.has(r.pattern)) &&
    builtInAutomaton()?.literals === literalsKey(automatonLiterals(rules).literals);
  if (!prebuilt && known + 1 < TABLED_INDEX_AFTER_USES) return undefined;
  if (known + 1 < INDEX_AFTER_USES && !rules.every((r) => tabled.has(r.pattern))) return undefined;
  indexRules(rules);
  return compiled.get(rules) as CompiledRules;
}

// A requirement whose shortest literal is this short is in most lines: it would cost a table
// entry and filter nothing, so only a rule's first (strongest) requirement is kept when short.
const MIN_EXTRA_LITERAL = 3;
// At most this many requirements per rule (one bit each).
const MAX_REQUIREMENTS = 31;

/**
 * The literal requirements the index uses for a rule: each a set of strings one of which every
 * matching line contains; every one of them must be met before the rule's pattern runs. Empty
 * when the pattern proves no literal (the rule is then tested against every line).
 * @example literalRequirements(/^error: .* not found$/) // [["error: "], [" not found"]]
 */
export function literalRequirements(re: RegExp): string[][] {
  // A line never holds an LF: a set with one can only be met by its other strings.
  const sets = (requiredLiteralSets(re) ?? []).filter((set) => !set.some((l) => l.includes("\n")));
  const kept = sets.filter(
    (set, i) => i === 0 || Math.min(...set.map((l) => l.length)) >= MIN_EXTRA_LITERAL,
  );
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const set of kept.slice(0, MAX_REQUIREMENTS)) {
    const windowed = [...new Set(set.map(window))];
    const key = windowed.join("\u0000");
    if (!seen.has(key)) {
      seen.add(key);
      out.push(windowed);
    }
  }
  return out;
}

let tabled: WeakMap<RegExp, readonly (readonly string[])[]> | undefined;

/**
 * The built-in rules' requirements as generated (literal-table.test.ts holds each equal to
 * `literalRequirements` of its pattern), by pattern: a caller's table that reuses a built-in
 * rule finds it too.
 */
function tabledRequirements(): WeakMap<RegExp, readonly (readonly string[])[]> {
  if (tabled) return tabled;
  tabled = new WeakMap();
  for (const rule of OUTCOME_RULES) {
    const sets = LITERAL_TABLE[rule.id];
    if (sets) tabled.set(rule.pattern, sets);
  }
  return tabled;
}

/**
 * Build (once) the literal index of a rule table now rather than after its first uses.
 * @example indexRules(OUTCOME_RULES); matchRules(lines, OUTCOME_RULES, false) // indexed from the first call
 */
export function indexRules(rules: readonly OutcomeRule[]): void {
  const known = compiled.get(rules);
  if (known !== undefined && typeof known !== "number") return;
  const { requirements, literals } = automatonLiterals(rules);
  const tagRule: number[] = [];
  const tagBit: number[] = [];
  const full = new Int32Array(rules.length);
  requirements.forEach((sets, r) => {
    sets.forEach((_, j) => {
      tagRule.push(r);
      tagBit.push(1 << j);
      full[r]! |= 1 << j;
    });
  });
  // The skeleton written at build time when it is of these very literals; else built here.
  const built = builtInAutomaton();
  compiled.set(rules, {
    index:
      built !== undefined && built.literals === literalsKey(literals)
        ? expandSkeleton(built.skeleton)
        : buildLiteralIndex(literals),
    tagRule: Int32Array.from(tagRule),
    tagBit: Int32Array.from(tagBit),
    full,
    always: requirements.flatMap((sets, i) => (sets.length ? [] : [i])),
    stamp: new Int32Array(rules.length),
    mask: new Int32Array(rules.length),
    foundIn: new Int32Array(rules.length),
    lineNo: 0,
    callNo: 0,
    events: new Int32Array(3 * 64),
    missedIn: new Int32Array(rules.length),
    missedLine: new Array<string>(rules.length).fill(""),
    missedRules: new Int32Array(rules.length),
  });
}

/**
 * Each rule's literal requirements (the generated table's where it has the pattern) and the
 * automaton's literal lists: one per requirement, tagged by its place. Internal (and the build's
 * scripts/write-automaton.mjs).
 */
export function automatonLiterals(rules: readonly OutcomeRule[]): {
  requirements: readonly (readonly (readonly string[])[])[];
  literals: readonly (readonly string[])[];
} {
  const table = tabledRequirements();
  const requirements = rules.map((r) => table.get(r.pattern) ?? literalRequirements(r.pattern));
  return { requirements, literals: requirements.flat() };
}

/** Literal lists as one string (their JSON): equal strings, equal lists. */
export function literalsKey(literals: readonly (readonly string[])[]): string {
  return JSON.stringify(literals);
}

// Any piece of a required literal is required too: its last 24 characters keep the automaton
// smaller (18,496 states for the built-in rules, 20,898 with whole literals). A window of 12
// (9,751 states) let through enough false candidates to cost 7% more per tail on the
// benchmark's tails (2026-12-06); 8 cost 15% more.
const LITERAL_WINDOW = 24;

function window(literal: string): string {
  return literal.length <= LITERAL_WINDOW ? literal : literal.slice(-LITERAL_WINDOW);
}

/**
 * Every rule that matches a line of the tail, with the earliest line it matched, best first
 * (priority, then category order, then the earliest line). Same answer as `matchRulesReference`.
 * @example matchRules(["e: unable to locate package libfoo"], OUTCOME_RULES, true)[0]?.rule.id // "apt.unable_to_locate"
 */
export function matchRules(
  lines: readonly string[],
  rules: readonly OutcomeRule[],
  install: boolean | (() => boolean),
): Match[] {
  return matchTail(NormalizedTail.ofLines(lines), rules, install);
}

// A match found on line `raw` of the tail's text, its rule at `at` in the table; its index in
// the normalised lines is worked out only when someone reads it (tests compare it; the
// classifier reads the rule and the line).
class TailMatch implements Match {
  constructor(
    readonly rule: OutcomeRule,
    readonly line: string,
    readonly raw: number,
    readonly at: number,
    private readonly tail: NormalizedTail,
  ) {}
  get index(): number {
    return this.tail.lineIndex(this.raw);
  }
}

/**
 * `matchRules` on a tail as the normaliser leaves it (`NormalizedTail`). One pass over the whole
 * text finds the literals of every rule in every line at once; only on a line that holds all of
 * a rule's requirements is that line normalised, recognised as progress or not, and the rule's
 * pattern run. `install` may be a function, asked only when a rule limited to installs would run.
 */
export function matchTail(
  tail: NormalizedTail,
  rules: readonly OutcomeRule[],
  install: boolean | (() => boolean),
): Match[] {
  const c = compile(rules);
  if (!c) return matchRulesReference(tail.lines(), rules, installing(install));
  if (c.callNo === 0x7fffffff || c.lineNo > 0x40000000) {
    c.foundIn.fill(0);
    c.stamp.fill(0);
    c.missedIn.fill(0);
    c.callNo = 0;
    c.lineNo = 0;
  }
  const call = ++c.callNo;
  // The tail as it came when that may be all there is to fold (a scan that meets a character
  // other than printable ASCII, tab or LF gives up), else the folded text.
  const unfolded = tail.unfolded();
  let text = unfolded ?? tail.text;
  let events = scan(c, text, call, unfolded !== undefined);
  const lower = events >= 0;
  if (lower) tail.foundPlain();
  else {
    text = tail.text;
    events = scan(c, text, call, false);
  }
  const lines = scanned.lines;

  // More lines than normalisation keeps (the first are dropped), or given lines that held an
  // LF: the line numbers of the scan are not those of the normalised lines. Read the exact lines.
  if (tail.isExact ? lines !== tail.lines().length : lines > tail.limits.maxLines) {
    prefilterCounts.rereads++;
    if (tail.isExact) return matchRulesReference(tail.lines(), rules, installing(install));
    return matchTail(tail.exact(), rules, install);
  }
  prefilterCounts.lines += lines;

  const { always, foundIn, missedIn, missedLine, missedRules } = c;
  const found: TailMatch[] = [];
  let install_ = typeof install === "boolean" ? install : undefined;
  // The line a rule last failed on: the same text fails again (only `after` looks elsewhere).
  // In the table's scratch: an array by rule made each call would be mostly holes, and large.
  let misses = 0;
  const attempt = (r: number, line: string, raw: number) => {
    if (foundIn[r] === call) return;
    const rule = rules[r]!;
    if (rule.when === "install") {
      if (install_ === undefined) install_ = (install as () => boolean)();
      if (!install_) return;
    }
    if (missedIn[r] === call && missedLine[r] === line) return;
    prefilterCounts.tests++;
    if (!test(rule.pattern, line) || (rule.unless && test(rule.unless, line))) {
      if (!rule.after) {
        if (missedIn[r] !== call) {
          missedIn[r] = call;
          missedRules[misses++] = r;
        }
        missedLine[r] = line;
      }
      return;
    }
    if (rule.after && !precededBy(tail.lines(), tail.lineIndex(raw), rule.after)) return;
    prefilterCounts.matches++;
    foundIn[r] = call;
    found.push(new TailMatch(rule, line, raw, r, tail));
  };

  if (always.length === 0) {
    const ev = c.events;
    for (let e = 0; e < events; ) {
      const raw = ev[e]!;
      const from = ev[e + 1]!;
      let to = text.indexOf("\n", from);
      if (to < 0) to = text.length;
      const piece = text.slice(from, to);
      const line = tail.lineOf(lower ? piece.toLowerCase() : piece);
      const progress = line === "" || isProgressLine(line);
      for (; e < events && ev[e] === raw; e += 3) if (!progress) attempt(ev[e + 2]!, line, raw);
    }
  } else {
    // Rules that no literal gates (a caller's, e.g. with the i flag): every line is read.
    const ev = c.events;
    let e = 0;
    text.split("\n").forEach((rawText, raw) => {
      const line = tail.lineOf(lower ? rawText.toLowerCase() : rawText);
      const progress = line === "" || isProgressLine(line);
      for (; e < events && ev[e] === raw; e += 3) if (!progress) attempt(ev[e + 2]!, line, raw);
      if (!progress) for (const r of always) attempt(r, line, raw);
    });
  }

  for (let k = 0; k < misses; k++) missedLine[missedRules[k]!] = "";
  if (found.length > 1)
    found.sort(
      (a, b) =>
        b.rule.priority - a.rule.priority ||
        CATEGORY_RANK[a.rule.category] - CATEGORY_RANK[b.rule.category] ||
        a.raw - b.raw ||
        a.at - b.at,
    );
  return tail.isExact ? found.map(({ rule, line, index }) => ({ rule, line, index })) : found;
}

/** The number of lines of the last scan. */
const scanned = { lines: 0 };

/**
 * One pass of the automaton over `text`: for each line, every rule all of whose requirements
 * it holds (and that has not matched in this call), as triples in `c.events`; returns their
 * number times 3, and leaves the number of lines in `scanned.lines`. With `plain`, `text` is
 * read as its lower-case form, and a character other than printable ASCII, tab or LF ends the
 * scan: it returns -1 (what it found so far is void).
 */
function scan(c: CompiledRules, text: string, call: number, plain: boolean): number {
  const { shift, next, firstOut, lineBreak, bail, tagStart, tags } = c.index;
  const classOf = plain ? c.index.classOfPlain : c.index.classOf;
  const { tagRule, tagBit, full, stamp, mask, foundIn } = c;
  let events = c.events;
  let n = 0;
  let raw = 0;
  let start = 0;
  // Line numbers are kept in a local and stored back once: the loop writes no object.
  let lineNo = c.lineNo + 1;
  let s = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    s = next[(s << shift) + classOf[text.charCodeAt(i)]!]!;
    if (s < firstOut) continue;
    if (s === lineBreak) {
      raw++;
      start = i + 1;
      lineNo++;
      continue;
    }
    if (s === bail) {
      c.lineNo = lineNo;
      return -1;
    }
    const end = tagStart[s - firstOut + 1]!;
    for (let t = tagStart[s - firstOut]!; t < end; t++) {
      const tag = tags[t]!;
      const r = tagRule[tag]!;
      const had = stamp[r] === lineNo ? mask[r]! : 0;
      const now = had | tagBit[tag]!;
      if (now === had) continue;
      stamp[r] = lineNo;
      mask[r] = now;
      if (now !== full[r] || foundIn[r] === call) continue;
      if (n + 3 > events.length) {
        const grown = new Int32Array(events.length * 2);
        grown.set(events);
        c.events = events = grown;
      }
      events[n] = raw;
      events[n + 1] = start;
      events[n + 2] = r;
      n += 3;
    }
  }
  c.lineNo = lineNo;
  scanned.lines = raw + 1;
  return n;
}

function installing(install: boolean | (() => boolean)): boolean {
  return typeof install === "boolean" ? install : install();
}

/**
 * The reference: every rule against every line, the earliest matching line per rule.
 * @example matchRulesReference(["killed"], OUTCOME_RULES, false).length > 0 // true
 */
export function matchRulesReference(
  lines: readonly string[],
  rules: readonly OutcomeRule[],
  install: boolean,
): Match[] {
  const matches: Match[] = [];
  for (const rule of rules) {
    if (rule.when === "install" && !install) continue;
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (!line || isProgressLine(line)) continue;
      if (!test(rule.pattern, line) || (rule.unless && test(rule.unless, line))) continue;
      if (rule.after && !precededBy(lines, index, rule.after)) continue;
      matches.push({ rule, line, index });
      break; // the earliest line per rule is enough
    }
  }
  return matches.sort(byRank);
}

// Array.prototype.sort is stable and both paths list matches in table order before sorting.
function byRank(a: Match, b: Match): number {
  return (
    b.rule.priority - a.rule.priority ||
    CATEGORY_RANK[a.rule.category] - CATEGORY_RANK[b.rule.category] ||
    a.index - b.index
  );
}

function precededBy(lines: readonly string[], index: number, re: RegExp): boolean {
  for (let i = Math.max(0, index - AFTER_WINDOW); i < index; i++)
    if (test(re, lines[i]!)) return true;
  return false;
}

// A caller's pattern may carry the g or y flag, which makes test() stateful: start afresh each time.
function test(re: RegExp, line: string): boolean {
  if (re.global || re.sticky) re.lastIndex = 0;
  return re.test(line);
}
