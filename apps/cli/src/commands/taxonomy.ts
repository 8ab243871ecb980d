import type { Command } from "commander";
import { readRecords } from "../io.js";
import type { CommonOptions } from "../options.js";
import { printJson, say } from "../output.js";

export function registerTaxonomy(program: Command): void {
  program
    .command("taxonomy")
    .description("roll classifications up into a FailureTaxonomy (Markdown for people)")
    .argument("[file]", "FailureClassification JSONL; - or nothing for standard input")
    .option("--json", "print the FailureTaxonomy JSON")
    .action(async (file: string | undefined, opts: CommonOptions) => {
      const { failureClassificationSchema, renderTaxonomyMarkdown, rollup } = await import(
        "@fak/taxonomy"
      );
      const list = [];
      for await (const c of readRecords(file, failureClassificationSchema)) list.push(c);
      const taxonomy = rollup(list);
      if (opts.json) return printJson(taxonomy);
      await say(renderTaxonomyMarkdown(taxonomy));
    });
}
