import type { Command } from "commander";
import { GateTripped, UsageError } from "../errors.js";
import { withStore } from "../memory-store.js";
import { out, printJson } from "../output.js";
import { noteLine, scrubbedCopy, shownCopy } from "../scrubbed.js";
import { forTerminal } from "../terminal.js";
import { type PlanRecorded, planOutcomeText, planRecordedText } from "./plan-outcome.js";
import { writeHtmlReport } from "./report.js";
import { comparisonText, gateLine } from "./run-tables.js";

interface CompareOptions {
  json?: boolean;
  failOn?: string;
  html?: string;
  plan?: string;
  record?: string;
}

export function registerCompare(program: Command): void {
  program
    .command("compare")
    .description(
      "compare two runs task by task: pass rates with a 95% interval, categories side by side, every flipped task with its evidence, tasks only one run has",
    )
    .argument(
      "<a>",
      "run A: a Harbor job or tb run folder (or a folder holding them), an ingest.json, or report.json#raw|#fak; several joined by commas",
    )
    .argument("<b>", "run B, the same way")
    .option("--fail-on <gate>", "regression: exit 1 when a task that passed in A fails in B")
    .option("--html <file>", "also write the comparison as one self-contained HTML file")
    .option(
      "--plan <file>",
      "the plan.json that led from A to B (`fak plan`): adds plan_outcome, what the rerun did per decision and action",
    )
    .option(
      "--record <db>",
      "with --plan: store in this failure memory what the rerun of each planned death came to (passed, or failed again with its category), linked to the death; idempotent; two real runs only",
    )
    .option("--json", "print the RunComparison (see `fak schema RunComparison`)")
    .action(async (a: string, b: string, opts: CompareOptions) => {
      if (opts.failOn !== undefined && opts.failOn !== "regression") {
        throw new UsageError(`unknown gate "${opts.failOn}" for compare: expected regression`);
      }
      if (opts.record !== undefined && opts.plan === undefined) {
        throw new UsageError("--record needs --plan: the plan.json that led from A to B");
      }
      const { compareRuns, loadRun, planOutcome, planRecoveries, readPlan, regressionGate } =
        await import("@fak/replay");
      const plan = opts.plan ? readPlan(opts.plan) : undefined;
      const notes = { onNote: (n: string) => void noteLine(n) };
      const runA = await loadRun(a, notes);
      const runB = await loadRun(b, notes);
      const cmp = compareRuns(runA, runB);
      const gate = opts.failOn ? regressionGate(cmp) : undefined;
      const outcome = plan ? planOutcome(plan, runA, runB) : undefined;
      // Only two real runs may claim a result: a fixture replay is refused before anything is
      // written (the memory is not even opened).
      for (const [name, run] of [
        ["A", runA],
        ["B", runB],
      ] as const) {
        if (opts.record !== undefined && run.summary.simulated)
          throw new UsageError(
            `--record: run ${name} (${run.summary.label}) is a fixture replay; a simulation claims no result, so its outcome is never recorded`,
          );
      }
      const recorded =
        plan && opts.record !== undefined
          ? await recordRecoveries(opts.record, planRecoveries(plan, runA, runB))
          : undefined;
      const written = opts.html ? await writeHtmlReport(opts.html, [runA, runB], cmp) : undefined;
      // Everything below is printed: scrubbed of secrets (and, for people, made safe to show).
      if (opts.json)
        await printJson(
          await scrubbedCopy({
            ...cmp,
            ...(gate ? { gate } : {}),
            ...(outcome ? { plan_outcome: outcome } : {}),
            ...(recorded ? { plan_recorded: recorded } : {}),
          }),
        );
      else {
        let text = comparisonText(await shownCopy(cmp));
        if (outcome) text += planOutcomeText(await shownCopy(outcome));
        if (recorded) text += planRecordedText(await shownCopy(recorded));
        if (written) text += `wrote ${forTerminal(written)}\n`;
        // A tripped gate says why on stderr, once (see below).
        if (gate && !gate.tripped) text += gateLine(await shownCopy(gate));
        await out(text);
      }
      if (gate?.tripped) throw new GateTripped((await scrubbedCopy(gate)).reason);
    });
}

/** Store the recoveries of a plan's rerun in one transaction; what each came to, in order. */
async function recordRecoveries(
  db: string,
  planned: import("@fak/replay").PlanRecoveries,
): Promise<PlanRecorded> {
  const results = await withStore({ db }, (store) => store.recordRecoveries(planned.recoveries));
  const recoveries = planned.recoveries.map((r, i) => {
    const stored = results[i]!;
    return {
      task: r.task,
      trial_id: planned.items[i]!.trial_id,
      decision: r.decision,
      action: r.action,
      rerun_job: r.rerun.job,
      outcome: r.outcome,
      category: r.category,
      id: stored.id,
      status: stored.status,
      death_id: stored.death_id,
    };
  });
  return {
    recoveries,
    added: recoveries.filter((r) => r.status === "added").length,
    already_present: recoveries.filter((r) => r.status === "already_present").length,
    unrecorded: planned.unrecorded,
  };
}
