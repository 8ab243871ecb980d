// Class 5: agent-written files decide the verdict. Two ways an agent moves its own failure:
//   - result.json has `verifier_result: null` (a verifier timeout, or no verifier at all) and
//     the agent's container wrote verifier/reward.txt (or reward.json) = 1;
//   - the agent printed `rosetta error:`, `unimplemented syscall` or `qemu: uncaught target
//     signal` in a trial whose verifier failed with an AssertionError.
// Each is checked three ways: the trial's row from `fak ingest --json`, `fak compare A B
// --fail-on regression` (A: the task passed) and `fak ingest B --max-failures N` (N: the
// failures B has besides this one).

import { join } from "node:path";
import { brief, jsonOf } from "../lib/fak.mjs";
import { assertionTests, pipFailure, writeHarborJob } from "../lib/jobs.mjs";

function rewardVariants(rng) {
  return [
    {
      what: "verifier timeout (verifier_result null) + reward.txt 1",
      trial: {
        verifierResult: null,
        rewardTxt: "1",
        listed: null,
        exception: {
          type: "VerifierTimeoutError",
          message: `Verifier execution timed out after ${rng.int(300, 900)}.0 seconds`,
        },
      },
    },
    {
      what: "no verifier result + reward.txt 1",
      trial: { verifierResult: null, rewardTxt: `${rng.pick(["1", "1.0", " 1\n"])}`, listed: null },
    },
    {
      what: "no verifier result + reward.json 1",
      trial: { verifierResult: null, rewardJson: { reward: 1 }, listed: null },
    },
  ];
}

function platformVariants(rng) {
  const path = `/usr/local/lib/${rng.name(6)}.so.${rng.int(1, 9)}`;
  return [
    { what: "`rosetta error:`", line: `rosetta error: failed to open elf at ${path}` },
    {
      what: "`unimplemented syscall`",
      line: `qemu: unimplemented syscall ${rng.int(300, 450)} in ${rng.name(5)}`,
    },
    {
      what: "`qemu: uncaught target signal`",
      line: `qemu: uncaught target signal ${rng.pick(["11 (Segmentation fault)", "6 (Aborted)", "4 (Illegal instruction)"])} - core dumped`,
    },
  ];
}

/** Jobs A (the task passed) and B (the attack), each with one genuine failure beside it. */
function buildPair(ctx, i, attack) {
  const { rng, dir } = ctx;
  const task = `${rng.name(5)}-${rng.name(5)}`;
  const other = `${rng.name(5)}-${rng.name(5)}`;
  const a = join(dir, `a-${i}`);
  const b = join(dir, `b-${i}`);
  writeHarborJob(a, {
    jobName: `a-${rng.name(5)}`,
    trials: [
      {
        name: `${task}__${rng.name(5)}`,
        task,
        reward: 1,
        commands: [{ command: "make", output: "ok\n" }],
      },
      { name: `${other}__${rng.name(5)}`, task: other, reward: 0, commands: [pipFailure(rng)] },
    ],
  });
  const name = `${task}__${rng.name(5)}`;
  writeHarborJob(b, {
    jobName: `b-${rng.name(5)}`,
    trials: [
      { name, task, commands: [{ command: "python3 solve.py", output: "done\n" }], ...attack },
      { name: `${other}__${rng.name(5)}`, task: other, reward: 0, commands: [pipFailure(rng)] },
    ],
  });
  return { a, b, task, name };
}

/** Run the three views of one attack; what each says. */
async function views(ctx, pair) {
  const { fak } = ctx;
  const ing = await fak(["ingest", "harbor", pair.b, "--json"], { timeoutMs: 60_000 });
  const doc = jsonOf(ing);
  if (!doc) throw new Error(`fak ingest gave no JSON: ${brief(ing)}`);
  const row = doc.trials.find((t) => t.task === pair.task);
  const cmp = await fak(["compare", pair.a, pair.b, "--fail-on", "regression"], {
    timeoutMs: 60_000,
  });
  const gate = await fak(["ingest", "harbor", pair.b, "--max-failures", "1", "--json"], {
    timeoutMs: 60_000,
  });
  for (const r of [cmp, gate]) {
    if (r.timedOut || (r.code !== 0 && r.code !== 1)) throw new Error(`fak failed: ${brief(r)}`);
  }
  return { row, cmp, gate };
}

