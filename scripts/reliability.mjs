#!/usr/bin/env node
// `pnpm reliability`: run the tests that prove issue 5's guarantees (slow ones included:
// FAK_SLOW=1), collect the figures they report (FAK_RELIABILITY_REPORT, see
// tooling/vitest/report.js) and each file's pass/fail counts, and write them into RELIABILITY.md
// between the figures markers. Exits 1 if any test failed (the table still says which).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOC = join(ROOT, "RELIABILITY.md");
const START = "<!-- figures:start -->";
const END = "<!-- figures:end -->";

/** The reliability test files, by package folder. */
const SUITES = {
  "packages/taxonomy": [
    "src/classify.test.ts",
    "src/classify.property.test.ts",
    "src/outcome.property.test.ts",
  ],
  "packages/retry": [
    "src/safety.test.ts",
    "src/safety.slow.test.ts",
    "src/classify-chain.test.ts",
    "src/campaign-model.test.ts",
  ],
  "packages/memory": [
    "src/import/import-file.test.ts",
    "test/kill-import.test.ts",
    "test/kill-import.slow.test.ts",
    "test/open-errors.test.ts",
    "test/disk-full.test.ts",
    "test/server-loss.test.ts",
    "test/concurrency.test.ts",
    "test/concurrency.slow.test.ts",
    "test/concurrency-import.test.ts",
    "src/db/busy.test.ts",
    "test/concurrency-import.slow.test.ts",
    "test/append-only.test.ts",
    "test/tamper.test.ts",
    "test/forged-rows.test.ts",
    "src/row/utf8.test.ts",
    "test/import-append.test.ts",
    "test/provenance.test.ts",
    "test/round-trip.test.ts",
    "src/scrub/scrub.test.ts",
    "src/scrub/scrub.property.test.ts",
    "test/scrub-storage.test.ts",
    "src/scrub/gaps.test.ts",
    "src/scrub/trigger.test.ts",
    "src/scrub/redact-credentials.test.ts",
    "src/import/read-lines.test.ts",
    "test/hostile-text.property.test.ts",
    "src/search/search.test.ts",
    "src/search/query.test.ts",
    // Issue 18: the third red-team pass's classes inside the memory.
    "src/scrub/growth.test.ts",
    "src/scrub/secret-shapes.test.ts",
    "test/foreign-wal.test.ts",
    "test/verify-damage.test.ts",
    "test/poisoning.test.ts",
    "src/db/connect.test.ts",
  ],
  "apps/replay": [
    "src/fixture-replay/policy.test.ts",
    "src/fixture-replay/suite.test.ts",
    "src/importers/ingest.test.ts",
    "src/files/fs-safe.test.ts",
    "src/importers/harbor/index.test.ts",
    "src/importers/tb/index.test.ts",
  ],
  "apps/cli": [
    "src/reliability.test.ts",
    "src/bad-input.test.ts",
    "src/million-lines.slow.test.ts",
    "src/commands/classify.test.ts",
    "src/commands/memory.test.ts",
    "src/commands/ingest-secrets.test.ts",
    "src/errors.test.ts",
    "src/table.test.ts",
    "src/io.test.ts",
    "src/terminal.test.ts",
    "src/commands/memory-verify.test.ts",
    "src/commands/memory-round-trip.test.ts",
  ],
};

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  return r.status ?? 1;
}

