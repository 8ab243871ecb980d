import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorLine } from "./errors.js";
import { runFak } from "./test-support/run-fak.js";

const SECRET = "Zq8hunter2WxR7";

// The libSQL client of @fak/memory (not a dependency of the CLI), to make a database fak did not.
type Client = { execute(sql: string): Promise<unknown>; close(): void };
const fromMemory = createRequire(fileURLToPath(import.meta.resolve("@fak/memory")));
const { createClient } = fromMemory("@libsql/client") as {
  createClient(o: { url: string }): Client;
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-errors-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the error printer redacts credentials and drops escape sequences", () => {
  it("an error naming a job folder whose name holds a token, with bidi and escapes", async () => {
    const token = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "x").slice(0, 36)}`;
    const line = await errorLine(
      new Error(`/jobs/nightly-${token}\u202e\x1b]0;x\x07: not a Harbor job`),
    );
    expect(line).not.toContain(token.slice(4, 16));
    expect(line).toContain("[REDACTED:");
    expect(line).toContain("<U+202E>");
    expect(line).not.toMatch(/[\x1b\x07]/);
  });

  it("an error of any kind quoting a URL with a token or a password", async () => {
    const err = new Error(`cannot reach libsql://app:${SECRET}@db.example/?authToken=${SECRET}`, {
      cause: new Error(`upstream said Authorization: Bearer ${SECRET}`),
    });
    const line = await errorLine(err);
    expect(line).not.toContain(SECRET);
    expect(line).toContain("libsql://app:[REDACTED:url_password]@db.example/");
  });

  it("an escape sequence inside a message (a file name from data)", async () => {
    const line = await errorLine(new Error("bad.jsonl\x1b]0;owned\x07\x1b[2J: line 1"));
    expect(line).toBe("bad.jsonl: line 1");
  });

  it("fak memory with a --db token on a database that is not ours (NOT_OURS)", async () => {
    const path = join(dir, "other.db");
    const c = createClient({ url: `file:${path}` });
    await c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)");
    c.close();
    const r = await runFak(["memory", "export", "--db", `file:${path}?authToken=${SECRET}`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("is not a fak failure memory");
    expect(r.stderr).not.toContain(SECRET);
  });

  it("FAK_DB_URL with a password, on a server that does not answer", async () => {
    const r = await runFak(["memory", "export"], {
      env: { FAK_DB_URL: `http://app:${SECRET}@127.0.0.1:9/?authToken=${SECRET}` },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^fak: /);
    expect(r.stderr).not.toContain(SECRET);
  });
});
