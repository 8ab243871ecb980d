#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerClassify } from "./commands/classify.js";
import { registerCompare } from "./commands/compare.js";
import { registerEval } from "./commands/eval.js";
import { registerIngest } from "./commands/ingest.js";
import { registerMemory } from "./commands/memory.js";
import { registerPlan } from "./commands/plan.js";
import { registerReplay } from "./commands/replay.js";
import { registerReport } from "./commands/report.js";
import { registerRetry } from "./commands/retry.js";
import { registerSchema } from "./commands/schema.js";
import { registerTaxonomy } from "./commands/taxonomy.js";
import { registerWatch } from "./commands/watch.js";
import { errorLine, exitStatusFor } from "./errors.js";

// Most commands load their packages inside their actions, but not all yet: io.ts, terminal.ts
// and commands/gate-options.ts import @fak/taxonomy, and commands/run-tables.ts @fak/replay,
// at start, so `fak --version` pays for them (issue 17 measures it against `node -e 0`).
// A reader that stops early (`fak memory export | head -1`) is not a failure of fak.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
  throw err;
});

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

const program = new Command("fak")
  .description("classify coding-agent failures, decide the safe recovery, remember dead branches")
  .version(version)
  .exitOverride()
  .showHelpAfterError("(run with --help for usage)");

for (const register of [
  registerClassify,
  registerRetry,
  registerTaxonomy,
  registerWatch,
  registerReplay,
  registerIngest,
  registerCompare,
  registerPlan,
  registerReport,
  registerEval,
  registerMemory,
  registerSchema,
]) {
  register(program);
}
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and version end well; any other complaint of the parser is a usage error.
    process.exitCode = err.exitCode === 0 ? 0 : 2;
  } else {
    process.stderr.write(`fak: ${await errorLine(err)}\n`);
    process.exitCode = exitStatusFor(err);
  }
}