function main() {
  const work = mkdtempSync(join(tmpdir(), "fak-reliability-"));
  const figuresFile = join(work, "figures.jsonl");
  const started = new Date();
  const build = run(
    join(ROOT, "node_modules/.bin/turbo"),
    ["run", "build", "--filter=@fak/cli...", "--output-logs=errors-only"],
    { cwd: ROOT, env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
  );
  if (build !== 0) throw new Error("the build failed");

  const files = [];
  for (const [pkg, tests] of Object.entries(SUITES)) {
    const cwd = join(ROOT, pkg);
    const json = join(work, `${pkg.replace("/", "-")}.json`);
    console.error(`\n== ${pkg}: ${tests.length} files`);
    run(
      join(cwd, "node_modules/.bin/vitest"),
      ["run", ...tests, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`],
      {
        cwd,
        env: { ...process.env, FAK_SLOW: "1", FAK_RELIABILITY_REPORT: figuresFile },
      },
    );
    const report = existsSync(json) ? JSON.parse(readFileSync(json, "utf8")) : { testResults: [] };
    const seen = new Set();
    for (const f of report.testResults) {
      const name = relative(ROOT, f.name);
      seen.add(relative(cwd, f.name));
      const count = (s) => f.assertionResults.filter((a) => a.status === s).length;
      files.push({
        file: name,
        passed: count("passed"),
        failed: count("failed") + (f.status === "failed" && count("failed") === 0 ? 1 : 0),
        seconds: (f.endTime - f.startTime) / 1000,
      });
    }
    for (const t of tests) {
      if (!seen.has(t)) files.push({ file: `${pkg}/${t}`, passed: 0, failed: 1, seconds: 0 });
    }
  }
  const figures = existsSync(figuresFile)
    ? readFileSync(figuresFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  rmSync(work, { recursive: true, force: true });
  const finished = new Date();
  writeDoc(render({ started, finished, files, figures }));
  const failed = files.reduce((n, f) => n + f.failed, 0);
  console.error(`\nRELIABILITY.md updated: ${files.length} files, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const sum = (figures, match, key) =>
  figures
    .filter((f) => match.test(f.guarantee))
    .reduce((n, f) => n + (Number(f.figures[key]) || 0), 0);

function render({ started, finished, files, figures }) {
  const passed = files.reduce((n, f) => n + f.passed, 0);
  const failed = files.reduce((n, f) => n + f.failed, 0);
  const minutes = ((finished - started) / 60_000).toFixed(1);
  const totals = [
    [
      "bad inputs tried at the CLI (bad-input.test.ts)",
      sum(figures, /^cli-bad-input$/, "inputsTried"),
    ],
    ["generated inputs (property runs that report)", sum(figures, /generated/, "runs")],
    ["import kills (SIGKILL) survived", sum(figures, /^kill-import/, "kills")],
    [
      "rows written and verified",
      sum(figures, /./, "rowsVerified") + sum(figures, /./, "rowsWrittenAndVerified"),
    ],
    ["secrets planted (scrub-storage)", sum(figures, /^scrub-storage$/, "secretsPlanted")],
    ["secrets found leaked", sum(figures, /^scrub-storage$/, "leaked")],
    ["held tasks retried or bypassed", sum(figures, /^safety/, "heldRetriedOrBypassed")],
    ["busy errors surfaced to a caller", sum(figures, /^concurrency/, "busyErrorsSurfaced")],
    ["tamperings detected (open check or verify)", sum(figures, /^tamper/, "tamperingsDetected")],
    ["forged rows every command read around", sum(figures, /^forged rows/, "forgedRows")],
    [
      "foreign -wal files refused, the store byte-identical",
      sum(figures, /^foreign -wal$/, "walsRefusedStoreByteIdentical"),
    ],
    [
      "damaged store copies `memory verify` caught",
      sum(figures, /^verify on damaged copies$/, "damagedCopiesCaught"),
    ],
    [
      "forged import lines stored as imported (never real)",
      sum(figures, /^memory poisoning$/, "forgedLinesStoredImported"),
    ],
    [
      "agent instructions served as fenced data, command withheld",
      sum(figures, /^memory poisoning$/, "injectionsServedFenced"),
    ],
    [
      "adversarial 100 KB inputs across scrubber families",
      sum(figures, /^scrub growth/, "inputsOf100KB"),
    ],
    ["worst scrubber CPU ms per 100 KB", sum(figures, /^scrub growth/, "worstCpuMsPer100KB")],
    ["secret-shaped values tried (issue 18)", sum(figures, /^secret shapes/, "valuesTried")],
  ];
  const lines = [
    START,
    "",
    `Last run: ${started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${minutes} min,`,
    `\`pnpm reliability\` (FAK_SLOW=1): ${files.length} test files, ${passed} tests passed, ${failed} failed.`,
    "",
    "| total | figure |",
    "|---|---:|",
    ...totals.map(([k, v]) => `| ${k} | ${v} |`),
    "",
    "| what a test reported | figures |",
    "|---|---|",
    ...figures.map(
      (f) =>
        `| ${f.guarantee} | ${Object.entries(f.figures)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")} |`,
    ),
    "",
    "| test file | passed | failed | s |",
    "|---|---:|---:|---:|",
    ...files.map((f) => `| ${f.file} | ${f.passed} | ${f.failed} | ${f.seconds.toFixed(1)} |`),
    "",
    END,
  ];
  return lines.join("\n");
}

function writeDoc(block) {
  const doc = readFileSync(DOC, "utf8");
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOC} has no ${START} ... ${END} markers`);
  writeFileSync(DOC, `${doc.slice(0, a)}${block}${doc.slice(b + END.length)}`);
}

main();
