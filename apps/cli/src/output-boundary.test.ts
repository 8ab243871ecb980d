import { randomInt } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SECRET_KINDS } from "@fak/memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFak } from "./test-support/run-fak.js";

// The output boundary (issue 18 items 3 and 8): a secret of every kind the scrubber knows,
// fresh each run, planted in two jobs where an agent's text reaches every output (the model
// name, shown in every job label, and an exception message, shown as evidence), and read back
// from every output of ingest, compare and report. A random marker beside the secrets proves
// each field reached the output; the secrets must not.

const examples = fileURLToPath(new URL("../../replay/examples", import.meta.url));

// The fake secrets of @fak/memory's own scrubber tests (one generator per kind it knows), loaded
// by URL: that file lies outside this package's sources.
interface FakeSecret {
  kind: string;
  secret: string;
  text: string;
}
const generators = new URL("../../../packages/memory/test/support/secrets.ts", import.meta.url);
const { fakeSecret, seededRng } = (await import(generators.href)) as {
  fakeSecret: (kind: string, rng: () => number) => FakeSecret;
  seededRng: (seed: number) => () => number;
};
const seed = randomInt(2 ** 31);
const rng = seededRng(seed);
const word = () =>
  Array.from({ length: 10 }, () => "abcdefghjkmnpqrstuvwxyz"[randomInt(23)]).join("");

const planted: FakeSecret[] = SECRET_KINDS.map((kind) => fakeSecret(kind, rng));
const marker = `mk${word()}`;
// What a terminal, an editor or a spreadsheet would act on: 8-bit CSI, OSC, bidi, zero width.
const HOSTILE = "\u009b2J\u001b]0;t\u0007\u202e\u2066\u200b";
const RAW = /[\u001b\u0007\u009b\u202e\u2066\u200b]/;
const oneLine = (t: string) => t.replace(/\r?\n/g, " ");

// A distinctive slice of a secret (its middle): a partial redaction cannot pass either.
function middle(secret: string): string {
  const n = Math.min(12, Math.floor(secret.length / 2));
  const at = Math.floor((secret.length - n) / 2);
  return secret.slice(at, at + n);
}

function leaked(text: string): string[] {
  return planted
    .filter((s) => text.includes(s.secret) || text.includes(middle(s.secret)))
    .map((s) => s.kind);
}

let dir: string;
let a: string;
let b: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-boundary-"));
  a = join(dir, "a");
  b = join(dir, "b");
  for (const [from, to] of [
    ["harbor-job", a],
    ["harbor-job-b", b],
  ] as const) {
    await cp(join(examples, from), to, { recursive: true });
    for (const trial of await readdir(to, { withFileTypes: true })) {
      if (!trial.isDirectory()) continue;
      const file = join(to, trial.name, "result.json");
      const result = JSON.parse(await readFile(file, "utf8"));
      result.agent_info.name = `bot ${marker}${HOSTILE} ${planted.map((s) => oneLine(s.text)).join(" ; ")}`;
      if (result.exception_info) {
        result.exception_info.exception_message = `${marker} ${planted.map((s) => oneLine(s.text)).join(" ; ")}`;
      }
      await writeFile(file, JSON.stringify(result));
    }
  }
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function expectScrubbed(args: string[], files: string[] = []): Promise<void> {
  const r = await runFak(args);
  expect(r.status, r.stderr).toBe(0);
  let text = r.stdout + r.stderr;
  for (const f of files) text += await readFile(f, "utf8");
  expect(text, `${args.join(" ")}: the planted field reached the output`).toContain(marker);
  expect(leaked(text), `${args.join(" ")} (seed ${seed})`).toEqual([]);
  expect(RAW.exec(text)?.[0], `${args.join(" ")}: a raw control or bidi character`).toBeUndefined();
}

describe(`no planted secret of ${SECRET_KINDS.length} kinds leaves fak (seed ${seed})`, () => {
  it("fak ingest: --json, csv, md, jsonl, for people, and every --out file", async () => {
    const out = join(dir, "out");
    await expectScrubbed(["ingest", "harbor", a, "--json", "--out", out]);
    const written = (await readdir(out)).map((f) => join(out, f));
    expect(written.length).toBeGreaterThanOrEqual(5);
    await expectScrubbed(["ingest", "harbor", a], written);
    for (const format of ["csv", "md", "jsonl"]) {
      await expectScrubbed(["ingest", "harbor", a, "--format", format]);
    }
  }, 60_000);

  it("fak compare: --json, for people, and --html", async () => {
    await expectScrubbed(["compare", a, b, "--json"]);
    const html = join(dir, "compare.html");
    await expectScrubbed(["compare", a, b, "--html", html], [html]);
  }, 60_000);

  it("fak report: the HTML file and --json", async () => {
    const html = join(dir, "report.html");
    await expectScrubbed(["report", a, "--compare", b, "--html", html, "--json"], [html]);
  }, 60_000);
});
