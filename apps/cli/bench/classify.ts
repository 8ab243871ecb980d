// `fak classify --json` against its baseline, in one run on the same input:
//   baseline  a bare node process that reads the same JSON Lines and JSON.parse-s every line;
//   fak       `fak classify --json FILE` (output to /dev/null), the whole CLI path;
//   ratio     fak's throughput over the baseline's (target: at least 0.50);
// then, in this process, the classifier alone (classify on records already parsed and
// validated, and JSON.parse of the same lines beside it) and what the literal prefilter did: how
// many rules have no usable literal (tested on every line), and the share of rule tests skipped.
// The two processes run alternately, so both see the same machine; each figure is the median
// over the rounds, in wall time and in CPU time (user + system) of the child.
// With --before PATH (the dist/main.js of another build, e.g. a checkout of main), that fak runs
// in the same alternating rounds too, for a before and after on the same machine at one time.
// Run: pnpm --filter @fak/cli bench:classify [-- --rows 50000 --rounds 5 --before PATH]   (after pnpm build)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { signalLines } from "./signals.js";

const { values } = parseArgs({
  // pnpm passes the "--" before a script's own options on to it.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    rows: { type: "string", default: "50000" },
    rounds: { type: "string", default: "5" },
    before: { type: "string" },
  },
});
const rows = Number(values.rows);
const rounds = Number(values.rounds);
const fak = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const taxonomyDist = new URL("../../../packages/taxonomy/dist/", import.meta.url);

const dir = mkdtempSync(join(tmpdir(), "fak-bench-classify-"));
const file = join(dir, "signals.jsonl");
const lines = signalLines(rows);
writeFileSync(file, `${lines.join("\n")}\n`);

// Each child reports its own CPU time at exit (the same preload for both).
const cpuFile = join(dir, "cpu.json");
const preload = join(dir, "cpu.mjs");
writeFileSync(
  preload,
  `import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const u = process.cpuUsage();
  writeFileSync(process.env.FAK_BENCH_CPU, JSON.stringify((u.user + u.system) / 1000));
});
`,
);

interface Timing {
  wall: number;
  cpu: number;
  stdout: Buffer;
}

function run(args: string[], capture = false): Timing {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--import", preload, ...args], {
    env: { ...process.env, FAK_BENCH_CPU: cpuFile },
    maxBuffer: 1 << 30,
    stdio: ["ignore", capture ? "pipe" : "ignore", "inherit"],
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return { wall, cpu: Number(readFileSync(cpuFile, "utf8")), stdout: r.stdout ?? Buffer.alloc(0) };
}

const parseOnly = `const fs=require("fs"),rl=require("readline");let n=0;rl.createInterface({input:fs.createReadStream(${JSON.stringify(file)})}).on("line",l=>{if(l)JSON.parse(l),n++}).on("close",()=>{if(n!==${rows})throw new Error("lines: "+n)})`;
const baseline: Timing[] = [];
const cli: Timing[] = [];
const earlier: Timing[] = [];
run(["-e", parseOnly]); // warm the page cache and the binaries
const checked = run([fak, "classify", "--json", file], true).stdout;
const checkedBefore = values.before
  ? run([values.before, "classify", "--json", file], true).stdout
  : undefined;
for (let i = 0; i < rounds; i++) {
  baseline.push(run(["-e", parseOnly]));
  cli.push(run([fak, "classify", "--json", file]));
  if (values.before) earlier.push(run([values.before, "classify", "--json", file]));
}

// In this process: the classifier alone, on the same records, and what the prefilter did.
const taxonomy = await import(new URL("index.js", taxonomyDist).href);
const match = await import(new URL("rules/match.js", taxonomyDist).href);
const literals = await import(new URL("rules/literals.js", taxonomyDist).href);
match.indexRules(taxonomy.OUTCOME_RULES);
const parsed = lines.map((l) => JSON.parse(l));
const valid = parsed.map((p) => taxonomy.failureSignalsSchema.parse(p));
const classifyParsed: (s: unknown) => unknown = taxonomy.classifyParsed ?? taxonomy.classify;

