/**
 * Realistic FAKE secrets for tests, one generator per kind of `SECRET_KINDS`, with the real
 * alphabet, length and prefix of that kind, and near-misses that must survive scrubbing.
 * Everything is drawn from a seeded generator: no real credential is ever written down.
 */
import fc from "fast-check";

/** A seeded source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: small, fast, deterministic per seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const DIGITS = "0123456789";
export const ALNUM = UPPER + LOWER + DIGITS;
export const HEX = "0123456789abcdef";
export const BASE64 = `${ALNUM}+/`;
export const BASE64URL = `${ALNUM}-_`;
export const BASE32 = `${UPPER}234567`;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const between = (rng: Rng, lo: number, hi: number): number =>
  lo + Math.floor(rng() * (hi - lo + 1));

/** `n` characters drawn uniformly from `alphabet`. */
export function randomString(rng: Rng, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng() * alphabet.length)];
  return s;
}

// Generated keys mix classes; a draw that happens to lack digits or a case is redrawn, as the
// issuers' own generators effectively never emit one.
function mixed(rng: Rng, alphabet: string, n: number): string {
  for (;;) {
    const s = randomString(rng, alphabet, n);
    if (/[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s)) return s;
  }
}

const b64url = (bytes: Buffer): string => bytes.toString("base64url");
const randomBytes = (rng: Rng, n: number): Buffer =>
  Buffer.from(Array.from({ length: n }, () => Math.floor(rng() * 256)));

/**
 * One fake secret: `secret` is the sensitive part (none of its bytes may survive), `text` is the
 * secret in its natural context (a header, an assignment, a URL), ready to embed in prose.
 */
export interface FakeSecret {
  kind: string;
  secret: string;
  text: string;
}

type Generator = (rng: Rng) => { secret: string; text?: string };

