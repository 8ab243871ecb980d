import type { Plan, PlanDecision } from "./schema.js";

/** A shell word, quoted only when it must be. */
export function shellWord(word: string): string {
  return /^[\w./=:@,+%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** How many items went each way, in a fixed order. */
export function decisionCounts(plan: Plan): Record<PlanDecision, number> {
  const counts: Record<PlanDecision, number> = { retry: 0, rerun_unchanged: 0, hold: 0, none: 0 };
  for (const item of plan.items) counts[item.decision]++;
  return counts;
}

/**
 * The plan folder's README: the exact commands, in the order to run them, and what was held.
 * @example planReadme(plan, "/abs/plan")
 */
export function planReadme(plan: Plan, dir: string): string {
  const counts = decisionCounts(plan);
  const lines = [
    "# fak plan: what to rerun",
    "",
    `${plan.items.length} failed trial(s): ${counts.retry} retried with a brief, ${counts.rerun_unchanged} rerun unchanged (the harness failed), ${counts.hold} held for human review, ${counts.none} not retried.`,
    "Each brief quotes earlier agents and verifiers as fenced, labelled data; held tasks appear in no command below.",
    "",
  ];
  const harbor = [
    ...plan.harbor.configs.map((c) => `harbor run -c ${shellWord(c)}`),
    ...plan.harbor.resume.map(
      (r) =>
        `harbor jobs resume -p ${shellWord(r.job)} ${r.filter_error_types.map((t) => `-f ${shellWord(t)}`).join(" ")}`,
    ),
  ];
  if (harbor.length > 0) lines.push("## Harbor", "", "```sh", ...harbor, "```", "");
  if (plan.tb.commands.length > 0)
    lines.push(
      "## tb",
      "",
      "```sh",
      ...plan.tb.commands.map((argv) => argv.map(shellWord).join(" ")),
      "```",
      "",
    );
  if (plan.tb.incomplete.length > 0) {
    const missing = [...new Set(plan.tb.incomplete.map((c) => c.missing))];
    lines.push("## tb: complete these first", "", ...missing.map((m) => `- ${m}`), "", "```sh");
    lines.push(...plan.tb.incomplete.map((c) => c.argv.map(shellWord).join(" ")), "```", "");
  }
  const notes = [...plan.harbor.notes, ...plan.tb.notes];
  if (notes.length > 0)
    lines.push("## Not planned, and why", "", ...notes.map((n) => `- ${n}`), "");
  const held = plan.items.filter((i) => i.decision === "hold");
  if (held.length > 0)
    lines.push(
      "## Held for human review (never rerun)",
      "",
      ...held.map((i) => `- ${i.task} (${i.trial_id}): ${i.rationale}`),
      "",
    );
  if (harbor.length === 0 && plan.tb.commands.length === 0 && plan.tb.incomplete.length === 0)
    lines.push("Nothing to rerun.", "");
  lines.push(
    "## Then",
    "",
    "Compare the rerun with the original run, task by task:",
    "",
    "```sh",
    `fak compare ORIGINAL RERUN --plan ${shellWord(`${dir}/plan.json`)}`,
    "```",
    "",
  );
  return lines.join("\n");
}
