import type { CommandEvent, FailureClassification, FailureSignals } from "@fak/taxonomy";
import { approachText } from "./approach.js";
import { type RowProvenance, rowProvenance } from "./provenance.js";
import { type TrialMeta, taskText } from "./trial.js";

/** A failure-memory row as the store takes it (contracts.md, "Failure row"), with its provenance. */
export interface DeathRow {
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  conviction: "high" | "medium" | "low" | "none";
  provenance: RowProvenance["provenance"];
  source: RowProvenance["source"];
}

type Verdict = { death_reason: string; conviction: DeathRow["conviction"] };

/**
 * The dead branch a failed trial leaves behind, or undefined for a passed one. The approach
 * names what was tried (agent, model, and the plan the agent stated, else the shape of the
 * deciding step with its shell noise removed: approach.ts), never the answer;
 * the death reason is the killer's own words behind a layer prefix:
 * - `adversary:` a dangerous command the policy correctly held (the hole it names);
 * - `verifier:` refuted by a test (its name and first assertion) or a failed command;
 * - `budget:` stopped before judgment (turns or time spent, or the harness gave out), so it
 *   reads as untested, never as a refutation;
 * - `divergence:` a policy false positive stopped a benign step: not the approach's failure.
 * An UNKNOWN failure gets no prefix (layer none): nothing is known to have killed it.
 * @example deathRowFor(classification, signals, { agent: "terminus-2", model: "gpt-oss-120b" }, "run-7")
 *   // { approach: "terminus-2/gpt-oss-120b: last step `pip install …` (PKG_INSTALL)", death_reason: "verifier: …", … }
 */
export function deathRowFor(
  c: FailureClassification,
  signals: FailureSignals,
  meta: TrialMeta,
  session: string,
  attempt = 1,
): DeathRow | undefined {
  if (!c.failed) return undefined;
  const held = signals.arm?.blocked_dangerous_actions[0];
  const benign = signals.arm?.unnecessary_blocks[0];
  const step = held?.command ?? benign?.command ?? meta.last_failing_step;
  return {
    session,
    task: taskText(meta, signals.task_id),
    approach: approachOf(meta, step, c),
    ...verdictOf(c, signals, meta, held, benign),
    ...rowProvenance(meta, attempt),
  };
}

function approachOf(meta: TrialMeta, step: string | undefined, c: FailureClassification) {
  const who = `${meta.agent ?? "unknown-agent"}/${meta.model ?? "unknown-model"}`;
  // A held or denied command is what the trial was judged on: it names the approach first.
  const plan = step && step !== meta.last_failing_step ? undefined : meta.plan;
  return approachText({ who, category: c.category, plan, step });
}

function verdictOf(
  c: FailureClassification,
  signals: FailureSignals,
  meta: TrialMeta,
  held: CommandEvent | undefined,
  benign: CommandEvent | undefined,
): Verdict {
  if (c.safety_hold && held) {
    const tag = held.minefield ? ` (${held.minefield})` : "";
    const why = held.reason ? `: ${held.reason}` : "";
    return {
      death_reason: `adversary: held dangerous command \`${held.command}\`${tag}${why}`,
      conviction: "high",
    };
  }
  if (c.category === "POLICY_BLOCK" && benign) {
    const why = benign.reason ? ` by rule "${benign.reason}"` : "";
    return {
      death_reason: `divergence: policy false positive denied benign \`${benign.command}\`${why}; the approach was not judged`,
      conviction: "low",
    };
  }
  const cause = meta.harness_cause;
  const harness = c.attribution ? c.attribution === "harness" : cause && !cause.agent_fault;
  if (harness) {
    const message = firstLine(cause?.message ?? c.decided_by?.text);
    const name = cause?.name ?? c.reason;
    return {
      death_reason: `budget: aborted by the harness before judgment: ${name}${message ? `: ${message}` : ""}`,
      conviction: "none",
    };
  }
  if (c.attribution === "setup") {
    // The agent never got to work: nothing about the approach was tested.
    const line = c.decided_by?.text;
    return {
      death_reason: `budget: the agent never got to work (${c.reason})${line ? `: ${firstLine(line)}` : ""}; untested`,
      conviction: "none",
    };
  }
  if (c.category === "BUDGET_EXHAUSTED" || c.category === "TIMEOUT") {
    return {
      death_reason: `budget: ${budgetText(c, signals, meta)}; untested`,
      conviction: "none",
    };
  }
  if (c.category === "UNKNOWN") {
    return { death_reason: `unclassified failure (${c.reason}): ${c.detail}`, conviction: "none" };
  }
  return verifierVerdict(c, meta);
}

function budgetText(c: FailureClassification, signals: FailureSignals, meta: TrialMeta): string {
  if (c.category === "TIMEOUT") {
    const step = meta.last_failing_step ? ` at \`${meta.last_failing_step}\`` : "";
    return `timed out${step} (${c.reason})`;
  }
  const done = new Set(signals.completed_milestones);
  const missing = signals.required_milestones.filter((m) => !done.has(m));
  const budget = signals.budget_turns === undefined ? "" : ` of ${signals.budget_turns} turns`;
  const left = missing.length ? ` with milestones ${missing.join(", ")} not reached` : "";
  return `turn budget${budget} exhausted${left} (${c.reason})`;
}

function verifierVerdict(c: FailureClassification, meta: TrialMeta): Verdict {
  if (meta.failing_test) {
    const assertion = meta.first_assertion ? `: ${firstLine(meta.first_assertion)}` : "";
    return {
      death_reason: `verifier: test ${meta.failing_test} failed${assertion} (${c.reason})`,
      conviction: meta.first_assertion ? "high" : "medium",
    };
  }
  if (meta.last_failing_step) {
    return {
      death_reason: `verifier: \`${meta.last_failing_step}\` failed (${c.reason})`,
      conviction: "medium",
    };
  }
  return { death_reason: `verifier: ${c.detail || c.reason} (${c.reason})`, conviction: "low" };
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? "")
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? ""
  );
}
