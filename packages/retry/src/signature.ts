import { ANSI_ESCAPES, type FailureClassification } from "@fak/taxonomy";

/**
 * What makes two failures "the same failure": category, reason, and the rule the classifier
 * names in the evidence together with the line it matched (`rule:<id>`, `rule <id> matched:
 * <line>`); with no rule, all the evidence. Turn numbers and other volatile numbers
 * (durations, ports, versions, hashes, counts) are blanked and case is folded, so a repeat on a
 * later turn still reads as a repeat.
 * @example
 *   failureSignature(c)
 *   // "pkg_install|pkg_install:no_matching_distribution|rule:pip.no_matching_distribution|rule pip.no_matching_distribution matched: error: no matching distribution found for foo==#.#"
 */
export function failureSignature(c: FailureClassification): string {
  const marks = c.evidence.filter((e) => RULE_MARK.test(e));
  return [c.category, c.reason, ...(marks.length > 0 ? marks : c.evidence)]
    .map(normaliseMark)
    .join("|");
}

/** The rule id recorded in the evidence, if the live-outcome classifier named one. */
export function ruleOf(c: FailureClassification): string | undefined {
  for (const e of c.evidence) {
    const m = RULE_ID.exec(e);
    if (m) return m[1];
  }
  return undefined;
}

// `rule:<id>` (for machines) or `rule <id> matched: <line>` (for people).
const RULE_MARK = /^rule[: ]/;
const RULE_ID = /^rule[: ]([^\s:]+)/;

function normaliseMark(text: string): string {
  return text
    .replace(ANSI_ESCAPES, "")
    .toLowerCase()
    .replace(/\bturn[ =]\d+\s*/g, "")
    .replace(/\b(?:0x)?[0-9a-f]*\d[0-9a-f]{6,}\b/g, "#")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}
