#!/usr/bin/env node
// The third red-team pass's repro script (issue 18): each class of attack, built from scratch
// with fresh random values in a temporary folder, run through the built fak CLI as a child
// process with a hard time limit. A check "finds" when fak still does what the issue says it
// does; "held" otherwise. See scripts/redteam/README.md for what each check means.
//
//   node scripts/redteam/run.mjs [--cli apps/cli/dist/main.js] [--only CLASS,...] [--json]
//                                [--seed N] [--skip-slow] [--keep] [--verbose]
//
// Exit status: 1 when any check finds something, 2 when a check could not run (and none
// found), 0 when every check held.

import { randomInt } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import c1 from "./classes/c1-hang.mjs";
import c2 from "./classes/c2-wal.mjs";
import c3 from "./classes/c3-report-secrets.mjs";
import c4 from "./classes/c4-secret-shapes.mjs";
import c5 from "./classes/c5-verdict.mjs";
import c6 from "./classes/c6-verify.mjs";
import c7 from "./classes/c7-poisoning.mjs";
import c8 from "./classes/c8-output-injection.mjs";
import c9 from "./classes/c9-identity-limits.mjs";
import { makeRunner } from "./lib/fak.mjs";
import { Rng } from "./lib/rng.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLASSES = [c1, c2, c3, c4, c5, c6, c7, c8, c9];

function usage(message) {
  if (message) process.stderr.write(`run.mjs: ${message}\n`);
  process.stderr.write(
    "usage: node scripts/redteam/run.mjs [--cli FILE] [--only CLASS,...] [--json] [--seed N] [--skip-slow] [--keep] [--verbose]\n" +
      `classes: ${CLASSES.map((c) => `${c.id} ${c.key}`).join(", ")}\n`,
  );
  process.exit(message ? 2 : 0);
}

function parseArgs(argv) {
  const opts = { cli: join(ROOT, "apps/cli/dist/main.js"), only: null, json: false };
  opts.seed = randomInt(1, 2 ** 31);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === "--cli") opts.cli = resolve(value());
    else if (a === "--only")
      opts.only = value()
        .split(",")
        .map((s) => s.trim().toLowerCase());
    else if (a === "--json") opts.json = true;
    else if (a === "--seed") {
      const v = value();
      if (!/^\d+$/.test(v)) usage(`--seed takes a whole number, got "${v}"`);
      opts.seed = Number(v) % 2 ** 32;
    } else if (a === "--skip-slow") opts.skipSlow = true;
    else if (a === "--keep") opts.keep = true;
    else if (a === "--verbose") opts.verbose = true;
    else if (a === "--help" || a === "-h") usage();
    else usage(`unknown argument "${a}"`);
  }
  return opts;
}

// ---- what is printed: one line, no control or bidi characters, no planted secret ----------

const planted = [];

/** Register a planted secret: any sample that would show it shows its kind and length instead. */
function plant(secret) {
  planted.push(secret);
  return secret;
}

const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

