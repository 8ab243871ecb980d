// Class 4: secrets the scrubber misses. Letters-only values after a secret's name (random
// mixed case, and passphrases of capitalised words), random 12-character alphanumeric keys
// (no digit forced), hex-encoded tokens, and tokens split across two lines. Each value goes
// through two paths: the store (`fak memory import`, then `fak memory export`) and the output
// boundary that exists (`fak ingest --json`, the value in a command's output).

import { join } from "node:path";
import { brief } from "../lib/fak.mjs";
import { writeHarborJob } from "../lib/jobs.mjs";
import { ALNUM, LOWER } from "../lib/rng.mjs";
import { customSecret, fakeSecret, leakScanner } from "../lib/secrets.mjs";
import { dbUrl, writeJsonl } from "../lib/store.mjs";

// Words for passphrases (none of them used anywhere else in the run's text).
const WORDS =
  "correct horse battery staple violet marble canyon orbit lantern pepper falcon meadow copper tundra harbor velvet jigsaw quartz nimbus walrus".split(
    " ",
  );

const NAMED = [
  (v) => `password: ${v}`,
  (v) => `"password": "${v}"`,
  (v) => `PASSWORD=${v}`,
  (v) => `export API_KEY=${v}`,
  (v) => `api_key=${v}`,
  (v) => `"api_key": "${v}"`,
  (v) => `token: ${v}`,
  (v) => `TOKEN=${v}`,
  (v) => `"auth": "${v}"`,
  (v) => `auth: ${v}`,
  (v) => `DB_PASSWORD="${v}"`,
  (v) => `client_secret = '${v}'`,
];

function lettersOnly(rng, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const v =
      i % 2 === 0
        ? rng.letters(rng.int(8, 31))
        : Array.from({ length: rng.int(3, 4) }, () => {
            const w = rng.pick(WORDS);
            return w[0].toUpperCase() + w.slice(1);
          }).join("");
    const shape = i % 2 === 0 ? "random letters" : "capitalised words";
    const s = customSecret(`letters-only (${shape})`, v, NAMED[i % NAMED.length](v), [v]);
    s.form = NAMED[i % NAMED.length]("…");
    out.push(s);
  }
  return out;
}

function alnumKeys(rng, n) {
  return Array.from({ length: n }, (_, i) => {
    const v = rng.string(ALNUM, 12);
    const s = customSecret("random 12-char key", v, NAMED[i % NAMED.length](v), [v]);
    s.form = NAMED[i % NAMED.length]("…");
    return s;
  });
}

function hexTokens(rng, n) {
  const kinds = ["github_token", "aws_access_key_id", "npm_token", "slack_token", "stripe_key"];
  return Array.from({ length: n }, (_, i) => {
    const inner = fakeSecret(rng, kinds[i % kinds.length]);
    const hex = Buffer.from(inner.secret).toString("hex");
    const text = rng.pick([
      `echo ${hex} | xxd -r -p > ~/.config/token`,
      `printf '%s' ${hex} | xxd -r -p | docker login --password-stdin`,
      `decoded from hex ${hex}`,
    ]);
    // Its hex: the random body's bytes, hex-encoded (10 characters of that are 5 bytes).
    const body = Buffer.from(inner.parts[0]).toString("hex");
    const s = customSecret(`hex-encoded ${inner.kind}`, hex, text, [body]);
    s.form = text.replace(hex, "…");
    return s;
  });
}

function splitTokens(rng, n) {
  const kinds = [
    "github_token",
    "npm_token",
    "gitlab_token",
    "aws_secret_access_key",
    "slack_token",
  ];
  return Array.from({ length: n }, (_, i) => {
    const inner = fakeSecret(rng, kinds[i % kinds.length]);
    const cut = Math.floor(inner.secret.length / 2);
    const a = inner.secret.slice(0, cut);
    const b = inner.secret.slice(cut);
    const text = `curl -H "Authorization: token ${a}\n${b}" https://api.example.com/user`;
    // Either half shown is a leak: a and b without the kind's fixed prefix.
    const rnd = inner.parts[0];
    const at = inner.secret.indexOf(rnd);
    const halves = [rnd.slice(0, Math.max(0, cut - at)), rnd.slice(Math.max(0, cut - at))];
    const s = customSecret(`${inner.kind} split over two lines`, inner.secret, text, halves);
    s.form = 'curl -H "Authorization: token …⏎…" https://api.example.com/user';
    return s;
  });
}

let shared;

async function fixtures(ctx) {
  const { rng, dir, fak } = ctx;
  const groups = {
    letters: lettersOnly(rng, 24),
    alnum: alnumKeys(rng, 100),
    hex: hexTokens(rng, 10),
    split: splitTokens(rng, 10),
  };
  for (const g of Object.values(groups)) for (const s of g) ctx.plant(s);
  const all = Object.values(groups).flat();
  // The store: one import line per value, then the export.
  const lines = all.map((s, i) => ({
    session: `s-${rng.name(5)}`,
    task: `deploy ${rng.string(LOWER, 6)} ${i}`,
    approach: `ran the login step with ${s.text}`,
    death_reason: `verifier: login refused (${i})`,
  }));
  const file = join(dir, "rows.jsonl");
  writeJsonl(file, lines);
  const db = dbUrl(join(dir, "m.db"));
  const imp = await fak(["memory", "import", file, "--db", db, "--json"], { timeoutMs: 120_000 });
  if (imp.code !== 0) throw new Error(`fak memory import failed: ${brief(imp)}`);
  const exp = await fak(["memory", "export", "--db", db], { timeoutMs: 120_000 });
  if (exp.code !== 0) throw new Error(`fak memory export failed: ${brief(exp)}`);
  // The output boundary: each value in one failing command's output.
  const job = join(dir, "job");
  writeHarborJob(job, {
    jobName: `job-${rng.name(5)}`,
    trials: [
      {
        name: `login-${rng.name(5)}__${rng.name(5)}`,
        reward: 0,
        commands: all.map((s) => ({
          command: "./login.sh",
          exit: 1,
          output: `${s.text}\nerror: 401 Unauthorized\n`,
        })),
      },
    ],
  });
  const ing = await fak(["ingest", "harbor", job, "--json"], { timeoutMs: 120_000 });
  if (ing.code !== 0) throw new Error(`fak ingest failed: ${brief(ing)}`);
  return { groups, store: leakScanner(exp.stdout), ingest: leakScanner(ing.stdout + ing.stderr) };
}

function check(name, group) {
  return {
    name,
    run: async (ctx) => {
      shared ??= fixtures(ctx);
      const f = await shared;
      const values = f.groups[group];
      let found = 0;
      const where = { store: 0, ingest: 0 };
      let first;
      for (const s of values) {
        const inStore = f.store.leak(s);
        const inIngest = f.ingest.leak(s);
        if (inStore) where.store++;
        if (inIngest) where.ingest++;
        if (inStore || inIngest) {
          found++;
          first ??= s;
        }
      }
      return {
        tries: values.length,
        found,
        sample: first
          ? `${found} of ${values.length} kept (store export ${where.store}, ingest --json ${where.ingest}); e.g. ${first.kind}, ${first.length} chars, as \`${first.form}\``
          : "",
      };
    },
  };
}

export default {
  id: 4,
  key: "secret-shapes",
  title: "letters-only, hex-encoded and split secrets",
  checks: [
    check(
      "letters-only values (8-31 letters, no digit) after password:/token/api_key/auth",
      "letters",
    ),
    check("random 12-character alphanumeric keys after a secret's name", "alnum"),
    check("a hex-encoded token", "hex"),
    check("a token split across two lines", "split"),
  ],
};
