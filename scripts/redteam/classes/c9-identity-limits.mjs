// Class 9: identity and limits. Two trial folders with one trial_name; plain import lines
// keyed by line number; a 60 MB trajectory (time and memory); a folder's ingest.json replacing
// the run it sits in, read through a symlink, its first bytes quoted in the error; a saved
// ingest.json past the documented 256 MiB read whole; hard links into a trial folder; trial
// folders whose names are not UTF-8; the modes of the store and --out files fak creates.

import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { brief, jsonLinesOf, jsonOf } from "../lib/fak.mjs";
import { pipFailure, writeHarborJob, writeTbRun } from "../lib/jobs.mjs";
import { ALNUM, LOWER, UPPER } from "../lib/rng.mjs";
import { customSecret, leakScanner } from "../lib/secrets.mjs";
import { dbUrl, exportRows, modeOf, randomRows, writeJsonl } from "../lib/store.mjs";

const MiB = 1024 * 1024;

/** A job of passing trials, ingested with --out: its ingest.json, every trial a pass. */
async function allPassIngestJson(ctx, where) {
  const { rng, fak } = ctx;
  const job = join(where, "all-pass-job");
  writeHarborJob(job, {
    jobName: `p-${rng.name(5)}`,
    trials: Array.from({ length: 4 }, () => ({
      name: `${rng.name(6)}__${rng.name(5)}`,
      reward: 1,
      commands: [{ command: "make", output: "ok\n" }],
    })),
  });
  const out = join(where, "all-pass-out");
  const r = await fak(["ingest", "harbor", job, "--out", out, "--json"], { timeoutMs: 60_000 });
  if (r.code !== 0) throw new Error(`fak ingest --out failed: ${brief(r)}`);
  return join(out, "ingest.json");
}

/** A tb run of failing trials. */
function failingTbRun(ctx, dir) {
  const { rng } = ctx;
  return writeTbRun(
    dir,
    `run-${rng.name(5)}`,
    Array.from({ length: 3 }, () => ({
      task: `${rng.name(5)}-${rng.name(5)}`,
      is_resolved: false,
      tests: { test_a: "failed" },
      log: [pipFailure(rng)],
    })),
  );
}

function passRateOf(r) {
  const doc = jsonOf(r);
  return doc?.a ? { passed: doc.a.passed, trials: doc.a.trials, rate: doc.a.pass_rate } : null;
}

/** Write a ~`mb` MB trajectory (streamed, never whole in this process). */
function bigTrajectory(file, rng, mb) {
  const fd = openSync(file, "w");
  writeSync(
    fd,
    '{"schema_version":"ATIF-v1.5","session_id":"s1","agent":{"name":"fake-agent"},"steps":[',
  );
  writeSync(fd, JSON.stringify({ step_id: 1, source: "user", message: "do the task" }));
  let written = 0;
  let id = 2;
  const chunk = Array.from(
    { length: 200 },
    (_, i) =>
      `tests/test_${rng.name(6)}.py::test_case_${i} PASSED [${i % 100}%] ${rng.string(ALNUM, 40)}`,
  ).join("\n");
  while (written < mb * MiB) {
    const last = written + chunk.length * 2 >= mb * MiB;
    const step = {
      step_id: id,
      source: "agent",
      message: `Running the suite again, pass ${id}.`,
      tool_calls: [
        { tool_call_id: `c${id}`, function_name: "bash", arguments: { command: "pytest -q" } },
      ],
      observation: {
        results: [
          {
            source_call_id: `c${id}`,
            content: last ? pipFailure(rng).output : chunk,
            extra: { tool_metadata: { exit_code: last ? 1 : 0 } },
          },
        ],
      },
    };
    const text = `,${JSON.stringify(step)}`;
    writeSync(fd, text);
    written += text.length;
    id++;
    if (last) break;
  }
  writeSync(fd, "]}\n");
  closeSync(fd);
  return statSync(file).size;
}

