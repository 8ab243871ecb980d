import type { PlanOutcome, UnrecordedItem } from "@fak/replay";
import { table } from "../output.js";
import { forTerminal } from "../terminal.js";

/**
 * What a plan's rerun did, for people: one row per decision and action, the totals, the
 * acceptance line, and the memory rows in the briefs of the tasks that now pass.
 */
export function planOutcomeText(o: PlanOutcome): string {
  const rows = o.groups.map((g) => [
    g.decision,
    g.decision === "retry" ? g.action : "",
    String(g.tasks),
    String(g.tasks_retried),
    String(g.passes_gained),
    String(g.passes_lost),
    `${g.unnecessary_blocks.before} -> ${g.unnecessary_blocks.after}`,
  ]);
  const t = o.totals;
  let text = `\n## Plan outcome${o.evidence === "simulated" ? " (simulated: no claim)" : ""}\n\n`;
  text += `${table(["decision", "action", "tasks", "rerun", "gained", "lost", "unnecessary blocks"], rows)}\n`;
  text += `retried ${t.tasks_retried} task(s): ${t.passes_gained} pass(es) gained, ${t.passes_lost} lost; unnecessary blocks ${t.unnecessary_blocks.before} before, ${t.unnecessary_blocks.after} after\n`;
  if (o.accepted !== null)
    text += `acceptance (more passes gained than lost, no more unnecessary blocks): ${o.accepted ? "met" : "not met"}\n`;
  if (o.held_but_rerun.length > 0)
    text += `held tasks that the rerun ran anyway: ${o.held_but_rerun.join(", ")}\n`;
  for (const m of o.memories_in_passes)
    text += `${m.task} passed with ${m.memories.map((id) => `failure:${id}`).join(", ")} in its brief\n`;
  return forTerminal(text);
}

/** What `fak compare --plan --record` stored (the `plan_recorded` key of its JSON). */
export interface PlanRecorded {
  recoveries: {
    task: string;
    trial_id: string;
    decision: string;
    action: string;
    rerun_job: string;
    outcome: "passed" | "failed_again";
    category: string | null;
    /** The recovery's id in the memory, whether this run added it, and the death it names. */
    id: number;
    status: "added" | "already_present";
    death_id: number | null;
  }[];
  added: number;
  already_present: number;
  /** Plan items that left no recovery (held, or no verdict in the rerun), and why. */
  unrecorded: UnrecordedItem[];
}

/**
 * `recorded 32 recoveries (4 passed, 28 failed again): 32 added, 0 already there; 30 linked to a
 * recorded death`, and the planned deaths that left none, by reason.
 */
export function planRecordedText(r: PlanRecorded): string {
  const passed = r.recoveries.filter((x) => x.outcome === "passed").length;
  const linked = r.recoveries.filter((x) => x.death_id !== null).length;
  let text = `\nrecorded ${r.recoveries.length} recover${r.recoveries.length === 1 ? "y" : "ies"} (${passed} passed, ${r.recoveries.length - passed} failed again): ${r.added} added, ${r.already_present} already there; ${linked} linked to a death in the memory\n`;
  if (linked < r.recoveries.length)
    text += `${r.recoveries.length - linked} of these deaths are not in the memory yet: \`fak ingest harbor|tb ORIGINAL --record --db DB\` records them, and prior art then shows what their reruns came to\n`;
  const reasons = new Map<string, number>();
  for (const u of r.unrecorded) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  for (const [reason, n] of reasons) text += `${n} planned trial(s) left none: ${reason}\n`;
  return forTerminal(text);
}
