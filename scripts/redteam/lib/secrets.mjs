// Fake secrets of every kind fak's scrubber knows (the shapes of
// packages/memory/src/test-support/secrets.ts: real alphabets, lengths and prefixes), drawn
// fresh from the run's random stream. Nothing here is a real credential.
//
// Each secret carries `parts`, the random parts it was made of. Output leaks a secret when it
// shows 10 random characters of it in a row (or a whole random part of 8 or 9): the kind's
// fixed prefix alone (`ghp_`, `AKIA`) never counts. `needles` (each part, long ones by their
// first and last 24 characters) are what samples mask before printing.

import { ALNUM, BASE32, BASE64, BASE64URL, BECH32, DIGITS, HEX, LOWER, UPPER } from "./rng.mjs";

const passwordChars = `${ALNUM}!#%^&*_+-.~`;
const b64 = (text) => Buffer.from(text).toString("base64");

function pem(rng, parts) {
  const label = rng.pick([
    "RSA PRIVATE KEY",
    "EC PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
  ]);
  const lines = Array.from({ length: rng.int(3, 8) }, () => rng.bytes(48).toString("base64"));
  for (const l of lines) parts.push(l);
  return { label, lines, block: [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`] };
}

/** Generators per kind: `(rng, parts) => { secret, text? }`; push every random part to `parts`. */
const GENERATORS = {
  private_key: (rng, parts) => {
    const p = pem(rng, parts);
    return { secret: p.lines.join("\n"), text: p.block.join("\n") };
  },
  jwt: (rng, parts) => {
    const sub = rng.string(ALNUM, 12);
    const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({ sub, iat: rng.int(1e9, 2e9), role: "user" }),
    ).toString("base64url");
    const sig = rng.bytes(32).toString("base64url");
    parts.push(payload, sig);
    return { secret: `${header}.${payload}.${sig}` };
  },
  github_token: (rng, parts) => {
    const body = rng.mixed(ALNUM, 36);
    parts.push(body);
    return { secret: `${rng.pick(["ghp", "gho", "ghu", "ghs", "ghr"])}_${body}` };
  },
  github_pat: (rng, parts) => {
    const a = rng.mixed(ALNUM, 22);
    const b = rng.mixed(ALNUM, 59);
    parts.push(a, b);
    return { secret: `github_pat_${a}_${b}` };
  },
  gitlab_token: (rng, parts) => {
    const body = rng.mixed(ALNUM, 20);
    parts.push(body);
    return { secret: `glpat-${body}` };
  },
  npm_token: (rng, parts) => {
    const body = rng.mixed(ALNUM, 36);
    parts.push(body);
    return { secret: `npm_${body}` };
  },
  pypi_token: (rng, parts) => {
    const body = rng.string(BASE64URL, rng.int(60, 120));
    parts.push(body);
    return { secret: `pypi-AgEIcHlwaS5vcmc${body}` };
  },
  huggingface_token: (rng, parts) => {
    const body = rng.mixed(ALNUM, 34);
    parts.push(body);
    return { secret: `hf_${body}` };
  },
  slack_webhook: (rng, parts) => {
    const t = rng.string(UPPER + DIGITS, 8);
    const b = rng.string(UPPER + DIGITS, 10);
    const key = rng.mixed(ALNUM, 24);
    parts.push(key);
    return { secret: `https://hooks.slack.com/services/T${t}/B${b}/${key}` };
  },
  slack_token: (rng, parts) => {
    const key = rng.mixed(ALNUM, 24);
    parts.push(key);
    return {
      secret: `${rng.pick(["xoxb", "xoxp"])}-${rng.string(DIGITS, 12)}-${rng.string(DIGITS, 13)}-${key}`,
    };
  },
  stripe_key: (rng, parts) => {
    const body = rng.mixed(ALNUM, rng.int(24, 60));
    parts.push(body);
    return { secret: `${rng.pick(["sk_live", "rk_live"])}_${body}` };
  },
  anthropic_api_key: (rng, parts) => {
    const body = rng.mixed(BASE64URL, 93);
    parts.push(body);
    return { secret: `sk-ant-api03-${body}AA` };
  },
  openai_api_key: (rng, parts) => {
    const body = rng.mixed(BASE64URL, rng.int(48, 120));
    parts.push(body);
    return { secret: `sk-proj-${body}` };
  },
  sendgrid_api_key: (rng, parts) => {
    const a = rng.mixed(BASE64URL, 22);
    const b = rng.mixed(BASE64URL, 43);
    parts.push(a, b);
    return { secret: `SG.${a}.${b}` };
  },
  twilio_api_key: (rng, parts) => {
    const body = rng.string(HEX, 32);
    parts.push(body);
    return { secret: `SK${body}` };
  },
  shopify_token: (rng, parts) => {
    const body = rng.string(HEX, 32);
    parts.push(body);
    return { secret: `${rng.pick(["shpat", "shpca", "shppa", "shpss"])}_${body}` };
  },
  mailgun_api_key: (rng, parts) => {
    const body = rng.string(HEX, 32);
    parts.push(body);
    return { secret: `key-${body}` };
  },
  aws_access_key_id: (rng, parts) => {
    const body = rng.string(BASE32, 16);
    parts.push(body);
    return { secret: `${rng.pick(["AKIA", "ASIA"])}${body}` };
  },
  aws_secret_access_key: (rng, parts) => {
    const secret = rng.mixed(`${ALNUM}/+`, 40);
    parts.push(secret);
    return {
      secret,
      text: rng.pick([
        `aws_secret_access_key = ${secret}`,
        `"SecretAccessKey": "${secret}"`,
        `AWS_SECRET_ACCESS_KEY=${secret}`,
      ]),
    };
  },
  gcp_api_key: (rng, parts) => {
    const body = rng.mixed(BASE64URL, 35);
    parts.push(body);
    return { secret: `AIza${body}` };
  },
  google_oauth_token: (rng, parts) => {
    const body = rng.mixed(BASE64URL, rng.int(100, 160));
    parts.push(body);
    return { secret: `ya29.${body}` };
  },
  azure_account_key: (rng, parts) => {
    const key = rng.mixed(BASE64, 86);
    parts.push(key);
    const secret = `${key}==`;
    return {
      secret,
      text: `DefaultEndpointsProtocol=https;AccountName=acct${rng.string(DIGITS, 4)};AccountKey=${secret};EndpointSuffix=core.windows.net`,
    };
  },
  azure_sas_token: (rng, parts) => {
    const sig = rng.mixed(ALNUM, 43);
    parts.push(sig);
    return {
      secret: `${sig}%3D`,
      text: `https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=${sig}%3D`,
    };
  },
  digitalocean_token: (rng, parts) => {
    const body = rng.string(HEX, 64);
    parts.push(body);
    return { secret: `${rng.pick(["dop", "doo", "dor"])}_v1_${body}` };
  },
  heroku_api_key: (rng, parts) => {
    const body = rng.mixed(BASE64URL, 58);
    parts.push(body);
    return { secret: `HRKU-AA${body}` };
  },
  url_password: (rng, parts) => {
    const secret = rng.mixed(passwordChars, rng.int(14, 28));
    parts.push(secret);
    const scheme = rng.pick(["postgres", "mysql", "mongodb+srv", "redis", "amqp", "https"]);
    return {
      secret,
      text: `${scheme}://${rng.string(LOWER, 6)}:${secret}@db-${rng.string(LOWER, 4)}.internal:5432/app`,
    };
  },
  connection_password: (rng, parts) => {
    const secret = rng.mixed(passwordChars, rng.int(14, 28));
    parts.push(secret);
    return {
      secret,
      text: `Server=tcp:db.example.net,1433;Database=app;User ID=app;Password=${secret};Encrypt=true;`,
    };
  },
  bearer_token: (rng, parts) => {
    const secret = rng.mixed(`${ALNUM}-._~`, rng.int(28, 64));
    parts.push(secret);
    return {
      secret,
      text: rng.pick([
        `Authorization: Bearer ${secret}`,
        `curl -H "Authorization: token ${secret}"`,
        `PROXY-AUTHORIZATION: Bearer ${secret}`,
      ]),
    };
  },
  secret_assignment: (rng, parts) => {
    const secret = rng.mixed(passwordChars, rng.int(14, 30));
    parts.push(secret);
    return {
      secret,
      text: rng.pick([
        `export DB_PASSWORD=${secret}`,
        `password: "${secret}"`,
        `"client_secret": "${secret}"`,
        `API_KEY=${secret}`,
        `mysql --password '${secret}'`,
        `auth_token = "${secret}"`,
        `curl -u deploy:${secret} https://artifacts.example.com/upload`,
        `DB_PASS=${secret}`,
        `machine api.example.com login bot password ${secret}`,
      ]),
    };
  },
  high_entropy: (rng, parts) => {
    const secret = rng.mixed(BASE64, rng.int(40, 88));
    parts.push(secret);
    return { secret };
  },
  age_secret_key: (rng, parts) => {
    const body = rng.string(BECH32, 58);
    parts.push(body);
    return { secret: `AGE-SECRET-KEY-1${body}` };
  },
  encoded_secret: (rng, parts) => {
    const body = rng.mixed(ALNUM, 36);
    const secret = b64(`ghp_${body}`);
    parts.push(secret);
    return { secret, text: `echo ${secret} | base64 -d` };
  },
  kubeconfig_key: (rng, parts) => {
    const inner = [];
    const secret = b64(pem(rng, inner).block.join("\n"));
    parts.push(secret);
    return { secret, text: `    client-key-data: ${secret}` };
  },
  dockerconfigjson: (rng, parts) => {
    const user = rng.string(LOWER, 6);
    const pw = rng.mixed(ALNUM, rng.int(16, 40));
    const auths = {
      auths: { [`${rng.string(LOWER, 5)}.io`]: { username: user, password: pw } },
    };
    const secret = b64(JSON.stringify(auths));
    parts.push(secret);
    return { secret, text: `  .dockerconfigjson: ${secret}` };
  },
};

/** Every kind this module can plant. */
export const SECRET_KINDS = Object.keys(GENERATORS);

/** The random parts worth searching for: 8+ characters, long ones by both ends. */
function needlesOf(parts) {
  const out = new Set();
  for (const p of parts) {
    if (p.length < 8) continue;
    if (p.length <= 24) out.add(p);
    else {
      out.add(p.slice(0, 24));
      out.add(p.slice(-24));
    }
  }
  return [...out];
}

/**
 * One fake secret of `kind`: `secret` (the sensitive part), `text` (it in its natural
 * context, one line or a PEM block), `needles` (what a leak would show).
 */
export function fakeSecret(rng, kind) {
  const parts = [];
  const { secret, text } = GENERATORS[kind](rng, parts);
  return {
    kind,
    secret,
    text: text ?? secret,
    parts,
    needles: needlesOf(parts),
    length: secret.length,
  };
}

/** A made-up secret from its parts, for shapes the generators above do not cover. */
export function customSecret(kind, secret, text, parts = [secret]) {
  return { kind, secret, text, parts, needles: needlesOf(parts), length: secret.length };
}

const entities = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#47": "/" };

/** `text` with HTML entities and JSON escapes decoded, so an escaped secret still counts. */
export function decodedViews(text) {
  const views = [text];
  const html = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e) => {
    if (e[0] === "#") {
      const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) ? String.fromCodePoint(n) : m;
    }
    return entities[e.toLowerCase()] ?? m;
  });
  if (html !== text) views.push(html);
  const json = text.replace(/\\(u[0-9a-fA-F]{4}|[nrt/"\\])/g, (m, e) => {
    if (e[0] === "u") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return { n: "\n", r: "\r", t: "\t", "/": "/", '"': '"', "\\": "\\" }[e] ?? m;
  });
  if (json !== text) views.push(json);
  return views;
}

/**
 * A scanner over one output: `leak(secret)` is the piece of the secret it shows (10 random
 * characters in a row, or a whole random part of 8 or 9), or null. Views with HTML entities
 * and JSON escapes decoded are scanned too, all case-folded (a secret printed in lower case,
 * as some evidence lines are, is still shown: hex and lower-case tokens lose nothing).
 */
export function leakScanner(output) {
  const views = decodedViews(String(output)).map((v) => v.toLowerCase());
  const W = 10;
  let windows;
  const inView = (piece) => {
    if (piece.length !== W) return views.some((v) => v.includes(piece));
    if (!windows) {
      windows = new Set();
      for (const v of views) for (let i = 0; i + W <= v.length; i++) windows.add(v.slice(i, i + W));
    }
    return windows.has(piece);
  };
  return {
    leak(secret) {
      for (const part of secret.parts) {
        if (part.length < 8) continue;
        if (part.length < W) {
          if (inView(part.toLowerCase())) return part;
          continue;
        }
        for (let i = 0; i + W <= part.length; i++) {
          const piece = part.slice(i, i + W);
          if (inView(piece.toLowerCase())) return piece;
        }
      }
      return null;
    },
  };
}
