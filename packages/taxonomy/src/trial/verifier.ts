import { classifyOutcome, type OutcomeClassification } from "../outcome.js";
import type { EvidenceLine } from "./schema.js";

/** Categories the verifier's own output can decide: the agent's file does not parse or compile, or the tests hung. */
const VERIFIER_DECIDES = new Set(["BAD_FILE_EDIT", "TIMEOUT"]);
const ASSERTION_TEXT =
  /^(?:>\s*)?assert\b|assertionerror|^failed \S+ - |^\S+\.py:\d+: \w*error$|^\+\s+where\b/i;

export interface VerifierReading {
  verdict: OutcomeClassification;
  line: EvidenceLine;
}

/**
 * Run the outcome rules on the verifier's first failure. Only a file that does not parse or
 * compile (BAD_FILE_EDIT) or tests that ran out of time (TIMEOUT) decide from here: a missing
 * file or command in an assertion is usually the agent's own deliverable, which rule 6 of the
 * labelling calls the agent's failure, not the environment's.
 * @example readVerifierFailure([{ file: "verifier/test-stdout.txt", line: 40, text: "SyntaxError: invalid syntax" }])
 */
export function readVerifierFailure(lines: readonly EvidenceLine[]): VerifierReading | undefined {
  // An assertion's own words quote the expected and actual values; they are the test's, not a
  // tool's message, and the rules must not read them as one.
  const told = lines.filter((l) => !ASSERTION_TEXT.test(l.text));
  if (told.length === 0) return undefined;
  const verdict = classifyOutcome({ exit_code: 1, stderr: told.map((l) => l.text).join("\n") });
  const compiled = verdict.rule?.startsWith("compile.") ?? false;
  if (!verdict.rule || (!VERIFIER_DECIDES.has(verdict.category) && !compiled)) return undefined;
  const matched = verdict.line ?? "";
  const line =
    told.find((l) => l.text.toLowerCase().replace(/\s+/g, " ").includes(matched.slice(0, 60))) ??
    told[0]!;
  if (verdict.rule.startsWith("compile.") && verdict.category !== "BAD_FILE_EDIT") {
    // The verifier compiled the agent's file and it did not compile: rule 6 calls that a bad edit.
    return {
      verdict: {
        ...verdict,
        category: "BAD_FILE_EDIT",
        reason: `BAD_FILE_EDIT:${verdict.reason.split(":")[1]}`,
        recovery: "RESTORE_CHECKPOINT_AND_RETRY",
      },
      line,
    };
  }
  return { verdict, line };
}