function perLine(f: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(2000, rows); i++) f(i); // warm up
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    for (let i = 0; i < rows; i++) f(i);
    times.push(((performance.now() - t0) * 1000) / rows);
  }
  return median(times);
}
const parseUs = perLine((i) => JSON.parse(lines[i]!));
const validateUs = perLine((i) => taxonomy.failureSignalsSchema.parse(parsed[i]));
// What the CLI runs on each line: `validate`, which checks the common shape by hand (the
// value zod gives) and leaves the rest, and every error, to zod.
const where = { file: "bench" };
const validateCliUs = taxonomy.validate
  ? perLine((i) => taxonomy.validate(taxonomy.failureSignalsSchema, parsed[i], where))
  : validateUs;
const before = { ...match.prefilterCounts };
let out = "";
for (const v of valid) out += `${JSON.stringify(classifyParsed(v))}\n`;
const counts = Object.fromEntries(
  Object.entries(match.prefilterCounts).map(([k, n]) => [k, (n as number) - before[k]]),
) as Record<string, number>;
const classifyUs = perLine((i) => classifyParsed(valid[i]));
rmSync(dir, { recursive: true, force: true });

const digest = (b: Buffer | string) => createHash("sha256").update(b).digest("hex").slice(0, 16);
if (digest(checked) !== digest(out))
  throw new Error("fak classify --json differs from classify() in this process");
if (checkedBefore && digest(checkedBefore) !== digest(checked))
  throw new Error("fak classify --json differs from the --before build's");

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
const rate = (ms: number) => Math.round(rows / (ms / 1000));
const rules: readonly { pattern: RegExp }[] = taxonomy.OUTCOME_RULES;
const withoutLiteral = rules.filter((r) => !literals.requiredLiterals(r.pattern)).length;
const wall = [median(baseline.map((t) => t.wall)), median(cli.map((t) => t.wall))] as const;
const cpu = [median(baseline.map((t) => t.cpu)), median(cli.map((t) => t.cpu))] as const;
const ratio = (b: number, f: number) => (rate(f) / rate(b)).toFixed(2);

const table = [
  ["measure", "baseline", "fak classify --json", "ratio", "target", "met"],
  [
    `${rows} lines, wall (lines/s)`,
    String(rate(wall[0])),
    String(rate(wall[1])),
    ratio(...wall),
    ">= 0.50",
    rate(wall[1]) >= 0.5 * rate(wall[0]) ? "yes" : "NO",
  ],
  [
    `${rows} lines, CPU (lines/s)`,
    String(rate(cpu[0])),
    String(rate(cpu[1])),
    ratio(...cpu),
    ">= 0.50",
    rate(cpu[1]) >= 0.5 * rate(cpu[0]) ? "yes" : "NO",
  ],
];
if (values.before) {
  const w = median(earlier.map((t) => t.wall));
  const c = median(earlier.map((t) => t.cpu));
  table.push(
    [
      `  --before, wall (lines/s)`,
      String(rate(wall[0])),
      String(rate(w)),
      ratio(wall[0], w),
      "",
      "",
    ],
    [`  --before, CPU (lines/s)`, String(rate(cpu[0])), String(rate(c)), ratio(cpu[0], c), "", ""],
  );
}
const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
console.log(
  `medians of ${rounds} alternating rounds; wall ms ${wall[0].toFixed(0)} vs ${wall[1].toFixed(0)}, CPU ms ${cpu[0].toFixed(0)} vs ${cpu[1].toFixed(0)}; output ${digest(checked)} = classify() in process${checkedBefore ? " = --before's" : ""}`,
);
console.log("");
console.log("in process, per line (µs)");
console.log(`  JSON.parse                 ${parseUs.toFixed(2)}`);
console.log(`  validate (zod)             ${validateUs.toFixed(2)}`);
console.log(
  `  validate (as the CLI does) ${validateCliUs.toFixed(2)}   (the common shape by hand)`,
);
console.log(
  `  classifier alone           ${classifyUs.toFixed(2)}   (classify on a validated record)`,
);
console.log("");
const tested = counts.tests ?? 0;
const possible = (counts.lines ?? 0) * rules.length;
console.log("literal prefilter");
console.log(`  rules                      ${rules.length}`);
console.log(`  rules without a literal    ${withoutLiteral}   (tested against every line)`);
if (counts.lines !== undefined) {
  console.log(
    `  rule tests skipped         ${(100 * (1 - tested / possible)).toFixed(2)}%   (${tested} full expressions run for ${counts.lines} lines x ${rules.length} rules)`,
  );
  console.log(
    `  tests that matched         ${(100 * ((counts.matches ?? 0) / Math.max(1, tested))).toFixed(1)}%`,
  );
}
