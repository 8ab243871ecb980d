// Class 3: `fak report --html` and `fak compare` scrub nothing. Secrets of every kind fak's
// scrubber knows are planted in two Harbor jobs, in each place a job folder lets an agent (or
// the job's owner) put text that these commands show: job folder names, agent and model names,
// exception messages, command output, assertion traces, skipped trials' names and reasons.
// Counted against each output: only secrets that `fak ingest --json` (the boundary that works)
// hides from the same jobs, so what is found here is the missing boundary, not a scrubber gap
// (class 4). ingest's own output is checked too.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brief } from "../lib/fak.mjs";
import { assertionTests, pipFailure, writeHarborJob } from "../lib/jobs.mjs";
import { fakeSecret, leakScanner, SECRET_KINDS } from "../lib/secrets.mjs";

// Kinds whose secrets make a file name (no `/`), for job and trial folder names.
const NAME_SAFE = new Set([
  "github_token",
  "gitlab_token",
  "npm_token",
  "huggingface_token",
  "slack_token",
  "stripe_key",
  "anthropic_api_key",
  "openai_api_key",
  "sendgrid_api_key",
  "twilio_api_key",
  "shopify_token",
  "mailgun_api_key",
  "aws_access_key_id",
  "gcp_api_key",
  "digitalocean_token",
  "heroku_api_key",
  "age_secret_key",
]);

const oneLine = (t) => t.replace(/\r?\n/g, " ");

/** Plant secrets in a job: every slot gets a fresh secret; returns the job and its secrets. */
function plantJob(ctx, parent, label, kindsFor, tasks) {
  const { rng } = ctx;
  const planted = [];
  const take = (slot, nameSafe = false) => {
    const s = ctx.plant(fakeSecret(rng, kindsFor(nameSafe)));
    s.slot = slot;
    s.job = label;
    planted.push(s);
    return s;
  };
  const folder = take("job folder name", true);
  const agent = take("agent name");
  const model = take("model name");
  const trials = [];
  trials.push({
    name: `${tasks[0]}__${rng.name(5)}`,
    reward: 1,
    commands: [{ command: "make", output: "ok\n" }],
  });
  // The same tasks in both jobs, failing in both: compare shows each side's evidence.
  for (let i = 0; i < 12; i++) {
    const where = ["exception message", "command output", "assertion trace"][i % 3];
    const s = take(where);
    const name = `${tasks[i + 1]}__${rng.name(5)}`;
    if (where === "exception message") {
      trials.push({
        name,
        exception: { type: "RuntimeError", message: `deploy step failed: ${oneLine(s.text)}` },
        commands: [{ command: "./deploy.sh", output: "deploying\n" }],
      });
    } else if (where === "command output") {
      const pip = pipFailure(rng);
      pip.output = pip.output.replace("ERROR: Could not", `ERROR: ${oneLine(s.text)} Could not`);
      trials.push({ name, reward: 0, commands: [pip] });
    } else {
      const tests = assertionTests(rng);
      tests[1].trace = tests[1].trace.replace(
        "AssertionError: assert",
        `AssertionError: config holds ${oneLine(s.text)} and assert`,
      );
      trials.push({
        name,
        reward: 0,
        tests,
        commands: [{ command: "python3 run.py", output: "" }],
      });
    }
  }
  const skipped = take("skipped trial's folder name", true);
  trials.push({ name: `retry-${skipped.secret}__${rng.name(5)}`, interrupted: true });
  const jobDir = join(parent, `nightly-${folder.secret}`);
  writeHarborJob(jobDir, {
    jobName: `job-${rng.name(5)}`,
    agentName: `bot ${oneLine(agent.text)}`,
    modelName: `acme/${oneLine(model.text)}`,
    trials,
  });
  // A damaged result.json: its skip reason quotes the parser's error, which quotes the file.
  // Its first bytes are a random part starting with a letter (JSON.parse quotes 10 or more).
  let damaged = take("skip reason (damaged result.json)");
  for (let i = 0; i < 20 && !/^[A-Za-z]/.test(damaged.parts[0]); i++) {
    planted.pop();
    damaged = take("skip reason (damaged result.json)");
  }
  const dname = `${rng.name(6)}__${rng.name(5)}`;
  mkdirSync(join(jobDir, dname, "agent"), { recursive: true });
  writeFileSync(join(jobDir, dname, "trial.log"), "trial started\n");
  writeFileSync(
    join(jobDir, dname, "result.json"),
    `${damaged.parts[0]} ${oneLine(damaged.text)}\n`,
  );
  return planted;
}