function pemBlock(rng: Rng): { secret: string; text: string } {
  const label = pick(rng, [
    "RSA PRIVATE KEY",
    "EC PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "PRIVATE KEY",
    "ENCRYPTED PRIVATE KEY",
    "DSA PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
  ]);
  const lines = Array.from({ length: between(rng, 3, 12) }, () =>
    randomBytes(rng, 48).toString("base64"),
  );
  const nl = rng() < 0.25 ? "\\n" : "\n";
  const block = [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join(nl);
  // One in four sits in a service-account JSON file, with escaped newlines.
  return {
    secret: lines.join(nl),
    text: nl === "\n" ? block : `{"type": "service_account", "private_key": "${block}\\n"}`,
  };
}

function jwt(rng: Rng): { secret: string } {
  const header = b64url(
    Buffer.from(JSON.stringify({ alg: pick(rng, ["HS256", "RS256", "ES256"]), typ: "JWT" })),
  );
  const payload = b64url(
    Buffer.from(
      JSON.stringify({
        sub: randomString(rng, ALNUM, 12),
        iat: between(rng, 1e9, 2e9),
        role: "user",
      }),
    ),
  );
  return { secret: `${header}.${payload}.${b64url(randomBytes(rng, 32))}` };
}

const passwordChars = `${ALNUM}!#%^&*_+-.~`;
export const BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";
const b64 = (text: string): string => Buffer.from(text).toString("base64");

/**
 * Secrets wrapped in base64, as Kubernetes, Docker and GCP files carry them: `secret` is the
 * base64 run (the scrubber must remove it whole), `text` the line it sits on.
 */
export const ENCODED_SHAPES: readonly ((rng: Rng) => { secret: string; text: string })[] = [
  (rng) => {
    const secret = b64(pemBlock(rng).text);
    return { secret, text: `    client-key-data: ${secret}` };
  },
  (rng) => {
    const secret = b64(pemBlock(rng).text);
    return { secret, text: `  tls.key: ${secret}` };
  },
  (rng) => {
    const user = randomString(rng, LOWER, 6);
    const pw = mixed(rng, ALNUM, between(rng, 16, 40));
    const auths = {
      auths: {
        [`${randomString(rng, LOWER, 5)}.io`]: {
          username: user,
          password: pw,
          auth: b64(`${user}:${pw}`),
        },
      },
    };
    const secret = b64(JSON.stringify(auths));
    return { secret, text: `  .dockerconfigjson: ${secret}` };
  },
  (rng) => {
    const account = {
      type: "service_account",
      project_id: `proj-${randomString(rng, LOWER, 6)}`,
      private_key_id: randomString(rng, HEX, 40),
      private_key: pemBlock(rng)
        .text.replace(/-----BEGIN [A-Z ]+-----/, "-----BEGIN PRIVATE KEY-----")
        .replace(/-----END [A-Z ]+-----/, "-----END PRIVATE KEY-----"),
      client_email: `svc@proj.iam.gserviceaccount.com`,
    };
    const secret = b64(JSON.stringify(account, null, 2));
    return { secret, text: `  key.json: ${secret}` };
  },
  (rng) => {
    const secret = b64(`ghp_${mixed(rng, ALNUM, 36)}`);
    return { secret, text: `echo ${secret} | base64 -d` };
  },
  (rng) => {
    const secret = b64(`${pick(rng, ["AKIA", "ASIA"])}${randomString(rng, BASE32, 16)}`);
    return { secret, text: `  aws_access_key_id: ${secret}` };
  },
];

/** Generators per kind; each returns the secret and, where the kind needs one, its context. */
export const SECRET_GENERATORS: Readonly<Record<string, Generator>> = {
  private_key: pemBlock,
  jwt,
  github_token: (rng) => ({
    secret:
      rng() < 0.8
        ? `${pick(rng, ["ghp", "gho", "ghu", "ghs", "ghr"])}_${mixed(rng, ALNUM, 36)}`
        : `github_pat_${mixed(rng, ALNUM, 22)}_${mixed(rng, ALNUM, 59)}`,
  }),
  gitlab_token: (rng) => ({ secret: `glpat-${mixed(rng, ALNUM, 20)}` }),
  npm_token: (rng) => ({ secret: `npm_${mixed(rng, ALNUM, 36)}` }),
  pypi_token: (rng) => ({
    secret: `pypi-AgEIcHlwaS5vcmc${randomString(rng, BASE64URL, between(rng, 60, 160))}`,
  }),
  huggingface_token: (rng) => ({ secret: `hf_${mixed(rng, ALNUM, 34)}` }),
  slack_webhook: (rng) => ({
    secret: `https://hooks.slack.com/services/T${randomString(rng, UPPER + DIGITS, 8)}/B${randomString(rng, UPPER + DIGITS, 10)}/${mixed(rng, ALNUM, 24)}`,
  }),
  slack_token: (rng) =>
    rng() < 0.75
      ? {
          secret: `${pick(rng, ["xoxb", "xoxp", "xoxa"])}-${randomString(rng, DIGITS, 12)}-${randomString(rng, DIGITS, 13)}-${mixed(rng, ALNUM, 24)}`,
        }
      : {
          secret: `xapp-1-A${randomString(rng, UPPER + DIGITS, 10)}-${randomString(rng, DIGITS, 13)}-${randomString(rng, HEX, 64)}`,
        },
  stripe_key: (rng) => ({
    secret: `${pick(rng, ["sk_live", "rk_live", "sk_test"])}_${mixed(rng, ALNUM, between(rng, 24, 99))}`,
  }),
  anthropic_api_key: (rng) => ({ secret: `sk-ant-api03-${mixed(rng, BASE64URL, 93)}AA` }),
  openai_api_key: (rng) => ({
    secret:
      rng() < 0.5
        ? `sk-proj-${mixed(rng, BASE64URL, between(rng, 48, 156))}`
        : `sk-${mixed(rng, ALNUM, 20)}T3BlbkFJ${mixed(rng, ALNUM, 20)}`,
  }),
  sendgrid_api_key: (rng) => ({
    secret: `SG.${mixed(rng, BASE64URL, 22)}.${mixed(rng, BASE64URL, 43)}`,
  }),
  twilio_api_key: (rng) => ({ secret: `SK${randomString(rng, HEX, 32)}` }),
  shopify_token: (rng) => ({
    secret: `${pick(rng, ["shpat", "shpca", "shppa", "shpss"])}_${randomString(rng, HEX, 32)}`,
  }),
  mailgun_api_key: (rng) => ({ secret: `key-${randomString(rng, HEX, 32)}` }),
  aws_access_key_id: (rng) => ({
    secret: `${pick(rng, ["AKIA", "ASIA"])}${randomString(rng, BASE32, 16)}`,
  }),
  aws_secret_access_key: (rng) => {
    const secret = mixed(rng, `${ALNUM}/+`, 40);
    return {
      secret,
      text: pick(rng, [
        `aws_secret_access_key = ${secret}`,
        `"SecretAccessKey": "${secret}"`,
        `AWS_SECRET_ACCESS_KEY=${secret}`,
      ]),
    };
  },
  gcp_api_key: (rng) => ({ secret: `AIza${mixed(rng, BASE64URL, 35)}` }),
  google_oauth_token: (rng) => ({
    secret:
      rng() < 0.7
        ? `ya29.${mixed(rng, BASE64URL, between(rng, 100, 200))}`
        : `1//0${mixed(rng, BASE64URL, 98)}`,
  }),
  azure_account_key: (rng) => {
    const secret = `${mixed(rng, BASE64, 86)}==`;
    return {
      secret,
      text: `DefaultEndpointsProtocol=https;AccountName=acct${randomString(rng, DIGITS, 4)};AccountKey=${secret};EndpointSuffix=core.windows.net`,
    };
  },
  azure_sas_token: (rng) => {
    const secret = `${mixed(rng, ALNUM, 43)}%3D`;
    return {
      secret,
      text: `https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=${secret}`,
    };
  },
  digitalocean_token: (rng) => ({
    secret: `${pick(rng, ["dop", "doo", "dor"])}_v1_${randomString(rng, HEX, 64)}`,
  }),
  heroku_api_key: (rng) => ({ secret: `HRKU-AA${mixed(rng, BASE64URL, 58)}` }),
  url_password: (rng) => {
    const secret = mixed(rng, passwordChars, between(rng, 12, 28));
    const scheme = pick(rng, [
      "postgres",
      "postgresql",
      "mysql",
      "mongodb+srv",
      "redis",
      "amqp",
      "https",
    ]);
    return {
      secret,
      text: `${scheme}://${randomString(rng, LOWER, 6)}:${secret}@db-${randomString(rng, LOWER, 4)}.internal:5432/app`,
    };
  },
  connection_password: (rng) => {
    const secret = mixed(rng, passwordChars, between(rng, 12, 28));
    return {
      secret,
      text: `Server=tcp:db.example.net,1433;Database=app;User ID=app;Password=${secret};Encrypt=true;`,
    };
  },
  bearer_token: (rng) => {
    const secret = mixed(rng, `${ALNUM}-._~`, between(rng, 24, 64));
    return {
      secret,
      text: pick(rng, [
        `Authorization: Bearer ${secret}`,
        `curl -H "Authorization: token ${secret}"`,
        `authorization=Bearer ${secret}`,
        `AUTHORIZATION: Basic ${secret}`,
        `PROXY-AUTHORIZATION: Bearer ${secret}`,
      ]),
    };
  },
  secret_assignment: (rng) => {
    const secret = mixed(rng, passwordChars, between(rng, 10, 30));
    return {
      secret,
      text: pick(rng, [
        `export DB_PASSWORD=${secret}`,
        `password: "${secret}"`,
        `"client_secret": "${secret}"`,
        `API_KEY=${secret}`,
        `mysql --password '${secret}'`,
        `passwd='${secret}'`,
        `auth_token = "${secret}"`,
        `curl -u deploy:${secret} https://artifacts.example.com/upload`,
        `//registry.npmjs.org/:_authToken=${secret}`,
        `{\\"db_password\\": \\"${secret}\\"}`,
        `$password = "${secret}"`,
        `mysql -h db -uroot -p'${secret}' app`,
        `DB_PASS=${secret}`,
        `SMTP_PASS: "${secret}"`,
        `curl --user=deploy:${secret} https://artifacts.example.com/upload`,
        `machine api.example.com login bot password ${secret}`,
        `echo '${secret}' | docker login -u bot --password-stdin ghcr.io`,
      ]),
    };
  },
  high_entropy: (rng) => ({ secret: mixed(rng, BASE64, between(rng, 32, 88)) }),
  age_secret_key: (rng) => ({ secret: `AGE-SECRET-KEY-1${randomString(rng, BECH32, 58)}` }),
  encoded_secret: (rng) => {
    const shape = pick(rng, ENCODED_SHAPES);
    return shape(rng);
  },
};

/** A fake secret of `kind` drawn from `rng`. */
export function fakeSecret(kind: string, rng: Rng): FakeSecret {
  const generate = SECRET_GENERATORS[kind];
  if (generate === undefined) throw new Error(`no generator for secret kind ${kind}`);
  const { secret, text } = generate(rng);
  return { kind, secret, text: text ?? secret };
}

/** fast-check arbitrary of fake secrets of `kind` (any kind when omitted). */
export function arbitrarySecret(kind?: string): fc.Arbitrary<FakeSecret> {
  const kinds = kind === undefined ? Object.keys(SECRET_GENERATORS) : [kind];
  return fc
    .tuple(fc.constantFrom(...kinds), fc.integer())
    .map(([k, seed]) => fakeSecret(k, seededRng(seed)));
}

const words = [
  "the",
  "build",
  "failed",
  "because",
  "test",
  "runner",
  "could",
  "not",
  "find",
  "module",
  "after",
  "retry",
  "timeout",
  "while",
  "installing",
  "package",
  "cache",
  "server",
  "returned",
  "error",
];

/**
 * Ways a secret reaches a death row: coloured by a terminal, inside a JSON string, quoted,
 * bracketed, after `name=`, at the end of a CRLF line.
 */
export const WRAPPERS: readonly ((text: string) => string)[] = [
  (t) => `\x1b[31m${t}\x1b[0m`,
  (t) => `{"stderr": ${JSON.stringify(t)}}`,
  (t) => `(${t})`,
  (t) => `"${t}"`,
  (t) => `'${t}',`,
  (t) => `[${t}]`,
  (t) => `<${t}>`,
  (t) => `\`${t}\``,
  (t) => `stderr=${t}`,
  (t) => `error: ${t}: denied`,
  (t) => `${t}.\r\n`,
];

/** A plausible line of prose to put around a secret. */
export function prose(rng: Rng, n = between(rng, 3, 10)): string {
  return Array.from({ length: n }, () => pick(rng, words)).join(" ");
}

/** Near-misses that look a little like secrets and must come out of `scrub` unchanged. */
export const NEAR_MISS_GENERATORS: Readonly<Record<string, (rng: Rng) => string>> = {
  git_commit: (rng) => `commit ${randomString(rng, HEX, 40)}`,
  short_commit: (rng) => `HEAD is now at ${randomString(rng, HEX, 7)} fix the flaky test`,
  md5: (rng) => randomString(rng, HEX, 32),
  sha1: (rng) => randomString(rng, HEX, 40),
  sha256: (rng) => randomString(rng, HEX, 64),
  sha512: (rng) => randomString(rng, HEX, 128),
  upper_hex_digest: (rng) => randomString(rng, HEX, 64).toUpperCase(),
  state_hash: (rng) => `"state_hash": "sha256:${randomString(rng, HEX, 64)}"`,
  docker_digest: (rng) => `ghcr.io/org/image@sha256:${randomString(rng, HEX, 64)}`,
  sri_integrity: (rng) => `"integrity": "sha512-${randomBytes(rng, 64).toString("base64")}"`,
  go_sum: (rng) => `golang.org/x/text v0.14.0 h1:${randomBytes(rng, 32).toString("base64")}`,
  ssh_public_key: (rng) =>
    `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${randomBytes(rng, 32).toString("base64").replace(/=+$/, "")} ci@runner`,
  pod_name: (rng) =>
    `pods/${pick(rng, words)}-deployment-${randomString(rng, HEX, 10)}-${randomString(rng, LOWER, 5)}`,
  kebab_id: (rng) =>
    `g-cmd-${pick(rng, words)}-e${between(rng, 1000, 9999)}-${pick(rng, words)}-two-versions`,
  uuid_path: (rng) => {
    const h = randomString(rng, HEX, 32);
    return `/home/runner/work/_temp/${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  },
  repo_path: () => "https://github.com/acme-tools/acme-cli/pull/42",
  alphabet: () =>
    "tesseract --psm 6 -c tessedit_char_whitelist=0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  ansi_colour: (rng) =>
    `\x1b[31mFAILED\x1b[0m ${pick(rng, words)}_${pick(rng, words)} \x1b[1m(exit 1)\x1b[22m`,
  tool_use_id: (rng) => `"tool_use_id": "toolu_01${mixed(rng, ALNUM, 22)}"`,
  trial_name: (rng) => `${pick(rng, words)}-with-${pick(rng, words)}__${mixed(rng, ALNUM, 7)}`,
  wheel: (rng) =>
    `charset_normalizer-3.4.${between(rng, 0, 9)}-cp313-cp313-manylinux2014_x86_64.whl`,
  cache_path: (rng) => `/root/.cache/uv/archive-v0/${mixed(rng, ALNUM, 21)}/bin/python`,
  uuid: (rng) => {
    const h = randomString(rng, HEX, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
  },
  base64_text: (rng) => Buffer.from(`${prose(rng, between(rng, 6, 14))}.`).toString("base64"),
  path: (rng) =>
    `/home/runner/work/${pick(rng, ["MyProj2", "fak", "App"])}/src/${pick(rng, words)}/${pick(rng, ["Foo1Bar", "index", "retryPolicy"])}.ts:${between(rng, 1, 400)}:${between(rng, 1, 80)}`,
  url: (rng) =>
    `https://registry.npmjs.org/@scope/${pick(rng, words)}-${pick(rng, words)}/-/pkg-${between(rng, 0, 9)}.${between(rng, 0, 20)}.${between(rng, 0, 20)}.tgz?cache=${pick(rng, words)}`,
  url_with_user: (rng) => `ssh://git@github.com:22/${pick(rng, words)}/${pick(rng, words)}.git`,
  url_with_port: (rng) => `http://localhost:${between(rng, 1024, 65535)}/api/v1/health`,
  version: (rng) =>
    `v${between(rng, 0, 20)}.${between(rng, 0, 99)}.${between(rng, 0, 999)}-beta.${between(rng, 0, 9)}+build.${between(rng, 100, 9999)}`,
  identifier: (rng) =>
    `test_${pick(rng, words)}_${pick(rng, words)}_at_${pick(rng, ["boundary", "limit", "edge"])}`,
  camel_identifier: (rng) =>
    `${pick(rng, ["Abstract", "Default", "Cached"])}${pick(rng, ["Singleton", "Retry", "Package"])}${pick(rng, ["Proxy", "Factory", "Handler"])}Bean${between(rng, 1, 9)}`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder is the point
  placeholder_env: () => "password=${PASSWORD}",
  placeholder_default: () => "password=changeme",
  placeholder_angle: () => "api_key: <your-token>",
  placeholder_mask: () => "token=xxxxxxxxxxxx and secret: ********",
  placeholder_code: () => 'api_key = os.environ["OPENAI_API_KEY"]',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder is the point
  placeholder_template: () => "token: ${{ secrets.GITHUB_TOKEN }}",
  token_counts: (rng) => `max_tokens: ${between(rng, 100, 9999)}, tokenizer: porter, author: Jane`,
  prose_password: () => "password authentication failed for user app; password: incorrect",
  bearer_prose: () => "Bearer authentication failed with 401",
};

/** One near-miss of every shape, drawn from `rng`. */
export function nearMisses(rng: Rng): { name: string; text: string }[] {
  return Object.entries(NEAR_MISS_GENERATORS).map(([name, generate]) => ({
    name,
    text: generate(rng),
  }));
}
