import { once } from "node:events";
import { createWriteStream } from "node:fs";

const VERBS = [
  "retry",
  "pin",
  "rebase",
  "patch",
  "vendor",
  "mock",
  "rewrite",
  "skip",
  "bisect",
  "downgrade",
];
const THINGS = [
  "numpy",
  "the lockfile",
  "git config",
  "the test oracle",
  "pip cache",
  "the Makefile",
  "tsconfig",
  "docker layer",
];
const LAYERS = ["verifier", "adversary", "divergence", "budget", "reconcile"];
const CONVICTIONS = ["high", "medium", "low", "none"];

/**
 * One synthetic import line. About one line in `repeatEvery` repeats an earlier substance in
 * another session (another death of it, so imports exercise occurrence detection); every line
 * is a distinct death.
 * @example syntheticLine(7) // { session: "s0", task: "task 7 ...", ... }
 */
export function syntheticLine(i: number, repeatEvery = 5) {
  const n = i % repeatEvery === repeatEvery - 1 ? Math.floor(i / 2) : i;
  const verb = VERBS[n % VERBS.length]!;
  const thing = THINGS[(n >> 3) % THINGS.length]!;
  return {
    session: `s${Math.floor(i / 1000)}${n === i ? "" : "r"}`,
    task: `task ${n % 5000}: make ${thing} build again`,
    approach: `${verb} ${thing} (variant ${n})`,
    death_reason: `${LAYERS[n % LAYERS.length]}: ${thing} still fails after ${verb}, exit ${n % 7} at step ${n}`,
    conviction: CONVICTIONS[n % CONVICTIONS.length]!,
  };
}

/** Write `rows` synthetic lines to `path` as JSONL, streaming. */
export async function writeSyntheticJsonl(
  path: string,
  rows: number,
  repeatEvery = 5,
): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${JSON.stringify(syntheticLine(i, repeatEvery))}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
