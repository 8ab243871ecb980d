import { readFileSync } from "node:fs";
import { InputError, recoveryActionSchema, validate } from "@fak/taxonomy";
import { z } from "zod";
import type { LoadedRun } from "../reports/load.js";
import type { TrialRow } from "../reports/schemas.js";
import { scoredRows } from "../reports/summary.js";
import { type Plan, planDecisionSchema, planSchema } from "./schema.js";

// What a plan's rerun did: `fak compare ORIGINAL RERUN --plan plan.json`.

const count = z.number().int().nonnegative();
const blocksSchema = z.strictObject({ before: count, after: count });

export const planOutcomeGroupSchema = z.strictObject({
  decision: planDecisionSchema,
  action: recoveryActionSchema,
  /** Tasks of the plan with this decision and action. */
  tasks: count,
  /** Of those, the tasks the rerun scored (at least one trial that was not a harness error). */
  tasks_retried: count,
  /** Failed in the original run (no attempt passed), passed in the rerun. */
  passes_gained: count,
  /** Passed in the original run (an attempt passed), failed in the rerun. */
  passes_lost: count,
  /** Trials with a benign command denied (a policy false positive), on these tasks. */
  unnecessary_blocks: blocksSchema,
  gained: z.array(z.string()),
  lost: z.array(z.string()),
  /** Tasks of the plan the rerun does not hold. */
  not_rerun: z.array(z.string()),
});
export type PlanOutcomeGroup = z.output<typeof planOutcomeGroupSchema>;

export const planOutcomeSchema = z.strictObject({
  /** `real` when both runs are real harness runs; a fixture replay never claims a result. */
  evidence: z.enum(["real", "simulated"]),
  groups: z.array(planOutcomeGroupSchema),
  totals: z.strictObject({
    tasks_retried: count,
    passes_gained: count,
    passes_lost: count,
    /** Over every task of both runs: the acceptance line's "without increasing unnecessary blocks". */
    unnecessary_blocks: blocksSchema,
  }),
  /**
   * The seed's acceptance line on a real run: more passes gained than lost on the retried tasks,
   * and no more unnecessary blocks after than before. Null for a simulated run (no claim) and
   * when the rerun scored none of the plan's tasks.
   */
  accepted: z.boolean().nullable(),
  /** Held tasks the rerun ran anyway (it should hold none). */
  held_but_rerun: z.array(z.string()),
  /** Which memory rows shaped which passing rerun: the rows injected into a gained task's brief. */
  memories_in_passes: z.array(
    z.strictObject({ task: z.string(), memories: z.array(z.number().int().positive()) }),
  ),
});
export type PlanOutcome = z.output<typeof planOutcomeSchema>;

/** Read and check a plan.json; an InputError names the file and field. */
export function readPlan(file: string): Plan {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InputError({ file }, `not a plan.json (${(err as Error).message})`);
  }
  return validate(planSchema, doc, { file });
}

const isUnnecessaryBlock = (r: TrialRow) => r.reason.startsWith("POLICY_BLOCK:unnecessary_block");

/**
 * What the rerun of a plan did, per decision and action: tasks retried, passes gained and lost,
 * unnecessary blocks before and after, and which memory rows were in the briefs of the tasks
 * that now pass. Tasks are matched by name; a task passes in a run when any scored attempt did.
 * @example planOutcome(readPlan("plan/plan.json"), await loadRun("jobs/a"), await loadRun("jobs/b"))
 */
export function planOutcome(plan: Plan, original: LoadedRun, rerun: LoadedRun): PlanOutcome {
  const before = byTask(original.rows);
  const after = byTask(rerun.rows);
  const passes = (rows: TrialRow[] | undefined) => scoredRows(rows ?? []).some((r) => r.passed);
  const scored = (rows: TrialRow[] | undefined) => scoredRows(rows ?? []).length > 0;
  const blocks = (rows: TrialRow[] | undefined) => (rows ?? []).filter(isUnnecessaryBlock).length;

  const groups = new Map<
    string,
    {
      decision: Plan["items"][number]["decision"];
      action: Plan["items"][number]["action"];
      tasks: Set<string>;
    }
  >();
  for (const item of plan.items) {
    const key = `${item.decision}\0${item.action}`;
    const g = groups.get(key) ?? {
      decision: item.decision,
      action: item.action,
      tasks: new Set<string>(),
    };
    g.tasks.add(item.task);
    groups.set(key, g);
  }
  const out: PlanOutcomeGroup[] = [];
  for (const g of groups.values()) {
    const tasks = [...g.tasks].sort();
    const ran = tasks.filter((t) => scored(after.get(t)));
    const gained = ran.filter((t) => !passes(before.get(t)) && passes(after.get(t)));
    const lost = ran.filter((t) => passes(before.get(t)) && !passes(after.get(t)));
    out.push({
      decision: g.decision,
      action: g.action,
      tasks: tasks.length,
      tasks_retried: ran.length,
      passes_gained: gained.length,
      passes_lost: lost.length,
      unnecessary_blocks: {
        before: tasks.reduce((n, t) => n + blocks(before.get(t)), 0),
        after: tasks.reduce((n, t) => n + blocks(after.get(t)), 0),
      },
      gained,
      lost,
      not_rerun: tasks.filter((t) => !after.has(t)),
    });
  }
  out.sort((a, b) => a.decision.localeCompare(b.decision) || a.action.localeCompare(b.action));
  const rerunGroups = out.filter((g) => g.decision === "retry" || g.decision === "rerun_unchanged");
  const sum = (f: (g: PlanOutcomeGroup) => number) => rerunGroups.reduce((n, g) => n + f(g), 0);
  const totals = {
    tasks_retried: sum((g) => g.tasks_retried),
    passes_gained: sum((g) => g.passes_gained),
    passes_lost: sum((g) => g.passes_lost),
    unnecessary_blocks: {
      before: original.rows.filter(isUnnecessaryBlock).length,
      after: rerun.rows.filter(isUnnecessaryBlock).length,
    },
  };
  const simulated = original.summary.simulated || rerun.summary.simulated;
  const heldTasks = new Set(plan.items.filter((i) => i.decision === "hold").map((i) => i.task));
  const gainedTasks = new Set(out.filter((g) => g.decision === "retry").flatMap((g) => g.gained));
  const memories = new Map<string, Set<number>>();
  for (const item of plan.items) {
    if (!gainedTasks.has(item.task) || item.memories_injected.length === 0) continue;
    const ids = memories.get(item.task) ?? new Set<number>();
    for (const id of item.memories_injected) ids.add(id);
    memories.set(item.task, ids);
  }
  return {
    evidence: simulated ? "simulated" : "real",
    groups: out,
    totals,
    accepted:
      simulated || totals.tasks_retried === 0
        ? null
        : totals.passes_gained > totals.passes_lost &&
          totals.unnecessary_blocks.after <= totals.unnecessary_blocks.before,
    held_but_rerun: [...heldTasks].filter((t) => after.has(t)).sort(),
    memories_in_passes: [...memories]
      .map(([task, ids]) => ({ task, memories: [...ids].sort((a, b) => a - b) }))
      .sort((a, b) => a.task.localeCompare(b.task)),
  };
}

function byTask(rows: readonly TrialRow[]): Map<string, TrialRow[]> {
  const map = new Map<string, TrialRow[]>();
  for (const r of rows) map.set(r.task, [...(map.get(r.task) ?? []), r]);
  return map;
}
