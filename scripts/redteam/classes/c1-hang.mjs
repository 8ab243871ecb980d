// Class 1: one line hangs fak. `TOKEN=` and a run of random lower-case letters makes the
// scrubber backtrack (a code-shape pattern whose optional `\.?` lets seven segments split the
// run in C(n,6) ways). Each command that scrubs text gets the line and a hard 20 s limit.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { brief } from "../lib/fak.mjs";
import { pipFailure, writeHarborJob } from "../lib/jobs.mjs";
import { LOWER } from "../lib/rng.mjs";

const LIMIT_MS = 20_000;
const LETTERS = 90;

const WORDS =
  "this is not a real key just long placeholder value for tests only some sample data local dev build default config server client access secret token".split(
    " ",
  );

/** The attack line: a secret's name, `=`, 90 random lower-case letters. */
function tokenLine(rng) {
  const name = rng.pick(["TOKEN", "token", "API_TOKEN", "auth_token"]);
  return { text: `${name}=${rng.string(LOWER, LETTERS)}`, what: `${name}= + ${LETTERS} letters` };
}

function failingJob(dir, rng, where, line) {
  const pip = pipFailure(rng);
  const trial = {
    name: `${rng.name(6)}__${rng.name(5)}`,
    reward: 0,
    commands: [{ command: "ls /app", output: "main.py\n" }, pip],
  };
  if (where === "trajectory") pip.output = `${line}\n${pip.output}`;
  if (where === "exception") trial.exception = { type: "RuntimeError", message: line };
  if (where === "test-stdout")
    trial.testStdout = `collected 2 items\nE       AssertionError: login refused with ${line}\nFAILED test_x\n`;
  writeHarborJob(dir, { jobName: `job-${rng.name(5)}`, trials: [trial] });
}

const hangSample = (r, what) =>
  r.timedOut ? `${what}: killed after ${(r.ms / 1000).toFixed(1)} s` : "";

function ingestCheck(where, file) {
  return {
    name: `ingest: ${"TOKEN="} + ${LETTERS} letters in ${file}, 20 s limit`,
    run: async ({ fak, rng, dir }) => {
      const job = join(dir, "job");
      const line = tokenLine(rng);
      failingJob(job, rng, where, line.text);
      const r = await fak(["ingest", "harbor", job, "--json"], { timeoutMs: LIMIT_MS });
      return {
        tries: 1,
        found: r.timedOut ? 1 : 0,
        sample: hangSample(r, `fak ingest (${line.what})`),
      };
    },
  };
}

/** The CPU seconds of a run (user + system), or its wall time when the figure is missing. */
const cpuS = (r) => (r.cpuMs ?? r.ms) / 1000;

export default {
  id: 1,
  key: "hang",
  title: "one line hangs fak",
  parallel: true,
  checks: [
    ingestCheck("trajectory", "agent/trajectory.json (command output)"),
    ingestCheck("exception", "exception.txt"),
    ingestCheck("test-stdout", "verifier/test-stdout.txt"),
    {
      name: `memory record: TOKEN= + ${LETTERS} letters in --approach, 20 s limit`,
      run: async ({ fak, rng, dir }) => {
        const line = tokenLine(rng);
        const r = await fak(
          [
            "memory",
            "record",
            "--db",
            `file:${join(dir, "m.db")}`,
            "--session",
            `s-${rng.name(4)}`,
            "--task",
            `task-${rng.name(5)}`,
            "--approach",
            `set ${line.text} then call the api`,
            "--death-reason",
            "verifier: the api answered 401",
          ],
          { timeoutMs: LIMIT_MS },
        );
        return {
          tries: 1,
          found: r.timedOut ? 1 : 0,
          sample: hangSample(r, `fak memory record (${line.what})`),
        };
      },
    },
    {
      name: `memory import: a line with TOKEN= + ${LETTERS} letters, 20 s limit`,
      run: async ({ fak, rng, dir }) => {
        const line = tokenLine(rng);
        const file = join(dir, "rows.jsonl");
        writeFileSync(
          file,
          `${JSON.stringify({
            session: `s-${rng.name(4)}`,
            task: `task-${rng.name(5)}`,
            approach: `exported ${line.text} before the run`,
            death_reason: "verifier: 2 tests still fail",
          })}\n`,
        );
        const r = await fak(["memory", "import", file, "--db", `file:${join(dir, "m.db")}`], {
          timeoutMs: LIMIT_MS,
        });
        return {
          tries: 1,
          found: r.timedOut ? 1 : 0,
          sample: hangSample(r, `fak memory import (${line.what})`),
        };
      },
    },
    {
      name: "memory record: realistic api_key=words_joined_by_underscores costs > 2 CPU s more than the same words spaced",
      run: async ({ fak, rng, dir }) => {
        let words = "";
        while (words.length < 60) words += `${words ? "_" : ""}${rng.pick(WORDS)}`;
        const record = (approach, db) =>
          fak(
            [
              "memory",
              "record",
              "--db",
              `file:${join(dir, db)}`,
              "--session",
              "s",
              "--task",
              `task-${rng.name(5)}`,
              "--approach",
              approach,
              "--death-reason",
              "verifier: the client was refused",
            ],
            { timeoutMs: 60_000 },
          );
        const control = await record(`api key ${words.replaceAll("_", " ")}`, "control.db");
        const attack = await record(`api_key=${words}`, "attack.db");
        const extra = cpuS(attack) - cpuS(control);
        const found = attack.timedOut || extra > 2 ? 1 : 0;
        return {
          tries: 1,
          found,
          sample: found
            ? `api_key= + ${words.length} chars of words: ${attack.timedOut ? brief(attack) : `${cpuS(attack).toFixed(1)} CPU s`} (same words spaced: ${cpuS(control).toFixed(1)} s)`
            : "",
          figure: { attack_cpu_s: cpuS(attack), control_cpu_s: cpuS(control) },
        };
      },
    },
  ],
};
