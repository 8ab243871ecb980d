import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, describe, expect, it } from "vitest";
import {
  ALNUM,
  BASE32,
  BECH32,
  ENCODED_SHAPES,
  HEX,
  LOWER,
  randomString,
  seededRng,
} from "../../test/support/secrets.js";
import { scrub, scrubReport } from "./scrub.js";

// The gaps a red-team pass found (issue 11, item 2), each as a class: many random values per
// shape, every byte of the value gone. Values are drawn from a seeded generator: none is real.
const rng = seededRng(11);
let tried = 0;
afterAll(() => reportFigure("scrub-gaps (generated values per gap)", { valuesTried: tried }));
const value = () => `${randomString(rng, ALNUM, 14)}9aZ`;
const letters = () => randomString(rng, LOWER, 14);
const b64 = (s: string) => Buffer.from(s).toString("base64");
const pem = () =>
  `-----BEGIN RSA PRIVATE KEY-----\n${b64(randomString(rng, ALNUM, 60))}\n${b64(randomString(rng, ALNUM, 60))}\n-----END RSA PRIVATE KEY-----\n`;

const shapes: Record<string, (v: string) => string> = {
  "NAME_PASS=": (v) => `export ${randomString(rng, "ABCDEFGHIJ", 4)}_PASS=${v}`,
  "name.pass: ": (v) => `smtp.pass: ${v}`,
  "dbPass=": (v) => `dbPass=${v}`,
  "AUTHORIZATION: Basic": (v) => `AUTHORIZATION: Basic ${v}`,
  "PROXY-AUTHORIZATION: Bearer": (v) => `PROXY-AUTHORIZATION: Bearer ${v}`,
  "proxy-authorization: token": (v) => `proxy-authorization: token ${v}`,
  "curl --user=u:p": (v) => `curl --user=deploy:${v} https://h/x`,
  "curl --proxy-user=u:p": (v) => `curl --proxy-user=proxy:${v} https://h/x`,
  ".netrc on one line": (v) => `machine api.example.com login bot password ${v}`,
  ".netrc on several lines": (v) => `machine git.example.com\n  login ci\n  password ${v}\n`,
  ".pgpass line": (v) => `db.example.com:5432:appdb:app:${v}`,
  ".pgpass line, any port": (v) => `localhost:*:*:postgres:${v}\n`,
  "echo | --password-stdin": (v) => `echo '${v}' | docker login -u bot --password-stdin ghcr.io`,
  "printf | --password-stdin": (v) =>
    `printf '%s' "${v}" | helm registry login r.io --username u --password-stdin`,
  "URL-encoded URL password": (v) => `next=https%3A%2F%2Fapp%3A${v}%40db.example%2Fx`,
  "URL password with escapes": (v) => `https://app:p%40ss%21${v}@db.example/x`,
  "letters after password:": () => `password: ${letters()}`,
  "letters after api_key:": () => `api_key: ${letters()}${letters()}`,
  "token split by ANSI": (v) =>
    `token ghp_${v.slice(0, 9)}\x1b[0m${v.slice(9)}${"a1B2c3D4e5F6g7H8i9J0".slice(0, 19)}`,
  "SAS sig, JSON-escaped": (v) =>
    `{"url": "https://a.blob.core.windows.net/c?sv=2022-11-02\\u0026sig=${v}${v}%2B%3D"}`,
  "SAS sig, URL-encoded": (v) =>
    `u=https%3A%2F%2Fa.blob.core.windows.net%2Fc%3Fsv%3D2022%26sig%3D${v}${v}`,
};

describe("each gap, many values each", () => {
  for (const [shape, make] of Object.entries(shapes)) {
    it(shape, () => {
      for (let i = 0; i < 50; i++) {
        const v = value();
        const text = make(v);
        const secret = shape.startsWith("letters") ? (text.split(": ")[1] ?? "") : v.slice(2, 12);
        const out = scrub(text);
        tried++;
        expect(out, text).not.toContain(secret);
        expect(out).toContain("[REDACTED:");
      }
    });
  }

  it("AGE-SECRET-KEY-1...", () => {
    for (let i = 0; i < 50; i++) {
      const key = `AGE-SECRET-KEY-1${randomString(rng, BECH32, 58)}`;
      expect(scrub(`# created: 2026\n${key}\n`)).toBe(
        "# created: 2026\n[REDACTED:age_secret_key]\n",
      );
    }
  });

  it("base64-wrapped secrets: kubeconfig, tls.key, .dockerconfigjson, GCP, GitHub, AWS", () => {
    for (const shape of ENCODED_SHAPES) {
      for (let i = 0; i < 20; i++) {
        const { secret, text } = shape(rng);
        const out = scrub(text);
        tried++;
        expect(out, text).not.toContain(secret.slice(8, 40));
        expect(out).toContain("[REDACTED:");
      }
    }
    const gh = b64(`ghp_${randomString(rng, ALNUM, 36)}`);
    expect(scrubReport(`blob ${gh} end`).findings.map((f) => f.kind)).toEqual(["encoded_secret"]);
    const aws = b64(`AKIA${randomString(rng, BASE32, 16)}`);
    expect(scrub(`blob ${aws} end`)).toBe("blob [REDACTED:encoded_secret] end");
    expect(scrub(`  tls.key: ${b64(pem())}`)).toBe("  tls.key: [REDACTED:encoded_secret]");
  });
});

describe("near-misses stay as they are", () => {
  const kept = [
    `commit ${randomString(rng, HEX, 40)}`,
    `sha256:${randomString(rng, HEX, 64)}`,
    "id 123e4567-e89b-12d3-a456-426614174000",
    `config: ${b64("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-settings\n")}`,
    `motd: ${b64("The quick brown fox jumps over the lazy dog, twice over.")}`,
    "password: incorrect",
    "error: password: required",
    "pass_rate=0.5 bypass=1 compass=north",
    "12:30:45:67:89",
    "fe80::1:2:3:4",
    "2026-01-15T09:30:00Z job finished",
    "the machine went down before login; password reset needed",
    "echo $TOKEN | docker login -u bot --password-stdin ghcr.io",
    "curl --user=$USER:$PASS https://h/x",
    "AUTHORIZATION: Bearer <your-token>",
    "see https://example.com/search?q=100%25+done&page=2",
    "Unpacking .../libxauth6_1%3a2.0.3-1_arm64.deb ...",
  ];
  for (const text of kept) it(JSON.stringify(text), () => expect(scrub(text)).toBe(text));
});
