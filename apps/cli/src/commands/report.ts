import { basename, dirname } from "node:path";
import type { LoadedRun, RunComparison } from "@fak/replay";
import type { Command } from "commander";
import { UsageError } from "../errors.js";
import { out, printJson } from "../output.js";
import { noteLine, scrubbedCopy, shownCopy } from "../scrubbed.js";
import { forTerminal } from "../terminal.js";

/**
 * Render and write the HTML report (all at once: a failed render writes nothing), every field
 * scrubbed of secrets and made safe to show first (controls, bidi and invisible characters; the
 * report escapes the rest for HTML).
 */
export async function writeHtmlReport(
  file: string,
  runs: LoadedRun[],
  comparison?: RunComparison,
): Promise<string> {
  const { renderHtmlReport, writeOutputFiles } = await import("@fak/replay");
  const shown = await shownCopy({ runs, comparison });
  const html = renderHtmlReport({
    runs: shown.runs,
    ...(shown.comparison ? { comparison: shown.comparison } : {}),
    generatedAt: new Date().toISOString(),
  });
  return writeOutputFiles(dirname(file), { [basename(file)]: html })[0] ?? file;
}

interface ReportOptions {
  compare?: string;
  html?: string;
  json?: boolean;
}

export function registerReport(program: Command): void {
  program
    .command("report")
    .description(
      "one self-contained HTML report of runs (category bars, per-task table with filters, evidence linked to the trial files); with --compare, the flips too",
    )
    .argument("<runs...>", "runs as for `fak compare` (folders, ingest.json, report.json#raw|#fak)")
    .option("--compare <run>", "compare the (single) run given with this one: A is the run, B this")
    .option("--html <file>", "the HTML file to write")
    .option("--json", "print {runs, comparison} as JSON instead of a summary line")
    .action(async (specs: string[], opts: ReportOptions) => {
      if (!opts.html) throw new UsageError("--html FILE is required: where to write the report");
      if (opts.compare && specs.length !== 1) {
        throw new UsageError("--compare compares one run with another: give exactly one run");
      }
      const { compareRuns, loadRun } = await import("@fak/replay");
      const notes = { onNote: (n: string) => void noteLine(n) };
      const runs: LoadedRun[] = [];
      for (const spec of specs) runs.push(await loadRun(spec, notes));
      let comparison: RunComparison | undefined;
      if (opts.compare) {
        const other = await loadRun(opts.compare, notes);
        comparison = compareRuns(runs[0] as LoadedRun, other);
        runs.push(other);
      }
      const written = await writeHtmlReport(opts.html, runs, comparison);
      if (opts.json) {
        return printJson(
          await scrubbedCopy({
            runs: runs.map((r) => r.summary),
            comparison: comparison ?? null,
            html: written,
          }),
        );
      }
      await out(`wrote ${forTerminal(written)}\n`);
    });
}
