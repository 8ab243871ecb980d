/** A stretch of text a rule wants redacted, as [start, end) offsets. */
export interface SecretSpan {
  start: number;
  end: number;
}

/**
 * One kind of secret as data. `pattern` must carry the `g` flag; the redacted part is the named
 * group `secret` when present, else the whole match. Every pattern starts at a look-behind
 * boundary and uses bounded quantifiers only, so each match attempt costs at most the length of
 * one token-shaped run (linear overall).
 */
export interface PatternRule {
  kind: string;
  pattern: RegExp;
  /**
   * A cheap necessary condition (see `./trigger.ts`): wherever `pattern` can match, `trigger`
   * matches too, in the same text. No look-behind, no `g` or `y` flag; `i` only if needed.
   */
  trigger: RegExp;
  /** Extra check on the candidate (entropy, placeholder, context); false keeps the text. */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
}

/** A rule that needs more than one regex (pairing BEGIN/END markers); still linear. */
export interface FinderRule {
  kind: string;
  /** As for PatternRule: matches wherever `find` can find a span. */
  trigger: RegExp;
  find: (text: string) => SecretSpan[];
}

export type SecretRule = PatternRule | FinderRule;

/** The spans one rule finds in `text`. */
export function findSpans(rule: SecretRule, text: string): SecretSpan[] {
  if ("find" in rule) return rule.find(text);
  const spans: SecretSpan[] = [];
  // `d` gives the secret group's offsets; a fresh RegExp keeps the shared table stateless.
  const flags = rule.pattern.flags.includes("d") ? rule.pattern.flags : `${rule.pattern.flags}d`;
  const pattern = new RegExp(rule.pattern.source, flags);
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    const at = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
    const value = text.slice(at[0], at[1]);
    if (value.length === 0) continue;
    // The next match may start inside this one's secret (`password: passwd='x'`, `a= token=y`):
    // look again from there. lastIndex only moves forward, so each start is tried once.
    pattern.lastIndex = at[0] > m.index ? at[0] : m.index + 1;
    if (rule.accept && !rule.accept(value, m)) continue;
    // A quoted value keeps its quotes (plain or JSON-escaped): only what is between them is the secret.
    const q = quoteOf(value);
    spans.push({ start: at[0] + q.length, end: at[1] - q.length });
  }
  return spans;
}

/** The quote around `value` (`"`, `'`, `` ` ``, or JSON-escaped once or more: `\"`, `\\\"`), or "". */
export function quoteOf(value: string): string {
  const q = /^\\{0,7}["'`]/.exec(value)?.[0] ?? "";
  return q !== "" && value.length >= 2 * q.length + 1 && value.endsWith(q) ? q : "";
}
