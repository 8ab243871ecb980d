import { mkdtemp } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runFak } from "../test-support/run-fak.js";

// A minimal /v1/embeddings endpoint: the vector counts a few words, so "lockfile" and
// "dependency pin" land together; it records what each request carried.
const AXES = [/lock|pin|depend/g, /test|flak/g, /network|timeout/g, /cookie|session/g];
const requests: { auth?: string | undefined; model: string; input: string[] }[] = [];
let server: Server;
let url = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      requests.push({ auth: req.headers.authorization, ...body });
      const data = body.input.map((text, index) => ({
        index,
        embedding: AXES.map((re) => (text.toLowerCase().match(re) ?? []).length + 0.01),
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let db = "";
beforeEach(async () => {
  db = `file:${join(await mkdtemp(join(tmpdir(), "fak-emb-cli-")), "m.db")}`;
  requests.length = 0;
});

const row = (task: string, approach: string, death: string) => [
  "memory",
  "record",
  ...["--session", "s1", "--task", task, "--approach", approach, "--death-reason", death],
  "--db",
  db,
];

describe("fak memory with --embeddings", () => {
  it("sends rows and queries to the endpoint named by the flags, with model and key", async () => {
    const flags = ["--embeddings", url, "--embeddings-model", "m1", "--embeddings-key", "sk-1"];
    const r = await runFak([
      ...row("upgrade deps", "bump the lockfile", "verifier: build breaks"),
      ...flags,
    ]);
    expect(r.status).toBe(0);
    expect(requests).toEqual([
      {
        auth: "Bearer sk-1",
        model: "m1",
        input: ["upgrade deps\nbump the lockfile\nverifier: build breaks"],
        encoding_format: "float",
      },
    ]);
    const s = await runFak(["memory", "search", "dependency pin", "--db", db, "--json", ...flags]);
    expect(s.status).toBe(0);
    expect(s.stderr).toBe("");
    expect(JSON.parse(s.stdout).map((h: { task: string }) => h.task)).toEqual(["upgrade deps"]);
    expect(requests.at(-1)?.input).toEqual(["dependency pin"]);
  });

  it("reads FAK_EMBEDDINGS_URL, _MODEL and _KEY", async () => {
    const env = { FAK_EMBEDDINGS_URL: url, FAK_EMBEDDINGS_MODEL: "m2", FAK_EMBEDDINGS_KEY: "sk-2" };
    const r = await runFak(row("t", "a flaky test retried", "verifier: still flaky"), { env });
    expect(r.status).toBe(0);
    expect(requests.map((q) => [q.model, q.auth])).toEqual([["m2", "Bearer sk-2"]]);
  });

  it("refuses a URL without a model (usage, exit 2) and writes nothing", async () => {
    const r = await runFak([...row("t", "a", "verifier: x"), "--embeddings", url]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      "need a model name: --embeddings-model NAME or FAK_EMBEDDINGS_MODEL",
    );
    const exported = await runFak(["memory", "export", "--db", db]);
    expect(exported.stdout).toBe("");
  });

  it("records and searches lexically, with one notice, when the endpoint is down", async () => {
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, "127.0.0.1", r));
    const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise<void>((r) => gone.close(() => r()));
    const down = ["--embeddings", goneUrl, "--embeddings-model", "m"];
    const r = await runFak([
      ...row("pip install", "default index", "verifier: pip timed out"),
      ...down,
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("new failure:1");
    const s = await runFak(["memory", "search", "pip timed out", "--db", db, ...down]);
    expect(s.status).toBe(0);
    expect(s.stdout).toContain("failure:1");
    expect(s.stderr.trim().split("\n")).toEqual([
      `fak: embeddings unavailable (embeddings endpoint ${goneUrl}/v1/embeddings: connection refused); search is lexical only and new rows are stored without vectors`,
    ]);
  });

  it("gives fak replay --record the endpoint too: its recorded deaths are embedded", async () => {
    const demo = fileURLToPath(
      new URL("../../../replay/examples/suites/demo.json", import.meta.url),
    );
    const flags = ["--embeddings", url, "--embeddings-model", "m3"];
    const r = await runFak(["replay", demo, "--record", "--db", db, "--json", ...flags]);
    expect(r.status).toBe(0);
    const recorded = JSON.parse(r.stdout).recorded as unknown[];
    expect(recorded.length).toBeGreaterThan(0);
    const rowTexts = requests.filter((q) => q.input.some((t) => t.includes("\n")));
    expect(rowTexts.length).toBe(recorded.length);
    expect(new Set(requests.map((q) => q.model))).toEqual(new Set(["m3"]));
  });
});