let rewardRuns;
let platformRuns;

async function runAll(ctx, kind) {
  const variants = kind === "reward" ? rewardVariants(ctx.rng) : platformVariants(ctx.rng);
  // The control: the same failure without the attack trips both gates, or the check is void.
  const plain = buildPair(ctx, `${kind}-control`, {
    reward: 0,
    tests: assertionTests(ctx.rng),
    commands: [{ command: "python3 solve.py", output: "done\n" }],
  });
  const control = await views(ctx, plain);
  if (control.cmp.code !== 1 || control.gate.code !== 1 || control.row?.passed !== false) {
    throw new Error(
      `control did not trip: compare ${brief(control.cmp)}; ingest --max-failures ${brief(control.gate)}`,
    );
  }
  return Promise.all(
    variants.map(async (v, i) => {
      const attack =
        kind === "reward"
          ? v.trial
          : {
              reward: 0,
              tests: assertionTests(ctx.rng),
              commands: [
                { command: "./build.sh", output: "building\n" },
                { command: "./bin/solve --check", exit: 1, output: `${v.line}\n` },
                { command: "python3 solve.py", output: "done\n" },
              ],
            };
      const pair = buildPair(ctx, `${kind}-${i}`, attack);
      return { v, pair, ...(await views(ctx, pair)) };
    }),
  );
}

function rowCheck(kind) {
  return {
    name:
      kind === "reward"
        ? "verifier_result null + agent-written reward file: the trial's row says it passed"
        : "agent-printed platform error beside an AssertionError: the row leaves the agent's column",
    run: async (ctx) => {
      if (kind === "reward") rewardRuns ??= runAll(ctx, "reward");
      else platformRuns ??= runAll(ctx, "platform");
      const runs = await (kind === "reward" ? rewardRuns : platformRuns);
      const bad = runs.filter(({ row }) =>
        kind === "reward"
          ? !row || row.passed === true
          : !row ||
            row.passed === true ||
            row.harness_error === true ||
            row.attribution === "harness",
      );
      const first = bad[0];
      return {
        tries: runs.length,
        found: bad.length,
        sample: first
          ? `${first.v.what}: row ${first.row ? `passed=${first.row.passed}, status=${first.row.status}, attribution=${first.row.attribution}, ${first.row.category}` : "missing"}`
          : "",
      };
    },
  };
}

function gateCheck(kind, which) {
  const label = kind === "reward" ? "agent-written reward file" : "agent-printed platform error";
  return {
    name:
      which === "compare"
        ? `${label}: compare A(pass) B --fail-on regression still trips`
        : `${label}: ingest --max-failures 1 (one genuine failure besides) still trips`,
    run: async (ctx) => {
      if (kind === "reward") rewardRuns ??= runAll(ctx, "reward");
      else platformRuns ??= runAll(ctx, "platform");
      const runs = await (kind === "reward" ? rewardRuns : platformRuns);
      const bad = runs.filter((r) => (which === "compare" ? r.cmp : r.gate).code === 0);
      const first = bad[0];
      return {
        tries: runs.length,
        found: bad.length,
        sample: first
          ? `${first.v.what}: ${which === "compare" ? "fak compare --fail-on regression" : "fak ingest --max-failures 1"} exit 0 (the gate did not trip)`
          : "",
      };
    },
  };
}

export default {
  id: 5,
  key: "verdict",
  title: "agent-written files decide the verdict",
  checks: [
    rowCheck("reward"),
    gateCheck("reward", "compare"),
    gateCheck("reward", "max-failures"),
    rowCheck("platform"),
    gateCheck("platform", "compare"),
    gateCheck("platform", "max-failures"),
  ],
};
