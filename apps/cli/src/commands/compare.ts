import type { Command } from "commander";
import { GateTripped, UsageError } from "../errors.js";
import { out, printJson } from "../output.js";
import { noteLine, scrubbedCopy, shownCopy } from "../scrubbed.js";
import { forTerminal } from "../terminal.js";
import { planOutcomeText } from "./plan-outcome.js";
import { writeHtmlReport } from "./report.js";
import { comparisonText, gateLine } from "./run-tables.js";

interface CompareOptions {
  json?: boolean;
  failOn?: string;
  html?: string;
  plan?: string;
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
    .option("--json", "print the RunComparison (see `fak schema RunComparison`)")
    .action(async (a: string, b: string, opts: CompareOptions) => {
      if (opts.failOn !== undefined && opts.failOn !== "regression") {
        throw new UsageError(`unknown gate "${opts.failOn}" for compare: expected regression`);
      }
      const { compareRuns, loadRun, planOutcome, readPlan, regressionGate } = await import(
        "@fak/replay"
      );
      const plan = opts.plan ? readPlan(opts.plan) : undefined;
      const notes = { onNote: (n: string) => void noteLine(n) };
      const runA = await loadRun(a, notes);
      const runB = await loadRun(b, notes);
      const cmp = compareRuns(runA, runB);
      const gate = opts.failOn ? regressionGate(cmp) : undefined;
      const outcome = plan ? planOutcome(plan, runA, runB) : undefined;
      const written = opts.html ? await writeHtmlReport(opts.html, [runA, runB], cmp) : undefined;
      // Everything below is printed: scrubbed of secrets (and, for people, made safe to show).
      if (opts.json)
        await printJson(
          await scrubbedCopy({
            ...cmp,
            ...(gate ? { gate } : {}),
            ...(outcome ? { plan_outcome: outcome } : {}),
          }),
        );
      else {
        let text = comparisonText(await shownCopy(cmp));
        if (outcome) text += planOutcomeText(await shownCopy(outcome));
        if (written) text += `wrote ${forTerminal(written)}\n`;
        // A tripped gate says why on stderr, once (see below).
        if (gate && !gate.tripped) text += gateLine(await shownCopy(gate));
        await out(text);
      }
      if (gate?.tripped) throw new GateTripped((await scrubbedCopy(gate)).reason);
    });
}
