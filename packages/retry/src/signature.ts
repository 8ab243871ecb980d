import type { FailureClassification } from "@fak/taxonomy";

/**
 * What makes two failures "the same failure": category, reason, and the rule id plus the
 * matched line the classifier recorded (or, with no rule, all the evidence). Turn numbers and
 * other volatile numbers (durations, ports, hashes, counts) are blanked so that a repeat on a
 * later turn still reads as a repeat.
 * @example
 *   failureSignature(c) // "PKG_INSTALL|PKG_INSTALL:dependency_install_failed|rule:pkg.no_matching_distribution|line:error: no matching distribution found for foo==#.#"
 */
export function failureSignature(c: FailureClassification): string {
  const rule = c.evidence.find((e) => e.startsWith("rule:"));
  const line = c.evidence.find((e) => e.startsWith("line:"));
  const marks = rule ? [rule, ...(line ? [line] : [])] : c.evidence;
  return [c.category, c.reason, ...marks].map(normaliseMark).join("|");
}

/** The rule id recorded in the evidence, if the live-outcome classifier named one. */
export function ruleOf(c: FailureClassification): string | undefined {
  return c.evidence.find((e) => e.startsWith("rule:"))?.slice("rule:".length);
}

function normaliseMark(text: string): string {
  return text
    .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
    .toLowerCase()
    .replace(/\bturn[ =]\d+\s*/g, "")
    .replace(/\b(?:0x)?[0-9a-f]*\d[0-9a-f]{6,}\b/g, "#")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}
