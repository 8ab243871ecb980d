// Which rules match which lines of a normalised stderr tail. Two paths with one answer: the
// reference tests every rule against every line; the fast path asks a literal index which rules
// can match a line at all and tests only those. Internal: not re-exported from the package.
import type { OutcomeCode } from "../codes.js";
import { isProgressLine } from "./context.js";
import { buildLiteralIndex, type LiteralIndex } from "./literal-index.js";
import { requiredLiterals } from "./literals.js";
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
  /** Rules with no provable literal: tested against every line. */
  always: readonly number[];
  /** Rules with an `after` condition: a repeated line may still match them further down. */
  withAfter: readonly number[];
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

/**
 * Build (once) the literal index of a rule table now rather than after its first uses.
 * @example indexRules(OUTCOME_RULES); matchRules(lines, OUTCOME_RULES, false) // indexed from the first call
 */
export function indexRules(rules: readonly OutcomeRule[]): void {
  const known = compiled.get(rules);
  if (known !== undefined && typeof known !== "number") return;
  const literals = rules.map((r) => requiredLiterals(r.pattern) ?? []);
  const windowed = literals.map((l) => [...new Set(l.map(window))]);
  compiled.set(rules, {
    index: buildLiteralIndex(windowed),
    always: literals.flatMap((l, i) => (l.length ? [] : [i])),
    withAfter: rules.flatMap((r, i) => (r.after ? [i] : [])),
  });
}

// Any piece of a required literal is required too: its last 12 characters keep the automaton
// small (a third of the states of whole literals) at no measurable cost in false candidates.
const LITERAL_WINDOW = 12;

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
  install: boolean,
): Match[] {
  const c = compile(rules);
  if (!c) return matchRulesReference(lines, rules, install);
  const found: (Match | undefined)[] = new Array(rules.length);
  const stamp = new Int32Array(rules.length);
  const seen = new Set<string>();
  let candidates: number[] = [];
  let lineNo = 0;
  const visit = (r: number) => {
    if (stamp[r] !== lineNo) {
      stamp[r] = lineNo;
      candidates.push(r);
    }
  };
  const attempt = (r: number, line: string, index: number) => {
    if (found[r]) return;
    const rule = rules[r]!;
    if (rule.when === "install" && !install) return;
    prefilterCounts.tests++;
    if (!test(rule.pattern, line) || (rule.unless && test(rule.unless, line))) return;
    if (rule.after && !precededBy(lines, index, rule.after)) return;
    prefilterCounts.matches++;
    found[r] = { rule, line, index };
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line) continue;
    prefilterCounts.lines++;
    if (isProgressLine(line)) continue;
    if (seen.has(line)) {
      // The same text matched or missed every rule before; only the window of `after` differs.
      for (const r of c.withAfter) attempt(r, line, index);
      continue;
    }
    seen.add(line);
    lineNo = index + 1;
    candidates = [];
    c.index.scan(line, visit);
    for (const r of candidates) attempt(r, line, index);
    for (const r of c.always) attempt(r, line, index);
  }
  const matches: Match[] = [];
  for (const m of found) if (m) matches.push(m);
  return matches.sort(byRank);
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
