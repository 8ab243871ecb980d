// Recall of `scrub` on a generated corpus (many shapes of each kind of secret, random values,
// hundreds per shape, in random surroundings), and its false-positive rate on secret-free real
// text: the logs of the harness samples in ../shared, read here at run time, never copied.
//   pnpm exec tsx bench/scrub-recall.ts               # 300 values per shape
//   pnpm exec tsx bench/scrub-recall.ts --per-shape 1000 --samples /path/to/samples
//   pnpm exec tsx bench/scrub-recall.ts --baseline main  # beside the scrubber of a git ref
// Recall counts a value as caught when no 8-character stretch of it is left in the output.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { scrubReport } from "../src/scrub/index.js";
import {
  ALNUM,
  BASE32,
  BECH32,
  ENCODED_SHAPES,
  fakeSecret,
  LOWER,
  prose,
  type Rng,
  randomString,
  SECRET_GENERATORS,
  seededRng,
  UPPER,
  WRAPPERS,
} from "../test/support/secrets.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const PER_SHAPE = Number(flag("--per-shape", "300"));
// Print this many missed values per kind (generated values only: nothing from the samples).
const SHOW_MISSES = Number(flag("--show-misses", "0"));
const SAMPLES = flag(
  "--samples",
  fileURLToPath(new URL("../../../../../shared/samples", import.meta.url)),
);

