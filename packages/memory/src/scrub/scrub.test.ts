import { describe, expect, it } from "vitest";
import {
  fakeSecret,
  NEAR_MISS_GENERATORS,
  nearMisses,
  prose,
  SECRET_GENERATORS,
  seededRng,
  WRAPPERS,
} from "../../test/support/secrets.js";
import { SECRET_KINDS, scrub, scrubReport } from "./scrub.js";

const seeds = Array.from({ length: 40 }, (_, i) => i * 7919 + 17);

// A distinctive slice of the secret: its middle, so a partial redaction cannot pass either.
function middle(secret: string): string {
  const n = Math.min(12, Math.floor(secret.length / 2));
  const at = Math.floor((secret.length - n) / 2);
  return secret.slice(at, at + n);
}

describe("SECRET_KINDS", () => {
  it("has a generator for every kind and a kind for every generator", () => {
    expect([...SECRET_KINDS].sort()).toEqual(Object.keys(SECRET_GENERATORS).sort());
  });

  it("lists each kind once", () => {
    expect(new Set(SECRET_KINDS).size).toBe(SECRET_KINDS.length);
  });
});

describe("scrub: every kind", () => {
  for (const kind of SECRET_KINDS) {
    it(`redacts ${kind} embedded in prose, leaving none of its bytes`, () => {
      for (const seed of seeds) {
        const rng = seededRng(seed);
        const fake = fakeSecret(kind, rng);
        const before = prose(rng);
        const after = prose(rng);
        const out = scrub(`${before} ${fake.text}\n${after}`);
        expect(out).toContain(`[REDACTED:${kind}]`);
        expect(out).not.toContain(fake.secret);
        expect(out).not.toContain(middle(fake.secret));
        expect(out.startsWith(`${before} `)).toBe(true);
        expect(out.endsWith(`\n${after}`)).toBe(true);
      }
    });
  }
});

describe("scrub: every kind, however it is wrapped", () => {
  for (const kind of SECRET_KINDS) {
    it(`redacts ${kind} coloured, JSON-escaped, quoted, bracketed, after name=`, () => {
      WRAPPERS.forEach((wrap, w) => {
        for (const seed of seeds.slice(0, 10)) {
          const fake = fakeSecret(kind, seededRng(seed * 13 + w));
          const out = scrub(wrap(fake.text));
          expect(out, wrap(fake.text)).toContain(`[REDACTED:`);
          expect(out, wrap(fake.text)).not.toContain(fake.secret);
        }
      });
    });
  }
});

describe("scrub: near-misses", () => {
  for (const name of Object.keys(NEAR_MISS_GENERATORS)) {
    it(`keeps ${name} unchanged`, () => {
      for (const seed of seeds) {
        const item = nearMisses(seededRng(seed)).find((n) => n.name === name);
        const text = `${prose(seededRng(seed))}: ${item?.text}`;
        expect(scrub(text)).toBe(text);
      }
    });
  }

  it("keeps a death row with digests, paths and versions intact", () => {
    const row =
      "verifier: test_burst_at_boundary failed at packages/retry/src/campaign.ts:41:7 after " +
      "git checkout 3f786850e387550fdab836ed7e6dc881de23001b (node v20.19.0, state sha256:" +
      "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae, run 123e4567-e89b-12d3-a456-426614174000)";
    expect(scrub(row)).toBe(row);
  });
});

