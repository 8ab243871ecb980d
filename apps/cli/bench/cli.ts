// Benchmarks of the `fak` command, side by side with their baselines in one run:
//   1. cold start: `fak --version` against `node -e 0` (target: at most 3x);
//   2. classifying 100,000 outcomes from JSONL with `fak classify --json` against reading and
//      JSON.parse-ing the same lines in a bare node process (target: at least half its throughput).
// Run: pnpm --filter @fak/cli bench [-- --rows 100000 --starts 20]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    starts: { type: "string", default: "20" },
  },
});
const rows = Number(values.rows);
const starts = Number(values.starts);
const fak = fileURLToPath(new URL("../dist/main.js", import.meta.url));

function time(args: string[], input?: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    input,
    maxBuffer: 1 << 30,
    stdio: ["pipe", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// 1. Cold start, interleaved so that both see the same machine load.
const node: number[] = [];
const version: number[] = [];
for (let i = 0; i < starts; i++) {
  node.push(time(["-e", "0"]));
  version.push(time([fak, "--version"]));
}

// 2. Classification throughput over generated signals with realistic stderr tails.
const tails = [
  "ERROR: Could not find a version that satisfies the requirement foo==9.9\nERROR: No matching distribution found for foo==9.9",
  "bash: line 1: cargo: command not found",
  '  File "/app/main.py", line 12\n    return x +\n              ^\nSyntaxError: invalid syntax',
  "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.example/left-padd - Not found",
  "FAILED tests/test_api.py::test_limits - AssertionError: assert 200 == 429\n==== 1 failed, 41 passed in 3.2s ====",
  "make: *** [Makefile:12: build] Error 2",
];
const dir = mkdtempSync(join(tmpdir(), "fak-bench-"));
const file = join(dir, "signals.jsonl");
const lines: string[] = [];
for (let i = 0; i < rows; i++) {
  lines.push(
    JSON.stringify({
      task_id: `task-${i}`,
      arm: { task_success: false, commands: 12 },
      outcomes: [
        { turn: 3, command: "ls", exit_code: 0 },
        {
          turn: 9,
          command: `step ${i}`,
          exit_code: i % 7 === 0 ? 124 : 1,
          stderr: tails[i % tails.length],
        },
      ],
    }),
  );
}
writeFileSync(file, `${lines.join("\n")}\n`);
const parseOnly = `const fs=require("fs"),rl=require("readline");let n=0;rl.createInterface({input:fs.createReadStream(${JSON.stringify(file)})}).on("line",l=>{if(l)JSON.parse(l),n++}).on("close",()=>process.stdout.write(String(n)))`;
const parseMs = median([0, 1, 2].map(() => time(["-e", parseOnly])));
const classifyMs = median([0, 1, 2].map(() => time([fak, "classify", "--json", file])));
rmSync(dir, { recursive: true, force: true });

const rate = (ms: number) => Math.round(rows / (ms / 1000));
const table = [
  ["measure", "baseline", "fak", "ratio", "target", "met"],
  [
    "cold start (median ms)",
    node.length ? median(node).toFixed(1) : "-",
    median(version).toFixed(1),
    (median(version) / median(node)).toFixed(2),
    "<= 3.00",
    median(version) <= 3 * median(node) ? "yes" : "NO",
  ],
  [
    `classify ${rows} lines (lines/s)`,
    String(rate(parseMs)),
    String(rate(classifyMs)),
    (rate(classifyMs) / rate(parseMs)).toFixed(2),
    ">= 0.50",
    rate(classifyMs) >= 0.5 * rate(parseMs) ? "yes" : "NO",
  ],
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
