// Which rules match which lines of a normalised stderr tail. Two paths with one answer: the
// reference tests every rule against every line; the fast path asks a literal index which rules
// can match a line at all and tests only those. Internal: not re-exported from the package.
import type { OutcomeCode } from "../codes.js";
import { isProgressLine } from "./context.js";
import { buildLiteralIndex, type LiteralIndex } from "./literal-index.js";
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
}

// Building the index of the built-in table costs about as much as 100 tails matched by the
// reference (20-45 ms cold), so a table is indexed from its 64th use on: a one-shot `fak classify`
// pays nothing, a batch pays once. Keyed by the table, so a caller's own table gets its own.
const INDEX_AFTER_USES = 64;

/**
 * What the indexed path did, for benchmarks: non-empty lines it read, full expressions it ran
 * (a rule's pattern tested on a line), and the tests that matched.
 */
export const prefilterCounts = { lines: 0, tests: 0, matches: 0 };
const compiled = new WeakMap<readonly OutcomeRule[], CompiledRules | number>();

function compile(rules: readonly OutcomeRule[]): CompiledRules | undefined {
  const known = compiled.get(rules) ?? 0;
  if (typeof known !== "number") return known;
  compiled.set(rules, known + 1);
  if (known + 1 < INDEX_AFTER_USES) return undefined;
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
  const sets = requiredLiteralSets(re) ?? [];
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

/**
 * Build (once) the literal index of a rule table now rather than after its first uses.
 * @example indexRules(OUTCOME_RULES); matchRules(lines, OUTCOME_RULES, false) // indexed from the first call
 */
export function indexRules(rules: readonly OutcomeRule[]): void {
  const known = compiled.get(rules);
  if (known !== undefined && typeof known !== "number") return;
  const requirements = rules.map((r) => literalRequirements(r.pattern));
  const tagRule: number[] = [];
  const tagBit: number[] = [];
  const full = new Int32Array(rules.length);
  const literals: string[][] = [];
  requirements.forEach((sets, r) => {
    sets.forEach((set, j) => {
      tagRule.push(r);
      tagBit.push(1 << j);
      full[r]! |= 1 << j;
      literals.push(set);
    });
  });
  compiled.set(rules, {
    index: buildLiteralIndex(literals),
    tagRule: Int32Array.from(tagRule),
    tagBit: Int32Array.from(tagBit),
    full,
    always: requirements.flatMap((sets, i) => (sets.length ? [] : [i])),
    stamp: new Int32Array(rules.length),
    mask: new Int32Array(rules.length),
    foundIn: new Int32Array(rules.length),
    lineNo: 0,
    callNo: 0,
  });
}

// Any piece of a required literal is required too: its last 12 characters keep the automaton
// small (a third of the states of whole literals) at no measurable cost in false candidates.
const LITERAL_WINDOW = 12;

function window(literal: string): string {
  return literal.length <= LITERAL_WINDOW ? literal : literal.slice(-LITERAL_WINDOW);
}

// A match with its rule's place in the table (ties keep the table's order, as in the reference).
interface Found extends Match {
  at: number;
}

/**
 * Every rule that matches a line of the tail, with the earliest line it matched, best first
 * (priority, then category order, then the earliest line). Same answer as `matchRulesReference`.
 * One pass over each line finds the literals of every rule at once; a rule runs its pattern
 * only on a line that holds all of its requirements, and a progress line is recognised only
 * when some rule would run on it. `install` may be a function, asked only when a rule limited
 * to installs would run.
 * @example matchRules(["e: unable to locate package libfoo"], OUTCOME_RULES, true)[0]?.rule.id // "apt.unable_to_locate"
 */
export function matchRules(
  lines: readonly string[],
  rules: readonly OutcomeRule[],
  install: boolean | (() => boolean),
): Match[] {
  const c = compile(rules);
  if (!c)
    return matchRulesReference(lines, rules, typeof install === "boolean" ? install : install());
  let installing = typeof install === "boolean" ? install : undefined;
  const { classOf, shift, next, firstOut, tagStart, tags } = c.index;
  const { tagRule, tagBit, full, always, stamp, mask, foundIn } = c;
  if (c.callNo === 0x7fffffff) {
    foundIn.fill(0);
    c.callNo = 0;
  }
  const call = ++c.callNo;
  const found: Found[] = [];
  const candidates: number[] = [];
  // The line a rule last failed on: the same text fails again (only `after` looks elsewhere).
  let missed: (string | undefined)[] | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line) continue;
    prefilterCounts.lines++;
    if (c.lineNo === 0x7fffffff) {
      stamp.fill(0);
      c.lineNo = 0;
    }
    const lineNo = ++c.lineNo;
    candidates.length = 0;
    let s = 0;
    for (let i = 0; i < line.length; i++) {
      s = next[(s << shift) + classOf[line.charCodeAt(i)]!]!;
      if (s < firstOut) continue;
      const end = tagStart[s - firstOut + 1]!;
      for (let t = tagStart[s - firstOut]!; t < end; t++) {
        const tag = tags[t]!;
        const r = tagRule[tag]!;
        const had = stamp[r] === lineNo ? mask[r]! : 0;
        const now = had | tagBit[tag]!;
        if (now === had) continue;
        stamp[r] = lineNo;
        mask[r] = now;
        if (now === full[r] && foundIn[r] !== call) candidates.push(r);
      }
    }
    if (candidates.length === 0 && always.length === 0) continue;
    if (isProgressLine(line)) continue;
    for (let k = 0; k <= candidates.length + always.length - 1; k++) {
      const r = k < candidates.length ? candidates[k]! : always[k - candidates.length]!;
      if (foundIn[r] === call) continue;
      const rule = rules[r]!;
      if (rule.when === "install") {
        if (installing === undefined) installing = (install as () => boolean)();
        if (!installing) continue;
      }
      if (missed?.[r] === line) continue;
      prefilterCounts.tests++;
      if (!test(rule.pattern, line) || (rule.unless && test(rule.unless, line))) {
        if (!rule.after) {
          missed ??= [];
          missed[r] = line;
        }
        continue;
      }
      if (rule.after && !precededBy(lines, index, rule.after)) continue;
      prefilterCounts.matches++;
      foundIn[r] = call;
      found.push({ rule, line, index, at: r });
    }
  }
  if (found.length > 1) found.sort((a, b) => byRank(a, b) || a.at - b.at);
  return found.map(({ rule, line, index }) => ({ rule, line, index }));
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
