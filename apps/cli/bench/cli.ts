// Benchmarks of the `fak` command, side by side with their baselines in one run:
//   1. cold start: `fak --version` against `node -e 0` (target: at most 2.5x, issue 17);
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

// 2. Classification throughput over generated signals. Every stderr tail is composed afresh
// (1-40 lines from many templates, random names, paths and numbers, some ANSI colour and CRLF),
// so no cache of whole tails or lines can stand in for classifying them.
let seed = 0x5eed;
function rand(): number {
  // mulberry32: a seeded generator, so every run classifies the same input.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const syllables = [
  "al",
  "bo",
  "cen",
  "dra",
  "ex",
  "fu",
  "gor",
  "hy",
  "ix",
  "jo",
  "ka",
  "lum",
  "mi",
  "nor",
  "py",
  "qua",
  "ru",
  "sil",
  "tor",
  "vex",
];
const word = () => Array.from({ length: 1 + int(3) }, () => pick(syllables)).join("");
const pkg = () => (rand() < 0.3 ? `${word()}-${word()}` : word());
const ver = () => `${int(10)}.${int(30)}.${int(100)}`;
const path = () =>
  `${pick(["/app", "/src", "/home/dev/work", "C:\\build", "./lib"])}/${Array.from({ length: 1 + int(3) }, word).join("/")}.${pick(["py", "ts", "js", "go", "rs", "c", "yaml", "json", "sh"])}`;
const decisive: (() => string)[] = [
  () => `ERROR: Could not find a version that satisfies the requirement ${pkg()}==${ver()}`,
  () => `ERROR: No matching distribution found for ${pkg()}>=${ver()}`,
  () => `bash: line ${1 + int(40)}: ${word()}: command not found`,
  () =>
    `  File "${path()}", line ${1 + int(900)}\n    return ${word()} +\n              ^\nSyntaxError: invalid syntax`,
  () =>
    `npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/${pkg()} - Not found`,
  () =>
    `FAILED tests/test_${word()}.py::test_${word()} - AssertionError: assert ${int(500)} == ${int(500)}`,
  () => `==== ${1 + int(9)} failed, ${int(400)} passed in ${(rand() * 90).toFixed(2)}s ====`,
  () => `make: *** [Makefile:${1 + int(300)}: ${word()}] Error ${1 + int(2)}`,
  () => `E: Unable to locate package lib${pkg()}-dev`,
  () => `ModuleNotFoundError: No module named '${word()}'`,
  () =>
    `error[E0425]: cannot find value \`${word()}\` in this scope\n --> ${path()}:${int(200)}:${int(80)}`,
  () => `${path()}:${int(300)}:${int(80)}: error: expected ';' before '}' token`,
  () => `Error: Cannot find module '${pkg()}'`,
  () => `panic: test timed out after ${1 + int(10)}m0s`,
  () =>
    `fatal: unable to access 'https://github.com/${word()}/${word()}.git/': Could not resolve host: github.com`,
  () => `error TS2322: Type 'string' is not assignable to type 'number'.`,
  () => `Killed`,
  () => `OSError: [Errno 28] No space left on device: '${path()}'`,
  () =>
    `yaml.scanner.ScannerError: mapping values are not allowed here in "${path()}", line ${int(90)}, column ${int(40)}`,
  () =>
    `Traceback (most recent call last):\n  File "${path()}", line ${int(500)}, in <module>\nKeyError: '${word()}'`,
  () => `go: ${word()}.io/${pkg()}@v${ver()}: reading https://proxy.golang.org/: 410 Gone`,
  () => `Permission denied (publickey).`,
  () => `/bin/sh: 1: ${word()}: not found`,
  () => `error: failed to run custom build command for \`${pkg()} v${ver()}\``,
  () => `Segmentation fault (core dumped)`,
  () =>
    `thread 'main' panicked at ${path()}:${int(300)}:${int(40)}:\ncalled \`Option::unwrap()\` on a \`None\` value`,
  () => `ERROR: ${word()} ${word()} ${word()} ${int(1e6)}`,
];
const noise: (() => string)[] = [
  () => `Collecting ${pkg()}==${ver()}`,
  () => `  Downloading ${pkg()}-${ver()}-py3-none-any.whl (${int(900)} kB)`,
  () => `go: downloading ${word()}.io/${pkg()} v${ver()}`,
  () => `warning: unused variable \`${word()}\``,
  () => `    at ${word()}.${word()} (${path()}:${int(400)}:${int(60)})`,
  () => `[${int(24)}:${int(60)}:${int(60)}] Starting '${word()}'...`,
  () => `   Compiling ${pkg()} v${ver()}`,
  () => `${word()} ${word()} ${word()} ${word()} ${int(1e5)} ${word()}`,
  () => `test ${word()}::${word()} ... ok`,
  () =>
    `Get:${int(40)} http://deb.debian.org/debian bookworm/main amd64 lib${pkg()} amd64 ${ver()} [${int(900)} kB]`,
  () => `npm WARN deprecated ${pkg()}@${ver()}: this library is no longer supported`,
  () => `${int(100)}% [${int(9)} ${word()}]`,
  () => ``,
  () => `  ${path()}`,
];
function tail(): string {
  const n = 1 + int(40);
  const out: string[] = [];
  const at = int(n);
  for (let i = 0; i < n; i++) out.push(i === at ? pick(decisive)() : pick(noise)());
  let text = out.join("\n");
  if (rand() < 0.2) text = text.replace(/error/gi, (e) => `\u001b[1;31m${e}\u001b[0m`);
  if (rand() < 0.15) text = text.replaceAll("\n", "\r\n");
  return text;
}
const commands = [
  "pip install -r requirements.txt",
  "npm ci",
  "pytest -q",
  "make",
  "cargo build",
  "go test ./...",
  "apt-get install -y libx",
  "./run.sh",
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
          command: pick(commands),
          exit_code: i % 7 === 0 ? 124 : pick([1, 1, 1, 2, 127, 137]),
          stderr: tail(),
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
    "<= 2.50",
    median(version) <= 2.5 * median(node) ? "yes" : "NO",
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