let shared;

async function fixtures(ctx) {
  const { rng, dir, fak } = ctx;
  const bag = rng.shuffle(SECRET_KINDS);
  let next = 0;
  const kindsFor = (nameSafe) => {
    for (let i = 0; i < SECRET_KINDS.length; i++) {
      const k = bag[next++ % bag.length];
      if (!nameSafe || NAME_SAFE.has(k)) return k;
    }
    return "github_token";
  };
  const pa = join(dir, "runs-a");
  const pb = join(dir, "runs-b");
  const tasks = Array.from({ length: 13 }, () => `${rng.name(5)}-${rng.name(6)}`);
  const planted = [
    ...plantJob(ctx, pa, "A", kindsFor, tasks),
    ...plantJob(ctx, pb, "B", kindsFor, tasks),
  ];
  // The control: what ingest's output boundary hides.
  const ing = [];
  for (const p of [pa, pb])
    ing.push(await fak(["ingest", "harbor", p, "--json"], { timeoutMs: 120_000 }));
  const ingestOut = ing.map((r) => r.stdout + r.stderr).join("\n");
  const scan = leakScanner(ingestOut);
  const hiddenByIngest = planted.filter((s) => !scan.leak(s));
  return { pa, pb, planted, hiddenByIngest, ingestOut, ing };
}

function summary(leaked, tries) {
  if (!leaked.length) return "";
  const by = new Map();
  for (const s of leaked) by.set(s.slot, [...(by.get(s.slot) ?? []), s]);
  const first = leaked[0];
  return `${leaked.length} of ${tries} secrets shown (e.g. ${first.kind} secret, ${first.length} chars, in the ${first.slot}); places: ${[...by.keys()].join(", ")}`;
}

function check(name, produce, { control = false } = {}) {
  return {
    name,
    run: async (ctx) => {
      shared ??= fixtures(ctx);
      const f = await shared;
      const { text, runs } = await produce(ctx, f);
      const failed = runs.find((r) => r.timedOut || (r.code !== 0 && r.code !== 1));
      if (failed) throw new Error(`fak did not run: ${brief(failed)}`);
      const scan = leakScanner(text);
      const pool = control ? f.planted : f.hiddenByIngest;
      const leaked = pool.filter((s) => scan.leak(s));
      return {
        tries: pool.length,
        found: leaked.length,
        sample: summary(leaked, pool.length),
        note: control
          ? ""
          : `${f.planted.length - f.hiddenByIngest.length} planted secrets ingest shows too were not counted (class 4)`,
      };
    },
  };
}

export default {
  id: 3,
  key: "report-secrets",
  title: "fak report --html and fak compare scrub nothing",
  checks: [
    check("compare --json shows no planted secret", async ({ fak }, f) => {
      const r = await fak(["compare", f.pa, f.pb, "--json"], { timeoutMs: 120_000 });
      return { text: r.stdout + r.stderr, runs: [r] };
    }),
    check("compare (for people) shows no planted secret", async ({ fak }, f) => {
      const r = await fak(["compare", f.pa, f.pb], { timeoutMs: 120_000 });
      return { text: r.stdout + r.stderr, runs: [r] };
    }),
    check(
      "report --compare --html: the HTML file holds no planted secret",
      async ({ fak, dir }, f) => {
        const file = join(dir, "report.html");
        const r = await fak(["report", f.pa, "--compare", f.pb, "--html", file, "--json"], {
          timeoutMs: 120_000,
        });
        let html = "";
        try {
          html = readFileSync(file, "utf8");
        } catch {
          html = "";
        }
        return { text: `${html}\n${r.stdout}\n${r.stderr}`, runs: [r] };
      },
    ),
    check(
      "ingest --json (the boundary that exists) shows no planted secret",
      async (_ctx, f) => ({ text: f.ingestOut, runs: f.ing }),
      { control: true },
    ),
  ],
};