export function safeLine(text, max = 160) {
  let s = String(text ?? "");
  for (const p of planted) {
    const mask = `[${p.kind} secret, ${p.length} chars]`;
    for (const n of [p.secret, ...p.needles]) if (n) s = s.split(n).join(mask);
    for (const part of p.parts ?? []) {
      const w = Math.min(10, part.length);
      if (w < 8) continue;
      for (let i = 0; i + w <= part.length; i++) {
        const piece = part.slice(i, i + w);
        if (s.includes(piece)) s = s.split(piece).join(mask);
      }
    }
  }
  s = s.replace(UNSAFE, (c) => {
    if (c === "\n" || c === "\r" || c === "\t") return " ";
    return `\\u{${c.codePointAt(0).toString(16)}}`;
  });
  s = s.replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

// ---- running ----------------------------------------------------------------------------

function selected(opts) {
  if (!opts.only) return CLASSES;
  const chosen = CLASSES.filter(
    (c) => opts.only.includes(String(c.id)) || opts.only.includes(c.key),
  );
  const known = new Set(CLASSES.flatMap((c) => [String(c.id), c.key]));
  const unknown = opts.only.filter((o) => !known.has(o));
  if (unknown.length) usage(`unknown class ${unknown.join(",")}`);
  return chosen;
}

async function runCheck(cls, check, index, ctxBase) {
  const dir = mkdtempSync(join(ctxBase.scratch, `c${cls.id}-${index}-`));
  const rng = new Rng(ctxBase.seed, `${cls.key}/${index}`);
  const started = Date.now();
  const row = { class: `${cls.id} ${cls.key}`, check: check.name, tries: 0, found: 0, sample: "" };
  if (check.slow && ctxBase.skipSlow) {
    return { ...row, skipped: true, sample: "skipped (--skip-slow)", seconds: 0 };
  }
  try {
    const r = await check.run({ ...ctxBase, dir, rng });
    Object.assign(row, { tries: r.tries, found: r.found, sample: safeLine(r.sample ?? "") });
    if (r.figure) row.figure = r.figure;
    if (!r.found && r.note) row.sample = safeLine(r.note);
  } catch (err) {
    row.error = true;
    row.sample = safeLine(`check could not run: ${err?.stack ?? err}`);
  }
  row.seconds = Math.round((Date.now() - started) / 100) / 10;
  if (ctxBase.verbose) {
    process.stderr.write(
      `  [${row.seconds}s] ${row.class}: ${row.check}: ${row.error ? "ERROR" : row.found ? "FOUND" : "held"}\n`,
    );
  }
  return row;
}

function table(rows) {
  const head = ["class", "check", "tries", "found", "sample"];
  const cells = rows.map((r) => [
    r.class,
    r.check,
    r.skipped ? "-" : String(r.tries),
    r.error ? "error" : r.skipped ? "-" : String(r.found),
    r.sample || (r.found ? "" : "held"),
  ]);
  const esc = (s) => s.replaceAll("|", "\\|");
  const lines = [
    `| ${head.join(" | ")} |`,
    `|${head.map((_h, i) => (i === 2 || i === 3 ? "---:" : "---")).join("|")}|`,
  ];
  for (const c of cells) lines.push(`| ${c.map(esc).join(" | ")} |`);
  return `${lines.join("\n")}\n`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(opts.cli))
    usage(`no CLI at ${opts.cli}: run \`pnpm build\` first, or pass --cli`);
  // Files fak creates get the modes its own code gives them, under the usual umask.
  process.umask(0o022);
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "fak-redteam-")));
  mkdirSync(scratch, { recursive: true });
  const started = Date.now();
  const base = {
    cli: opts.cli,
    root: ROOT,
    scratch,
    seed: opts.seed,
    skipSlow: Boolean(opts.skipSlow),
    verbose: Boolean(opts.verbose),
    plant,
    fak: makeRunner({ cli: opts.cli, scratch }),
  };
  if (!opts.json) {
    process.stderr.write(`fak red-team repro (issue 18): seed ${opts.seed}, cli ${opts.cli}\n`);
  }
  const rows = [];
  for (const cls of selected(opts)) {
    if (opts.verbose) process.stderr.write(`class ${cls.id} ${cls.key}: ${cls.title}\n`);
    const runs = cls.checks.map((check, i) => () => runCheck(cls, check, i, base));
    if (cls.parallel) rows.push(...(await Promise.all(runs.map((f) => f()))));
    else for (const f of runs) rows.push(await f());
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const found = rows.filter((r) => r.found > 0);
  const errors = rows.filter((r) => r.error);
  if (opts.keep) process.stderr.write(`kept ${scratch}\n`);
  else rmSync(scratch, { recursive: true, force: true });
  if (opts.json) {
    process.stdout.write(
      `${JSON.stringify({ seed: opts.seed, cli: opts.cli, seconds, found: found.length, errors: errors.length, checks: rows }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(table(rows));
    const classes = new Set(found.map((r) => r.class));
    process.stdout.write(
      `\n${found.length} of ${rows.length} checks found something (classes: ${[...classes].join(", ") || "none"}); ` +
        `${errors.length} could not run; ${seconds} s; seed ${opts.seed}\n`,
    );
  }
  process.exitCode = found.length ? 1 : errors.length ? 2 : 0;
}

await main();
