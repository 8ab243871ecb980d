import {
  type FailureClassification,
  RECOVERY_DESCRIPTIONS,
  type RecoveryAction,
} from "@fak/taxonomy";
import { type QuoteAuthor, quote } from "./quote.js";

/** What a brief may cite: the verbatim evidence of the failure and the memory's prior art. */
export interface BriefInput {
  action: RecoveryAction;
  classification: FailureClassification;
  /** The importers' pointers to the failure (the verifier's assertion, the failed command). */
  meta: { first_assertion?: string; failing_test?: string; last_failing_step?: string };
  /** True when the first death was a budget death (stopped before judgment): untested. */
  budget: boolean;
  /** Cited prior art from the failure memory: ids and its token-capped frame. */
  priorArt?: { ids: number[]; text: string };
  /** The last command that failed and the end of its error output, where it was read. */
  failedCommand?: { command?: string; error?: string; source?: string };
}

/** Actions whose evidence is a failed command and its error (not a verifier's verdict). */
const COMMAND_ACTIONS: ReadonlySet<RecoveryAction> = new Set<RecoveryAction>([
  "NORMALIZE_COMMAND",
  "REPAIR_FAILED_COMMAND",
  "RETRY_PACKAGE_INSTALL",
  "RESTORE_CHECKPOINT_AND_RETRY",
  "EVIDENCE_GUIDED_RETRY",
]);

/** Lines and characters kept from the end of a failed command's error output. */
const ERROR_TAIL_LINES = 12;
const ERROR_TAIL_CHARS = 1000;

/** Task-agnostic guidance for each retry action; never an answer, never a way round a check. */
const GUIDANCE: Readonly<Record<RecoveryAction, string>> = {
  NONE: "",
  NORMALIZE_COMMAND:
    "A command of the previous attempt failed on its syntax. Re-issue it with normalised quoting, flags and paths; check the tool's own help for the form it expects.",
  REPAIR_FAILED_COMMAND:
    "A command of the previous attempt failed. Read that command and its error (quoted below) before anything else, find what it lacked (a file, a tool, a flag, a path, a running service) and fix that cause; do not repeat the command unchanged.",
  RETRY_PACKAGE_INSTALL:
    "A package install failed. Refresh the package index, or use another public source or a version that the error shows is available, then check the install before relying on it.",
  RESTORE_CHECKPOINT_AND_RETRY:
    "An edit of the previous attempt broke a file. Go back to the last version that worked (version control or a copy) before editing again, make the edit smaller and check the file after it.",
  EVIDENCE_GUIDED_RETRY:
    "The previous attempt ran out of time on the step quoted below. Take a faster route instead of repeating it: run long commands in the background with their own time limit, on less input first, and check their progress.",
  REREAD_TEST_ORACLE:
    "The previous attempt's result did not meet what the checks require (quoted below). Re-read the task statement and the tests or checks the task shows you, and check your result against them before you finish.",
  REFINE_POLICY_FALSE_POSITIVE:
    "A benign command of the previous attempt was denied by a policy rule that was too broad; the operator narrows that rule. Do not try to get around any denial yourself.",
  ESCALATE_FOR_REVIEW: "",
};

/** What every brief says, whatever the action. */
const RULES =
  "Rules for this attempt: work on the task as it is stated. Do not modify, skip, delete or weaken any test or check; do not look for the expected answer; do not get around a refusal, a denied command or a permission check.";

const BUDGET =
  "The previous attempt stopped before its approach was judged (its budget ran out, or it never got to work): that approach is untested, not refuted.";

/**
 * The brief of one retried trial: the action as task-agnostic text, the verbatim evidence (fenced
 * and labelled as data), and the cited prior art. Throws for an action that is not a retry.
 * @example briefFor({ action: "REPAIR_FAILED_COMMAND", classification, meta: {}, budget: false })
 */
export function briefFor(input: BriefInput): string {
  const { action, classification: c } = input;
  const guidance = GUIDANCE[action];
  if (!guidance) throw new Error(`no brief for action ${action}: it is not a retry`);
  const parts = [
    `# A retry of this task (fak: ${action})`,
    `The previous attempt at this task failed: ${c.category} (${c.reason}). ${sentence(RECOVERY_DESCRIPTIONS[action])}`,
    guidance,
    RULES,
  ];
  if (input.budget) parts.push(BUDGET);
  const evidence = evidenceQuotes(input);
  if (evidence.length > 0) parts.push("## Evidence from the previous attempt", ...evidence);
  const art = input.priorArt;
  if (art && art.ids.length > 0 && art.text.trim()) {
    const cited = art.ids.map((id) => `failure:${id}`).join(", ");
    parts.push(
      `## Prior art (${cited})`,
      "Approaches that already died on similar tasks, as fak's failure memory cites them. An UNTESTED entry ran out of budget: it is not a refutation.",
      quote("memory", art.text),
    );
  }
  return `${parts.join("\n\n")}\n`;
}

/** The verbatim evidence, each quote labelled by who wrote it; duplicates quoted once. */
function evidenceQuotes(input: BriefInput): string[] {
  const { classification: c, meta } = input;
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (author: QuoteAuthor, text: string | undefined, source?: string) => {
    const t = text?.trim();
    if (!t || seen.has(t)) return;
    seen.add(t);
    out.push(quote(author, t, source));
  };
  const failed = input.failedCommand;
  if (failed && COMMAND_ACTIONS.has(input.action) && (failed.command || failed.error)) {
    const tail = (failed.error ?? "").trimEnd().split("\n").slice(-ERROR_TAIL_LINES).join("\n");
    const error = tail.length > ERROR_TAIL_CHARS ? tail.slice(-ERROR_TAIL_CHARS) : tail;
    const text = [failed.command ? `$ ${failed.command}` : "", error].filter(Boolean).join("\n");
    add(
      "agent",
      text,
      failed.source
        ? `${failed.source}, the failed command and its error`
        : "the failed command and its error",
    );
    if (failed.command) seen.add(failed.command.trim());
  }
  if (c.decided_by) {
    const file = c.decided_by.file;
    const where = c.decided_by.line ? `${file}:${c.decided_by.line}` : file;
    add(authorOfFile(file), c.decided_by.text, where);
  }
  if (meta.failing_test) add("verifier", meta.failing_test, "the failing test");
  add("verifier", meta.first_assertion, "the first failing assertion");
  add("agent", meta.last_failing_step, "the last failing command");
  if (out.length === 0) {
    const lines = c.evidence.filter((e) => !e.startsWith("rule:")).slice(0, 4);
    if (lines.length > 0) add("agent", lines.join("\n"), "fak's evidence lines");
  }
  return out;
}

/** A description as a sentence: capitalised, ending in a full stop. */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Who wrote a file of a trial folder: the verifier's own files, the harness's, else the agent's. */
function authorOfFile(file: string): QuoteAuthor {
  if (
    /^(?:verifier|tests?)\//.test(file) ||
    /(?:^|\/)(?:test-stdout\.txt|ctrf\.json|reward\.(?:txt|json)|tests\.log|post-test\.txt)$/.test(
      file,
    )
  )
    return "verifier";
  if (/^(?:exception\.txt|trial\.log|result\.json|results\.json|config\.json)$/.test(file))
    return "harness";
  return "agent";
}
