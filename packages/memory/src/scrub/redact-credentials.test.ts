import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/backends.js";
import { MemoryInputError, MemoryStoreError, type MemoryStoreErrorCode } from "../errors.js";
import { latestMigration } from "../schema/index.js";
import { openStore } from "../store.js";
import { redactCredentials } from "./redact-credentials.js";

const TOKEN = "eyJhbGciOiJFZERTQSJ9.eyJhIjoicncifQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWc";
const SECRET_WORD = "Zq8hunter2Wx";

const dir = tempDir();
let n = 0;
const fresh = () => join(dir, `m${++n}.db`);

async function openError(url: string): Promise<MemoryStoreError> {
  const err = await openStore({ url }).then(
    (s) => {
      s.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MemoryStoreError);
  return err as MemoryStoreError;
}

function expectNoSecret(message: string): void {
  expect(message).not.toContain(TOKEN);
  expect(message).not.toContain(SECRET_WORD);
  expect(message).not.toContain("c2lnbmF0dXJl");
}

describe("redactCredentials", () => {
  it.each([
    [
      `libsql://db.example?authToken=${TOKEN}`,
      "libsql://db.example?authToken=[REDACTED:url_credential]",
    ],
    [`file:/x/m.db?authToken=${SECRET_WORD}`, "file:/x/m.db?authToken=[REDACTED:url_credential]"],
    [
      `http://127.0.0.1:8080/?tls=0&auth_token=${SECRET_WORD}&x=1`,
      "?tls=0&auth_token=[REDACTED:url_credential]&x=1",
    ],
    [
      `https://app:${SECRET_WORD}@db.example:443/x`,
      "https://app:[REDACTED:url_password]@db.example:443/x",
    ],
    [
      `wss://u:p%40ss${SECRET_WORD}@h/x?jwt=${SECRET_WORD}`,
      "wss://u:[REDACTED:url_password]@h/x?jwt=[REDACTED:url_credential]",
    ],
    [
      `libsql://h?key=${SECRET_WORD}#password=${SECRET_WORD}`,
      "?key=[REDACTED:url_credential]#password=[REDACTED:url_credential]",
    ],
  ])("%s", (text, kept) => {
    const out = redactCredentials(`cannot open ${text}: x`);
    expectNoSecret(out);
    expect(out).toContain(kept);
  });

  it("keeps a URL without credentials and the words around it", () => {
    const text = "cannot open file:.fak/memory.db?mode=ro at http://127.0.0.1:8080/v2 (timeout=5)";
    expect(redactCredentials(text)).toBe(text);
  });

  it("also scrubs a token quoted elsewhere in the message (by a driver)", () => {
    expectNoSecret(redactCredentials(`server said: bad header Authorization: Bearer ${TOKEN}`));
  });
});

describe("every error message of the store is redacted, whatever built it", () => {
  it("NOT_OURS", async () => {
    const path = fresh();
    const c = createClient({ url: `file:${path}` });
    await c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)");
    c.close();
    const err = await openError(`file:${path}?authToken=${TOKEN}`);
    expect(err.code).toBe("NOT_OURS");
    expectNoSecret(err.message);
    expect(err.message).toContain(`${path}?authToken=[REDACTED:url_credential]`);
  });

  it("NEWER_SCHEMA", async () => {
    const path = fresh();
    (await openStore({ url: `file:${path}` })).close();
    const c = createClient({ url: `file:${path}` });
    await c.execute({
      sql: "INSERT INTO __fak_migrations (hash, created_at) VALUES ('future', ?)",
      args: [latestMigration("core") + 86_400_000],
    });
    c.close();
    const err = await openError(`file:${path}?authToken=${SECRET_WORD}`);
    expect(err.code).toBe("NEWER_SCHEMA");
    expectNoSecret(err.message);
  });

  it("TAMPERED", async () => {
    const path = fresh();
    (await openStore({ url: `file:${path}` })).close();
    const c = createClient({ url: `file:${path}` });
    const triggers = await c.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'");
    for (const row of triggers.rows) await c.execute(`DROP TRIGGER "${String(row[0])}"`);
    c.close();
    const err = await openError(`file:${path}?authToken=${TOKEN}`);
    expect(err.code).toBe("TAMPERED");
    expectNoSecret(err.message);
  });

  it("a driver error, with user:password@ in the URL", async () => {
    const err = await openError(`http://app:${SECRET_WORD}@127.0.0.1:9/?authToken=${TOKEN}`);
    expectNoSecret(err.message);
  });

  // FTS_MISSING needs a libSQL build without FTS5 (this one has it): its message is built as
  // store.ts builds it, and so is every other code's, to show the constructor redacts them all.
  const codes: MemoryStoreErrorCode[] = ["FTS_MISSING", "MIGRATION_FAILED", "LOCKED", "FAILED"];
  it.each(codes)("%s (as built by the store)", (code) => {
    const url = `libsql://x:${SECRET_WORD}@db.example?authToken=${TOKEN}`;
    const err = new MemoryStoreError(code, `${url} has an FTS5 index, but this libSQL ...`);
    expectNoSecret(err.message);
  });

  it("bad input naming a file whose name carries a token", () => {
    const err = new MemoryInputError(
      { file: `https://h/rows.jsonl?sig=${SECRET_WORD}`, line: 3, field: "task" },
      "required",
    );
    expectNoSecret(err.message);
    expect(err.message).toContain("rows.jsonl?sig=[REDACTED:url_credential]:3: task: required");
  });
});
