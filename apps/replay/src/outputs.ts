import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  failureTaxonomySchema,
  renderTaxonomyMarkdown,
  retryDirectiveSchema,
  validate,
} from "@fak/taxonomy";
import type { ReplayResult } from "./replay.js";
import { renderReportMarkdown } from "./report-markdown.js";
import { commandReportSchema } from "./report-schema.js";

/** The files `fak replay --out DIR` writes, in the order they are written. */
export const REPLAY_OUTPUT_FILES = [
  "report.json",
  "report.md",
  "taxonomy.json",
  "taxonomy.md",
  "directives.jsonl",
] as const;

/**
 * Write a replay's report, taxonomy and directives into `dir` (created if missing). Everything
 * is validated and rendered before the first byte is written, and each file is written to a
 * temporary name and renamed into place, so a reader never sees a half-written file.
 * @example writeReplayOutputs("out", replaySuite("examples/suites/demo.json")) // ["out/report.json", …]
 */
export function writeReplayOutputs(dir: string, result: ReplayResult): string[] {
  const where = (field: string) => ({ file: "(replay result)", field });
  const report = validate(commandReportSchema, result.report, where("report"));
  const taxonomy = validate(failureTaxonomySchema, result.taxonomy, where("taxonomy"));
  const directives = result.directives.map((d, i) =>
    validate(retryDirectiveSchema, d, where(`directives[${i}]`)),
  );
  const contents: Record<(typeof REPLAY_OUTPUT_FILES)[number], string> = {
    "report.json": `${JSON.stringify(report, null, 2)}\n`,
    "report.md": renderReportMarkdown(report),
    "taxonomy.json": `${JSON.stringify(taxonomy, null, 2)}\n`,
    "taxonomy.md": renderTaxonomyMarkdown(taxonomy),
    "directives.jsonl": directives.map((d) => `${JSON.stringify(d)}\n`).join(""),
  };
  return writeOutputFiles(dir, contents);
}

/**
 * Write already-validated, rendered files into `dir` (created if missing), each to a temporary
 * name renamed into place, in the order given.
 * @example writeOutputFiles("out", { "taxonomy.md": markdown }) // ["out/taxonomy.md"]
 */
export function writeOutputFiles(
  dir: string,
  contents: Readonly<Record<string, string>>,
): string[] {
  mkdirSync(dir, { recursive: true });
  return Object.entries(contents).map(([name, text]) => writeAtomically(join(dir, name), text));
}

function writeAtomically(path: string, text: string): string {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, text, { encoding: "utf8", flag: "wx" });
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return path;
}
