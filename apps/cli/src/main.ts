#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { errorLine, exitStatusFor } from "./errors.js";

// Only the command that runs is loaded: its module, and the packages it imports, load on demand
// (`fak --version` loads none; help and an unknown name load them all, to list them). A command
// module named here must register a command of the same name.
type Register = (program: Command) => void;
const COMMANDS: Record<string, () => Promise<Register>> = {
  classify: async () =>
    (await bundled<typeof import("./commands/classify.js")>("classify")).registerClassify,
  retry: async () => (await import("./commands/retry.js")).registerRetry,
  taxonomy: async () => (await import("./commands/taxonomy.js")).registerTaxonomy,
  watch: async () => (await import("./commands/watch.js")).registerWatch,
  replay: async () => (await import("./commands/replay.js")).registerReplay,
  ingest: async () => (await import("./commands/ingest.js")).registerIngest,
  compare: async () => (await import("./commands/compare.js")).registerCompare,
  plan: async () => (await import("./commands/plan.js")).registerPlan,
  report: async () => (await import("./commands/report.js")).registerReport,
  eval: async () => (await import("./commands/eval.js")).registerEval,
  memory: async () => (await import("./commands/memory.js")).registerMemory,
  schema: async () => (await import("./commands/schema.js")).registerSchema,
};

/**
 * A command's module as esbuild bundled it (scripts/bundle-classify.mjs: one file for about 140
 * modules, a quarter of a short run's CPU), or the module itself when the build made no bundle.
 */
async function bundled<M>(name: string): Promise<M> {
  const url = new URL(`./commands/${name}.bundle.js`, import.meta.url);
  try {
    return (await import(url.href)) as M;
  } catch (err) {
    if (
      (err as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND" ||
      !String((err as Error).message).includes(url.pathname)
    )
      throw err;
    return (await import(`./commands/${name}.js`)) as M;
  }
}

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

for (const load of commandsToLoad(process.argv.slice(2))) (await load())(program);
for (const command of program.commands) command.exitOverride();

/** The named command alone; none for the version alone; every one for help or an unknown name. */
function commandsToLoad(args: readonly string[]): Array<() => Promise<Register>> {
  const name = args.find((a) => !a.startsWith("-"));
  const known = name !== undefined && Object.hasOwn(COMMANDS, name);
  if (known) return [COMMANDS[name]!];
  if (name === undefined && args.some((a) => a === "-V" || a === "--version")) return [];
  return Object.values(COMMANDS);
}

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
