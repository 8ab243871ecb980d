// Where `fak classify --json` spends its time: runs under `node --cpu-prof` over the same
// generated lines as bench/classify.ts, each sample put in one bucket (the innermost frame that
// names a step: the prefilter's scan, normalisation, the rules it runs, reading, JSON.parse,
// validation, building and serialising the classification, the output, start-up, collections),
// printed as a share of all samples: the median over the runs (one profile on a shared machine
// moves by several points from run to run). Another machine moves the figures; read the shares.
// Run: pnpm --filter @fak/cli profile:classify [--rows 50000 --runs 5]   (after pnpm build)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { signalLines } from "./signals.js";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    rows: { type: "string", default: "50000" },
    runs: { type: "string", default: "5" },
  },
});
const fak = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "fak-profile-classify-"));
const file = join(dir, "signals.jsonl");
writeFileSync(file, `${signalLines(Number(values.rows)).join("\n")}\n`);
// The first bucket whose pattern matches "function file" (file: the script's base name) of a
// frame, from the sampled frame outwards; a regular expression's own frame is its caller's.
const BUCKETS: [RegExp, string][] = [
  [/^\(garbage collector\) /, "garbage collection"],
  [/^\(idle\) /, "idle (waiting)"],
  [/^scan match$/, "prefilter: the automaton's pass over each tail"],
  [/^(indexRules|buildLiteralIndex|copyRow|union|tabledRequirements) /, "prefilter: building it"],
  [
    /^(of|fold|lineOf|lines|someLine|unfolded|get text|stripPrefixes|hasSgrResidue) normalize$|^stripAnsi ansi$/,
    "normalisation (escapes, case, blanks, prefixes)",
  ],
  [
    /^(matchTail|attempt|test|precededBy|matchRulesReference|compile|installing) match$|^(isProgressLine|isInstallLogLine|hasInstallLog) context$/,
    "the rules the prefilter lets through (regex tests)",
  ],
  [
    /^(classifyOutcome|fromRule|result|fallbackFor|describeCommand|lastFailedOutcome|isFailedOutcome) outcome$|^classifyLiveOutcome live$|^capEvidence evidence$|^(classifyParsed|taskFailed) classify$|^(endsWithInstall|isInstallCommand|endedByTimeout) context$|^classifyPolicyBlock policy$/,
    "building the classification (evidence, reason)",
  ],
  [/^\(anonymous\) classify$/, "serialising (JSON.stringify, a batch's text)"],
  [/^parseLine io$/, "JSON.parse"],
  [/ (quick-signals|input)$/, "validation"],
  [/ spool$|^out output$|^writeSync |^writeString /, "output (spool, standard output)"],
  [/ io$|^readSync |^read /, "reading and splitting lines"],
  [
    // esbuild's wrappers that run a bundled module's body once (scripts/bundle-classify.mjs).
    /node:internal\/modules|^compileSourceTextModule |^wrapSafe |^(__init|__esm|__commonJS|__require\d*|__toESM) classify\.bundle$/,
    "start-up (loading modules)",
  ],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// `fak classify` runs an esbuild bundle (scripts/bundle-classify.mjs): a frame in it is named by
// its source map, as the function and the source file it was written in.
const maps = new Map<string, SourceMap | undefined>();
function original(name: string, url: string, line: number, column: number): [string, string] {
  if (!url.endsWith(".bundle.js")) return [name, url];
  if (!maps.has(url)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, "utf8")));
    } catch {
      map = undefined;
    }
    maps.set(url, map);
  }
  const entry = maps.get(url)?.findEntry(line, column) as
    | { originalSource?: string; name?: string }
    | undefined;
  if (!entry?.originalSource) return [name, url];
  // esbuild renames a function whose name another module also uses (parseLine -> parseLine2).
  return [entry.name ?? name, entry.originalSource];
}

/** One run of fak under the profiler: each bucket's share of the samples, and the ms sampled. */
function profileOnce(): { shares: Map<string, number>; ms: number } {
  const out = mkdtempSync(join(dir, "run-"));
  const r = spawnSync(
    process.execPath,
    ["--cpu-prof", "--cpu-prof-dir", out, fak, "classify", "--json", file],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0) throw new Error(`fak classify exited ${r.status}`);
  const name = readdirSync(out).find((f) => f.endsWith(".cpuprofile"));
  if (!name) throw new Error("no profile written");
  const profile = JSON.parse(readFileSync(join(out, name), "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    let bucket = "other";
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(at)!.callFrame;
      if (functionName.startsWith("RegExp:")) continue;
      const [fn, file] = original(functionName, url, lineNumber, columnNumber);
      const base = file.replace(/.*\//, "").replace(/\.[jt]s$/, "");
      const frame = `${fn || "(anonymous)"} ${file.startsWith("node:") ? file : base}`;
      const hit = BUCKETS.find(([re]) => re.test(frame));
      if (hit) {
        bucket = hit[1];
        break;
      }
    }
    totals.set(bucket, (totals.get(bucket) ?? 0) + dt);
  });
  const shares = new Map([...totals].map(([k, t]) => [k, (100 * t) / total]));
  return { shares, ms: total / 1000 };
}

const runs = Array.from({ length: Number(values.runs) }, profileOnce);
rmSync(dir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const names = [...new Set(runs.flatMap((r) => [...r.shares.keys()]))];
const rows = names.map((n) => [n, median(runs.map((r) => r.shares.get(n) ?? 0))] as const);
console.log(
  `fak classify --json, ${values.rows} lines, ${runs.length} profiled runs (median ${median(runs.map((r) => r.ms)).toFixed(0)} ms sampled); median share of samples:`,
);
for (const [name, share] of rows.sort((a, b) => b[1] - a[1]))
  console.log(`${share.toFixed(1).padStart(5)}%  ${name}`);