describe("scrub: context", () => {
  it("names the most specific kind when rules overlap", () => {
    const rng = seededRng(5);
    const gh = fakeSecret("github_token", rng).secret;
    expect(scrub(`Authorization: Bearer ${gh}`)).toBe(
      "Authorization: Bearer [REDACTED:github_token]",
    );
    expect(scrub(`GITHUB_TOKEN=${gh}`)).toBe("GITHUB_TOKEN=[REDACTED:github_token]");
  });

  it("covers the whole of a longer secret that contains a shorter one", () => {
    const id = fakeSecret("aws_access_key_id", seededRng(9)).secret;
    const out = scrub(`postgres://app:${id}!x9@db:5432/app`);
    expect(out).toBe("postgres://app:[REDACTED:aws_access_key_id]@db:5432/app");
  });

  it("keeps the key and the quotes of an assignment", () => {
    expect(scrub('{"password": "p4ss-W0rd!", "user": "app"}')).toBe(
      '{"password": "[REDACTED:secret_assignment]", "user": "app"}',
    );
    expect(scrub("export DB_PASSWORD=hunter")).toBe(
      "export DB_PASSWORD=[REDACTED:secret_assignment]",
    );
  });

  it("treats password-like names as secrets whatever the value, token-like ones only when generated", () => {
    expect(scrub("PASSWORD=letmeinplease")).toBe("PASSWORD=[REDACTED:secret_assignment]");
    expect(scrub("password: incorrect")).toBe("password: incorrect");
    // Issue 18 item 4: letters that are not a word are a value, not a name (TOKEN=abcdefghij).
    expect(scrub("token=abcdefgh")).toBe("token=[REDACTED:secret_assignment]");
    expect(scrub("token=expired")).toBe("token=expired");
    expect(scrub("token: accessToken")).toBe("token: accessToken");
    expect(scrub("token=abc123def456")).toBe("token=[REDACTED:secret_assignment]");
  });

  it("redacts near-miss shapes where a secret name vouches for them", () => {
    const rng = seededRng(31);
    const uuid = NEAR_MISS_GENERATORS.uuid?.(rng) ?? "";
    const hex = NEAR_MISS_GENERATORS.md5?.(rng) ?? "";
    expect(scrub(uuid)).toBe(uuid);
    expect(scrub(hex)).toBe(hex);
    expect(scrub(`HEROKU_API_KEY=${uuid}`)).toBe("HEROKU_API_KEY=[REDACTED:secret_assignment]");
    expect(scrub(`TWILIO_AUTH_TOKEN=${hex}`)).toBe(
      "TWILIO_AUTH_TOKEN=[REDACTED:secret_assignment]",
    );
  });

  it("reads JSON-escaped assignments, script variables and client flags", () => {
    expect(scrub('{\\"password\\": \\"hunter2!\\"}')).toBe(
      '{\\"password\\": \\"[REDACTED:secret_assignment]\\"}',
    );
    expect(scrub('$password = "hunter2!"')).toBe('$password = "[REDACTED:secret_assignment]"');
    expect(scrub("mysql -h db -udump -P6001 -pS3cret db")).toBe(
      "mysql -h db -udump -P6001 -p[REDACTED:secret_assignment] db",
    );
    expect(scrub("curl -u deploy:S3cret https://x")).toBe(
      "curl -u deploy:[REDACTED:secret_assignment] https://x",
    );
    expect(scrub("docker login -u ci -p S3cretPw registry.example.com")).toBe(
      "docker login -u ci -p [REDACTED:secret_assignment] registry.example.com",
    );
    expect(scrub("kubectl create secret generic db --from-literal=password=hunter2")).toBe(
      "kubectl create secret generic db --from-literal=password=[REDACTED:secret_assignment]",
    );
    expect(scrub("gcc -pthread -o x main.c")).toBe("gcc -pthread -o x main.c");
  });

  it("leaves code, type annotations, test names and escaped text after a secret-like name alone", () => {
    for (const text of [
      'token = self.get_token()\\n  File \\"/usr/lib/x.py\\"',
      "tokens = tokenizer.encode(text)",
      "def connect(host: str, password: str):",
      "token: Optional[Union[bool, str]] = None",
      '"test_password_authentication": "passed"',
      "PASSED test/test_auth.py::TestBasicAuth::test_header",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal shell default is the point
      'echo "${DB_PASSWORD:-changeme}"',
      "authorized_keys: /home/ci/.ssh/authorized_keys",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });

  it("leaves placeholders alone", () => {
    for (const text of [
      "password=changeme",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder is the point
      "password=${PASSWORD}",
      "DB_PASSWORD=$DB_PASSWORD",
      "token: <your-token>",
      "api_key=xxxx",
      "secret: ********",
      "password: null",
      "client_secret = os.environ.get('CLIENT_SECRET')",
      "postgres://app:password@localhost:5432/app",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder is the point
      "postgres://app:${DB_PASSWORD}@localhost:5432/app",
      "Authorization: Bearer <token>",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });

  it("redacts a private key cut off before its END line, and keeps the prose after it", () => {
    const body = fakeSecret("private_key", seededRng(3)).secret.split(/\n|\\n/)[0] ?? "";
    const out = scrub(
      `stderr tail: -----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n${body}\n(exit 1) then it failed`,
    );
    expect(out).toBe("stderr tail: [REDACTED:private_key](exit 1) then it failed");
  });
});

describe("scrubReport", () => {
  it("reports each redaction with the offset of its marker in the scrubbed text", () => {
    const rng = seededRng(11);
    const text = `a ${fakeSecret("jwt", rng).text} b ${fakeSecret("npm_token", rng).text} c`;
    const report = scrubReport(text);
    expect(report.text).toBe(scrub(text));
    expect(report.findings.map((f) => f.kind)).toEqual(["jwt", "npm_token"]);
    for (const f of report.findings)
      expect(report.text.startsWith(`[REDACTED:${f.kind}]`, f.index)).toBe(true);
  });

  it("reports nothing for clean text and for text already scrubbed", () => {
    expect(scrubReport("all tests passed").findings).toEqual([]);
    const once = scrub(`token ${fakeSecret("slack_token", seededRng(2)).secret}`);
    expect(scrubReport(once)).toEqual({ text: once, findings: [] });
  });
});
