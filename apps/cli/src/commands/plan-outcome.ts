import type { PlanOutcome } from "@fak/replay";
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