export default {
  id: 9,
  key: "identity-limits",
  title: "identity and limits",
  checks: [
    {
      name: "two trial folders with one trial_name: each keeps its own classification, both deaths recorded",
      run: async ({ fak, rng, dir }) => {
        const shared = `${rng.name(6)}__${rng.name(5)}`;
        const pip = pipFailure(rng);
        const make = (dupe) => {
          const job = join(dir, dupe ? "dupe" : "control");
          writeHarborJob(job, {
            jobName: `j-${rng.name(5)}`,
            trials: [
              {
                name: `alpha-${rng.name(4)}__a1`,
                task: "alpha",
                trialName: dupe ? shared : undefined,
                reward: 0,
                commands: [pip],
              },
              {
                name: `beta-${rng.name(4)}__b2`,
                task: "beta",
                trialName: dupe ? shared : undefined,
                exception: {
                  type: "AgentTimeoutError",
                  message: "Agent execution timed out after 900.0 seconds",
                },
                commands: [{ command: "python3 train.py --epochs 500", output: "epoch 1\n" }],
              },
            ],
          });
          return job;
        };
        const run = async (job, db) => {
          const r = await fak(["ingest", "harbor", job, "--record", "--db", dbUrl(db), "--json"], {
            timeoutMs: 60_000,
          });
          const doc = jsonOf(r);
          if (!doc) throw new Error(`fak ingest gave no JSON: ${brief(r)}`);
          const byTask = Object.fromEntries(doc.trials.map((t) => [t.task, t.category]));
          const rows = (await exportRows(fak, db)).rows ?? [];
          return { byTask, rows, skipped: doc.skipped ?? [] };
        };
        const control = await run(make(false), join(dir, "control.db"));
        const dupe = await run(make(true), join(dir, "dupe.db"));
        const swapped = ["alpha", "beta"].filter((t) => dupe.byTask[t] !== control.byTask[t]);
        const told = dupe.skipped.some((s) => /duplicate|same trial|twice|already/i.test(s.reason));
        const lost = dupe.rows.length < control.rows.length && !told;
        const found = (swapped.length ? 1 : 0) + (lost ? 1 : 0);
        const parts = [];
        if (swapped.length)
          parts.push(
            `alpha ${control.byTask.alpha} -> ${dupe.byTask.alpha}, beta ${control.byTask.beta} -> ${dupe.byTask.beta}`,
          );
        if (lost)
          parts.push(`${dupe.rows.length} of ${control.rows.length} deaths recorded, nothing said`);
        return { tries: 2, found, sample: parts.join("; ") };
      },
    },
    {
      name: "plain import lines: the same death in a second file counts the same wherever it sits",
      run: async ({ fak, rng, dir }) => {
        const db = dbUrl(join(dir, "m.db"));
        const [x, y, z] = randomRows(rng, 3);
        const imp = async (name, rows) => {
          const file = join(dir, name);
          writeJsonl(file, rows);
          const r = await fak(["memory", "import", file, "--db", db, "--json"], {
            timeoutMs: 60_000,
          });
          if (r.code !== 0) throw new Error(`fak memory import failed: ${brief(r)}`);
          return jsonLinesOf(r);
        };
        await imp("first.jsonl", [x]);
        const atLine1 = (await imp("second.jsonl", [x]))[0]?.status;
        const atLine2 = (await imp("third.jsonl", [y, x]))[1]?.status;
        const atLine3 = (await imp("fourth.jsonl", [z, y, x]))[2]?.status;
        const statuses = [atLine1, atLine2, atLine3];
        const found = new Set(statuses).size > 1 ? 1 : 0;
        return {
          tries: 1,
          found,
          sample: found
            ? `the same row in a second file: line 1 ${atLine1}, line 2 ${atLine2}, line 3 ${atLine3}`
            : "",
        };
      },
    },
    {
      name: "a 60 MB trajectory: ingest within 30 CPU s and 512 MB peak RSS",
      slow: true,
      run: async ({ fak, rng, dir }) => {
        const job = join(dir, "job");
        const name = `${rng.name(6)}__${rng.name(5)}`;
        writeHarborJob(job, {
          jobName: `big-${rng.name(4)}`,
          trials: [{ name, reward: 0, commands: [] }],
        });
        const bytes = bigTrajectory(join(job, name, "agent", "trajectory.json"), rng, 60);
        const r = await fak(["ingest", "harbor", job, "--json"], { timeoutMs: 600_000 });
        const cpu = r.cpuMs === null ? null : r.cpuMs / 1000;
        const figure = {
          trajectory_mb: Math.round(bytes / MiB),
          wall_s: Math.round(r.ms / 100) / 10,
          cpu_s: cpu === null ? null : Math.round(cpu * 10) / 10,
          peak_rss_mb: r.maxRssMb === null ? null : Math.round(r.maxRssMb),
          exit: r.code,
        };
        const found = r.timedOut || (cpu ?? r.ms / 1000) > 30 || (r.maxRssMb ?? 0) > 512 ? 1 : 0;
        const what = `${figure.trajectory_mb} MB trajectory: ${r.timedOut ? "killed after" : ""} ${figure.wall_s} s wall, ${figure.cpu_s ?? "?"} CPU s, peak RSS ${figure.peak_rss_mb ?? "?"} MB, exit ${r.code}`;
        return { tries: 1, found, sample: what, note: what, figure };
      },
    },
    {
      name: "the per-file cap does not bound a job: peak RSS of 6 trials x 20 MB within 1.5x of 1 trial x 20 MB",
      slow: true,
      run: async ({ fak, rng, dir }) => {
        const make = (n, label) => {
          const job = join(dir, label);
          const names = Array.from({ length: n }, () => `${rng.name(6)}__${rng.name(5)}`);
          writeHarborJob(job, {
            jobName: label,
            trials: names.map((name) => ({ name, reward: 0, commands: [] })),
          });
          for (const name of names)
            bigTrajectory(join(job, name, "agent", "trajectory.json"), rng, 20);
          return job;
        };
        const one = await fak(["ingest", "harbor", make(1, "one"), "--json"], {
          timeoutMs: 600_000,
        });
        const six = await fak(["ingest", "harbor", make(6, "six"), "--json"], {
          timeoutMs: 600_000,
        });
        const ratio = one.maxRssMb && six.maxRssMb ? six.maxRssMb / one.maxRssMb : null;
        const found = six.timedOut || ratio === null || ratio > 1.5 ? 1 : 0;
        const what = `peak RSS 1 x 20 MB: ${Math.round(one.maxRssMb ?? 0)} MB, 6 x 20 MB: ${Math.round(six.maxRssMb ?? 0)} MB (${ratio?.toFixed(2) ?? "?"}x); ${Math.round(six.ms / 1000)} s`;
        return {
          tries: 1,
          found,
          sample: what,
          note: what,
          figure: { one_mb: one.maxRssMb, six_mb: six.maxRssMb },
        };
      },
    },
    {
      name: "a folder's own ingest.json does not silently replace the run it sits in",
      run: async (ctx) => {
        const { fak, dir, rng } = ctx;
        const saved = await allPassIngestJson(ctx, join(dir, "saved"));
        const tries = [];
        // A tb run folder, and a folder holding a Harbor job, each with a planted ingest.json.
        const tb = failingTbRun(ctx, join(dir, "tb-run"));
        copyFileSync(saved, join(tb, "ingest.json"));
        tries.push({ what: "a tb run folder", path: tb });
        const holder = join(dir, "jobs");
        writeHarborJob(join(holder, `job-${rng.name(5)}`), {
          jobName: "h",
          trials: Array.from({ length: 3 }, () => ({
            name: `${rng.name(6)}__${rng.name(5)}`,
            reward: 0,
            commands: [pipFailure(rng)],
          })),
        });
        copyFileSync(saved, join(holder, "ingest.json"));
        tries.push({ what: "a folder holding a Harbor job", path: holder });
        const other = failingTbRun(ctx, join(dir, "other-run"));
        let found = 0;
        let sample = "";
        for (const t of tries) {
          const r = await fak(["compare", t.path, other, "--json"], { timeoutMs: 60_000 });
          const a = passRateOf(r);
          const told = /ingest\.json/.test(r.stderr);
          if (a && a.passed > 0 && !told) {
            found++;
            sample ||= `${t.what} of failing trials compared as ${a.passed}/${a.trials} passed (its planted ingest.json), nothing said`;
          }
        }
        return { tries: tries.length, found, sample };
      },
    },
    {
      name: "a folder's ingest.json is not read through a symlink out of the folder",
      run: async (ctx) => {
        const { fak, dir } = ctx;
        const saved = await allPassIngestJson(ctx, join(dir, "outside"));
        const tb = failingTbRun(ctx, join(dir, "tb-run"));
        symlinkSync(saved, join(tb, "ingest.json"));
        const other = failingTbRun(ctx, join(dir, "other-run"));
        const r = await fak(["compare", tb, other, "--json"], { timeoutMs: 60_000 });
        const a = passRateOf(r);
        const found = a && a.passed > 0 ? 1 : 0;
        return {
          tries: 1,
          found,
          sample: found
            ? `ingest.json -> a file outside the run was read: ${a.passed}/${a.trials} passed`
            : "",
        };
      },
    },
    {
      name: "an unreadable ingest.json's first bytes are not quoted in the error",
      run: async (ctx) => {
        const { fak, dir, rng, plant } = ctx;
        const other = failingTbRun(ctx, join(dir, "other-run"));
        let found = 0;
        let sample = "";
        const tries = ["a regular file", "a symlink to a file outside"];
        for (const [i, what] of tries.entries()) {
          const body = rng.string(UPPER + LOWER, 1) + rng.string(ALNUM, 39);
          const secret = plant(customSecret("first bytes of a private file", body, body));
          const tb = failingTbRun(ctx, join(dir, `tb-run-${i}`));
          const content = `${body}\nmachine api.example.com login bot\n`;
          if (i === 0) writeFileSync(join(tb, "ingest.json"), content);
          else {
            const outside = join(dir, `private-${i}.txt`);
            writeFileSync(outside, content);
            symlinkSync(outside, join(tb, "ingest.json"));
          }
          const r = await fak(["compare", tb, other], { timeoutMs: 60_000 });
          const leak = leakScanner(r.stdout + r.stderr).leak(secret);
          if (leak) {
            found++;
            sample ||= `${what}: exit ${r.code}, the error quotes ${leak.length}+ characters of the file`;
          }
        }
        return { tries: tries.length, found, sample };
      },
    },
    {
      name: "a saved ingest.json past 256 MiB is refused, not read whole (compare, report)",
      run: async (ctx) => {
        const { fak, dir } = ctx;
        const big = join(dir, "big", "ingest.json");
        mkdirSync(join(dir, "big"));
        const fd = openSync(big, "w");
        writeSync(fd, '{"trials": [');
        closeSync(fd);
        // Sparse: 257 MiB on disk costs nothing; reading it costs its size.
        truncateSync(big, 257 * MiB);
        const other = failingTbRun(ctx, join(dir, "small"));
        const runs = [
          ["compare", await fak(["compare", big, other], { timeoutMs: 120_000 })],
          [
            "report",
            await fak(["report", big, "--html", join(dir, "r.html")], { timeoutMs: 120_000 }),
          ],
        ];
        const bad = runs.filter(
          ([, r]) => r.timedOut || r.code === 0 || r.maxRssMb === null || r.maxRssMb > 256,
        );
        return {
          tries: runs.length,
          found: bad.length,
          sample: bad.length
            ? bad
                .map(
                  ([w, r]) =>
                    `${w}: peak RSS ${Math.round(r.maxRssMb ?? 0)} MB, ${brief(r).slice(0, 60)}`,
                )
                .join("; ")
            : "",
        };
      },
    },
    {
      name: "hard links into a trial folder are not read as its files",
      run: async ({ fak, rng, dir }) => {
        const words = Array.from({ length: 3 }, () => rng.name(7)).join(" ");
        const marker = `outside ${words}`;
        const outside = join(dir, "outside");
        mkdirSync(outside);
        writeFileSync(
          join(outside, "exc.txt"),
          `Traceback (most recent call last):\nRuntimeError: ${marker} exc\n`,
        );
        writeFileSync(
          join(outside, "out.txt"),
          `collected 1 item\nE       AssertionError: ${marker} stdout\n`,
        );
        const job = join(dir, "job");
        const a = `${rng.name(6)}__${rng.name(5)}`;
        const b = `${rng.name(6)}__${rng.name(5)}`;
        writeHarborJob(job, {
          jobName: "hl",
          trials: [
            { name: a, reward: 0, commands: [{ command: "./run.sh", output: "" }] },
            { name: b, reward: 0, commands: [{ command: "./run.sh", output: "" }] },
          ],
        });
        linkSync(join(outside, "exc.txt"), join(job, a, "exception.txt"));
        mkdirSync(join(job, b, "verifier"), { recursive: true });
        linkSync(join(outside, "out.txt"), join(job, b, "verifier", "test-stdout.txt"));
        const r = await fak(["ingest", "harbor", job, "--json"], { timeoutMs: 60_000 });
        const t = r.stdout + r.stderr;
        const bad = [
          ["exception.txt", `${marker} exc`],
          ["verifier/test-stdout.txt", `${marker} stdout`],
        ].filter(([, m]) => t.includes(m));
        return {
          tries: 2,
          found: bad.length,
          sample: bad.length
            ? `hard-linked ${bad.map(([f]) => f).join(", ")} read: the outside file's text is in the output`
            : "",
        };
      },
    },
    {
      name: "a trial folder whose name is not UTF-8 is not called an interrupted trial",
      run: async ({ fak, rng, dir }) => {
        const job = join(dir, "job");
        const name = `${rng.name(6)}__${rng.name(5)}`;
        writeHarborJob(job, {
          jobName: "u8",
          trials: [
            { name, reward: 0, commands: [pipFailure(rng)] },
            {
              name: `${rng.name(6)}__${rng.name(5)}`,
              reward: 1,
              commands: [{ command: "make", output: "ok\n" }],
            },
          ],
        });
        const bytes = Buffer.concat([
          Buffer.from(`${name.split("__")[0]}-`),
          Buffer.from([0xff, 0xfe, 0x80]),
          Buffer.from(`__${name.split("__")[1]}`),
        ]);
        renameSync(join(job, name), Buffer.concat([Buffer.from(`${job}/`), bytes]));
        const r = await fak(["ingest", "harbor", job, "--json"], { timeoutMs: 60_000 });
        const doc = jsonOf(r);
        if (!doc) throw new Error(`fak ingest gave no JSON: ${brief(r)}`);
        const row = doc.trials.find((t) => t.trial_id === name || t.task === name.split("__")[0]);
        const skip = doc.skipped.find(
          (s) => /\ufffd/.test(s.trial) || /interrupt|no result\.json/i.test(s.reason),
        );
        const misnamed = skip && /interrupt|no result\.json/i.test(skip.reason);
        const silent = !row && !skip;
        const found = misnamed || silent ? 1 : 0;
        return {
          tries: 1,
          found,
          sample: misnamed
            ? `skipped: "${skip.reason}" (the folder has a result.json)`
            : silent
              ? "the trial is missing and nothing says why"
              : "",
        };
      },
    },
    {
      name: "files fak creates (the store, --out files) are not readable by others (umask 022)",
      run: async ({ fak, rng, dir }) => {
        const storeDir = join(dir, "new-store-dir");
        const db = join(storeDir, "memory.db");
        const rec = await fak(
          [
            "memory",
            "record",
            "--db",
            dbUrl(db),
            "--session",
            "s",
            "--task",
            "t",
            "--approach",
            `a ${rng.name(5)}`,
            "--death-reason",
            "verifier: x",
          ],
          { timeoutMs: 60_000 },
        );
        if (rec.code !== 0) throw new Error(`fak memory record failed: ${brief(rec)}`);
        const job = join(dir, "job");
        writeHarborJob(job, {
          jobName: "m",
          trials: [
            { name: `${rng.name(6)}__${rng.name(5)}`, reward: 0, commands: [pipFailure(rng)] },
          ],
        });
        const out = join(dir, "out");
        const ing = await fak(["ingest", "harbor", job, "--out", out, "--json"], {
          timeoutMs: 60_000,
        });
        if (ing.code !== 0) throw new Error(`fak ingest --out failed: ${brief(ing)}`);
        const files = [
          ["store", db],
          ...readdirSync(out).map((f) => [`--out ${f}`, join(out, f)]),
        ].filter(([, p]) => existsSync(p) && statSync(p).isFile());
        const bad = files.filter(([, p]) => (statSync(p).mode & 0o007) !== 0);
        // The folders fak made, for the record (a listable folder shows names, not contents).
        const folders = `folders: store ${modeOf(storeDir)}, --out ${modeOf(out)}`;
        return {
          tries: files.length,
          found: bad.length,
          sample: bad.length
            ? `${bad.map(([w, p]) => `${w} ${modeOf(p)}`).join(", ")}; ${folders}`
            : "",
          note: folders,
        };
      },
    },
  ],
};
