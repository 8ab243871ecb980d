import { classifyOutcome, type OutcomeClassification } from "../outcome.js";
import type { EvidenceLine } from "./schema.js";

/** Categories the verifier's own output can decide: the agent's file does not parse or compile, or the tests hung. */
const VERIFIER_DECIDES = new Set(["BAD_FILE_EDIT", "TIMEOUT"]);
const ASSERTION_TEXT =
  /^(?:>\s*)?assert\b|assertionerror|^failed \S+ - |^\S+\.py:\d+: \w*error$|^\+\s+where\b/i;

/**
 * pytest's line of the test's own code that raised, with the test author's own words
 * (`>       raise TimeoutError("Timeout waiting for …")`); a library's raise passes values
 * (`>  raise TimeoutExpired(self.args, timeout)`) and is not the test's check.
 */
const TEST_RAISE = /^>\s*raise (\w+)\(\s*f?["']/;

/** Where a compiler's or parser's own message starts inside an assertion's text. */
const EMBEDDED_DIAGNOSTIC =
  /[\w./-]+\.\w+:\d+(?::\d+)?:\s*(?:fatal\s+)?error\b|\berror(?:\[E\d{4}\]| TS\d{4}):|\b\w*SyntaxError: /;

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
  // But an assertion may carry a tool's own diagnostic as its message ("AssertionError:
  // Compilation failed: main.c:3:5: error: …"): from the diagnostic on, that part is the tool's.
  // An exception the test's own code raised (pytest shows `>  raise TimeoutError("…")`) is the
  // test's check failing, like an assertion: "Timeout waiting for frame.bmp" says the expected
  // output never came, not that the tests hung.
  const raised = new Set(
    lines.map((l) => TEST_RAISE.exec(l.text)?.[1]).filter((n): n is string => n !== undefined),
  );
  const told = lines.flatMap((l) => {
    if (TEST_RAISE.test(l.text)) return [];
    const name = /^(?:E\s+)?(?:\w+\.)*(\w+):/.exec(l.text)?.[1];
    if (name !== undefined && raised.has(name)) return [];
    if (!ASSERTION_TEXT.test(l.text)) return [l];
    const at = l.text.search(EMBEDDED_DIAGNOSTIC);
    return at > 0 ? [{ ...l, text: l.text.slice(at) }] : [];
  });
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
