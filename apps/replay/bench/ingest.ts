// Benchmark: ingestHarbor on a generated 1,000-trial Harbor job against the floor of reading
// the same job with nothing but JSON.parse (read + parse every .json file in it).
// Each arm runs in its own child process, so its peak RSS is its own; time is the median of
// several passes over a warm page cache. Run: `pnpm exec tsx bench/ingest.ts [trials]`.
import { execFileSync } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ingestHarbor } from "../src/harbor/index.js";
import { drain, ingest } from "../src/ingest.js";
import {
  type FakeHarborTrial,
  tempDir,
  writeHarborJob,
} from "../src/test-support/harness-folders.js";

const PASSES = 5;
type Arm = "baseline" | "stream" | "collect";

async function baseline(dir: string): Promise<number> {
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith(".json")) {
        JSON.parse(await readFile(p, "utf8"));
        files++;
      }
    }
  };
  await walk(dir);
  return files;
}

async function runArm(arm: Arm, dir: string): Promise<number> {
  if (arm === "baseline") return baseline(dir);
  if (arm === "collect") return (await ingest("harbor", [dir])).trials.length;
  let n = 0;
  await drain(ingestHarbor(dir), () => n++);
  return n;
}

async function child(arm: Arm, dir: string): Promise<void> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < PASSES; i++) {
    const start = performance.now();
    count = await runArm(arm, dir);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ arm, count, median, min: times[0], peakRssMb }));
}

/** A trial in the shapes of real jobs: ~10 commands, some failing, outputs of a few KB. */
function fakeTrial(i: number): FakeHarborTrial {
  const kind = i % 10;
  const output = (n: number) => `line ${n}: ${"building module ".repeat(12)}\n`.repeat(20);
  const commands = Array.from({ length: 10 }, (_, n) => ({
    command: `cd /app && python3 step_${n}.py --input data_${i}.csv`,
    exit: n === 7 && kind < 4 ? 1 : 0,
    output: output(n),
  }));
  const tests = Array.from({ length: 4 }, (_, n) => ({
    name: `test_outputs.py::test_case_${n}`,
    passed: kind >= 3 || n < 2,
    trace: "def test():\n>   assert result == expected\nE   AssertionError: assert 1 == 2",
  }));
  const base: FakeHarborTrial = {
    name: `task-${i % 89}__${i.toString(36).padStart(6, "0")}`,
    reward: kind >= 3 ? 1 : 0,
    commandsAs: i % 2 === 0 ? "episodes" : "trajectory",
    commands,
    tests,
  };
  if (kind === 0)
    base.exception = {
      type: "AgentTimeoutError",
      message: "Agent execution timed out after 900.0 seconds",
    };
  if (kind === 1)
    return {
      ...base,
      reward: undefined,
      tests: undefined,
      exception: { type: "RuntimeError", message: "Error code: 429" },
    };
  return base;
}

async function main(): Promise<void> {
  const [flag, arm, dirArg] = process.argv.slice(2);
  if (flag === "--child" && arm && dirArg) return child(arm as Arm, dirArg);
  const trials = Number(flag ?? 1000);
  const root = await tempDir("fak-bench-ingest-");
  const dir = join(root, "job");
  try {
    await writeHarborJob(dir, { trials: Array.from({ length: trials }, (_, i) => fakeTrial(i)) });
    const files = await baseline(dir);
    const self = fileURLToPath(import.meta.url);
    const results = (["baseline", "stream", "collect"] as const).map((a) => {
      const out = execFileSync(process.execPath, [...process.execArgv, self, "--child", a, dir], {
        encoding: "utf8",
      });
      return JSON.parse(out) as {
        arm: Arm;
        count: number;
        median: number;
        min: number;
        peakRssMb: number;
      };
    });
    const base = results[0];
    const label: Record<Arm, string> = {
      baseline: "read + JSON.parse every .json",
      stream: "ingestHarbor (streamed)",
      collect: "ingest() (all trials kept)",
    };
    console.log(
      `Harbor job: ${trials} trials, ${files} .json files; median of ${PASSES} passes, each arm in its own process\n`,
    );
    console.log("| arm | items | median ms | min ms | x baseline | peak RSS MB |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const r of results) {
      const ratio = base ? (r.median / base.median).toFixed(2) : "-";
      console.log(
        `| ${label[r.arm]} | ${r.count} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)} | ${ratio} | ${r.peakRssMb.toFixed(0)} |`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