// The scrubber of another git ref (default main), unpacked to a temporary folder: the baseline.
const BASELINE = flag("--baseline", "main");
type Scrub = (text: string) => string;
async function baselineScrub(ref: string): Promise<Scrub | undefined> {
  const repo = fileURLToPath(new URL("../../..", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "fak-scrub-baseline-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  try {
    const tar = execFileSync("git", ["-C", repo, "archive", ref, "packages/memory/src"], {
      maxBuffer: 1 << 28,
    });
    execFileSync("tar", ["-x", "-C", dir], { input: tar });
    // The scrubber's entry: its folder's index since the concept folders, src/scrub.ts before.
    const entry = ["packages/memory/src/scrub/index.ts", "packages/memory/src/scrub.ts"]
      .map((rel) => join(dir, rel))
      .find((path) => existsSync(path));
    if (!entry) return undefined;
    const mod = await import(pathToFileURL(entry).href);
    return mod.scrub as Scrub;
  } catch {
    return undefined;
  }
}
const before = await baselineScrub(BASELINE);

type Shape = (rng: Rng) => { secret: string; text: string };
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const passwordChars = `${ALNUM}!#^*_+-.~`;
const password = (rng: Rng) => {
  for (;;) {
    const s = randomString(rng, passwordChars, between(rng, 10, 28));
    if (/[0-9]/.test(s) && /[A-Za-z]/.test(s)) return s;
  }
};
const token = (rng: Rng) => randomString(rng, `${ALNUM}-._~`, between(rng, 24, 64));
const withValue = (
  value: (rng: Rng) => string,
  ...forms: ((v: string, rng: Rng) => string)[]
): Shape[] =>
  forms.map((form) => (rng) => {
    const secret = value(rng);
    return { secret, text: form(secret, rng) };
  });
const name = (rng: Rng) => randomString(rng, UPPER, between(rng, 2, 6));
const ansiCodes = ["\x1b[0m", "\x1b[1;31m", "\x1b[32m", "\x1b[K", "\x1b]0;t\x07"];
const splitByAnsi = (s: string, rng: Rng) => {
  const at = between(rng, 4, s.length - 4);
  return `${s.slice(0, at)}${pick(rng, ansiCodes)}${s.slice(at)}`;
};

// The kinds the issue names, each with its shapes; then every kind the scrubber names.
const KINDS: Record<string, Shape[]> = {
  "*_PASS names": withValue(
    password,
    (v, r) => `${name(r)}_PASS=${v}`,
    (v, r) => `export ${name(r)}_PASS="${v}"`,
    (v) => `smtp.pass: ${v}`,
    (v) => `dbPass=${v}`,
  ),
  "upper-case AUTHORIZATION": withValue(
    token,
    (v) => `AUTHORIZATION: Basic ${v}`,
    (v) => `PROXY-AUTHORIZATION: Bearer ${v}`,
    (v) => `Proxy-Authorization: Basic ${v}`,
    (v) => `curl -H 'AUTHORIZATION: token ${v}' https://api.example.com`,
  ),
  "base64-wrapped": [...ENCODED_SHAPES],
  "curl --user=u:p": withValue(
    password,
    (v) => `curl --user=deploy:${v} https://h.example/x`,
    (v) => `curl --proxy-user=proxy:${v} https://h.example/x`,
    (v) => `curl -sS --user ci:${v} -X POST https://h.example/upload`,
  ),
  ".netrc": withValue(
    password,
    (v) => `machine api.example.com login bot password ${v}`,
    (v) => `machine git.example.com\n  login ci\n  password ${v}\n`,
    (v) => `default login anonymous password ${v}`,
  ),
  ".pgpass": withValue(
    password,
    (v) => `db.example.com:5432:appdb:app:${v}`,
    (v) => `localhost:*:*:postgres:${v}`,
    (v) => `10.0.0.7:6432:analytics:report:${v}`,
  ),
  "--password-stdin": withValue(
    password,
    (v) => `echo '${v}' | docker login -u bot --password-stdin ghcr.io`,
    (v) => `echo "${v}" | helm registry login r.example --username u --password-stdin`,
    (v) => `echo ${v} | podman login quay.io -u bot --password-stdin`,
    (v) => `printf '%s' '${v}' | oras login r.example -u u --password-stdin`,
  ),
  "URL-encoded credentials": withValue(
    password,
    (v) => `next=${encodeURIComponent(`https://app:${v}@db.example/x`)}`,
    (v) => `postgres://app:${encodeURIComponent(`${v}@!`)}@db.example:5432/x`,
    (v) => `{"dsn": "mysql://root:${v}@db\\u002fapp"}`,
  ),
  "AGE-SECRET-KEY-1": [
    (rng) => {
      const secret = `AGE-SECRET-KEY-1${randomString(rng, BECH32, 58)}`;
      return {
        secret,
        text: `# public key: age1${randomString(rng, BECH32.toLowerCase(), 58)}\n${secret}`,
      };
    },
  ],
  "letters-only values": withValue(
    (r) => randomString(r, LOWER, between(r, 12, 24)),
    (v) => `password: ${v}`,
    (v) => `api_key: ${v}${v.slice(0, 6)}`,
    (v) => `PASSWORD=${v.toUpperCase()}`,
    (v) => `"secret": "${v}"`,
  ),
  "split by ANSI escapes": [
    (rng) => {
      const secret = `ghp_${randomString(rng, ALNUM, 36)}`;
      return { secret, text: `push failed: ${splitByAnsi(secret, rng)}` };
    },
    (rng) => {
      const secret = `AKIA${randomString(rng, BASE32, 16)}`;
      return { secret, text: `\x1b[33mkey\x1b[0m ${splitByAnsi(secret, rng)}` };
    },
    (rng) => {
      const secret = `sk-proj-${randomString(rng, ALNUM, 48)}`;
      return { secret, text: `OPENAI_API_KEY=${splitByAnsi(secret, rng)}` };
    },
  ],
  "Azure SAS, escaped": withValue(
    (r) => `${randomString(r, ALNUM, 43)}%3D`,
    (v) =>
      `{"url":"https://a.blob.core.windows.net/c/b?sv=2022-11-02\\u0026se=2030\\u0026sig=${v}"}`,
    (v) =>
      `u=https%3A%2F%2Fa.blob.core.windows.net%2Fc%3Fsv%3D2022-11-02%26sig%3D${v.replace("%3D", "%253D")}`,
  ),
};
for (const kind of Object.keys(SECRET_GENERATORS)) {
  KINDS[kind] = [(rng) => fakeSecret(kind, rng)];
}

/** True when no 8-character stretch of `secret` is left in `out`. */
function caught(secret: string, out: string): boolean {
  const step = Math.max(1, Math.floor(secret.length / 16));
  for (let i = 0; i + 8 <= secret.length; i += step) {
    if (out.includes(secret.slice(i, i + 8))) return false;
  }
  return true;
}

const rng = seededRng(2026);
const rows: { kind: string; shapes: number; values: number; recall: number; was: number }[] = [];
for (const [kind, shapes] of Object.entries(KINDS)) {
  let hits = 0;
  let hitsBefore = 0;
  let misses = 0;
  let n = 0;
  for (const shape of shapes) {
    for (let i = 0; i < PER_SHAPE; i++) {
      const { secret, text } = shape(rng);
      const wrap = pick(rng, WRAPPERS);
      const line = `${prose(rng)} ${rng() < 0.5 ? wrap(text) : text}\n${prose(rng)}`;
      const out = scrubReport(line).text;
      if (before && caught(secret, before(line))) hitsBefore++;
      if (caught(secret, out)) hits++;
      else if (++misses <= SHOW_MISSES) console.log(`missed (${kind}): ${JSON.stringify(out)}`);
      n++;
    }
  }
  rows.push({ kind, shapes: shapes.length, values: n, recall: hits / n, was: hitsBefore / n });
}

console.log(`\nRecall on the generated corpus (${PER_SHAPE} random values per shape)\n`);
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
console.log(`| kind | shapes | values | recall (${before ? BASELINE : "no baseline"}) | recall |`);
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows)
  console.log(
    `| ${r.kind} | ${r.shapes} | ${r.values} | ${before ? pct(r.was) : "-"} | ${pct(r.recall)} |`,
  );
const worst = rows.reduce((a, b) => (b.recall < a.recall ? b : a));
console.log(`\nlowest: ${worst.kind} ${(worst.recall * 100).toFixed(2)}%`);

// False positives: every redaction in real logs that hold no secret is one.
function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && /\.(?:txt|log)$/.test(entry.name)) yield path;
  }
}
try {
  statSync(SAMPLES);
} catch {
  console.log(`\nno samples at ${SAMPLES}: false-positive rate not measured`);
  process.exit(0);
}
let fileCount = 0;
let lines = 0;
let bytes = 0;
let flaggedLines = 0;
let flaggedBefore = 0;
const byKind = new Map<string, number>();
const started = performance.now();
for (const path of files(SAMPLES)) {
  fileCount++;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    lines++;
    bytes += line.length;
    const { findings } = scrubReport(line);
    if (findings.length > 0) flaggedLines++;
    if (before && /\[REDACTED:/.test(before(line)) && !line.includes("[REDACTED:")) flaggedBefore++;
    for (const f of findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(`\nFalse positives on the samples' logs (${SAMPLES})\n`);
const rate = (n: number) => `${((n / Math.max(1, lines)) * 100).toFixed(3)}%`;
console.log(
  "| scrubber | files | lines | MB | lines with a redaction | false-positive rate (lines) |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
if (before)
  console.log(
    `| ${BASELINE} | ${fileCount} | ${lines} | ${(bytes / 1e6).toFixed(1)} | ${flaggedBefore} | ${rate(flaggedBefore)} |`,
  );
console.log(
  `| this one | ${fileCount} | ${lines} | ${(bytes / 1e6).toFixed(1)} | ${flaggedLines} | ${rate(flaggedLines)} |`,
);
console.log(
  `\n(${before ? "both scrubbers" : "the scrubber"} over the samples: ${seconds.toFixed(1)} s)`,
);
if (byKind.size > 0) {
  console.log("\nredactions by kind:");
  for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`  ${kind}: ${n}`);
}
