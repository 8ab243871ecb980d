import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { describe, expect, it } from "vitest";
import { driverError } from "../src/db/index.js";
import { MemoryStoreError } from "../src/errors.js";
import { failures } from "../src/schema/index.js";
import { openStore } from "../src/store.js";
import { backends, tag, tempDir } from "./support/backends.js";

const REFUSED = "fak: failures are append-only";

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "the statement should have been refused").toBeDefined();
  return driverError(err).message;
}

describe.each(backends())("append-only on $name", (backend) => {
  it("refuses UPDATE and DELETE through raw SQL from a second client", async () => {
    const url = backend.url();
    const store = await openStore({ url });
    const t = tag();
    const r = await store.record({
      session: t,
      task: "t",
      approach: "a",
      death_reason: "verifier: x",
    });
    const other = backend.rawClient(url);
    expect(
      await refusal(
        other.execute({ sql: "UPDATE failures SET task = 'x' WHERE id = ?", args: [r.id] }),
      ),
    ).toContain(REFUSED);
    expect(
      await refusal(
        other.execute({ sql: "UPDATE failures SET supersedes = 1 WHERE id = ?", args: [r.id] }),
      ),
    ).toContain(REFUSED);
    expect(
      await refusal(other.execute({ sql: "DELETE FROM failures WHERE id = ?", args: [r.id] })),
    ).toContain(REFUSED);
    expect(await refusal(other.execute("DELETE FROM failures"))).toContain(REFUSED);
    expect(
      await refusal(
        other.execute({
          sql: "INSERT OR REPLACE INTO failures (id, session, task, approach, death_reason, layer, conviction, created_at, substance_key) VALUES (?, 's', 't', 'a', 'b', 'none', 'none', 'now', 'k')",
          args: [r.id],
        }),
      ),
    ).toContain(REFUSED);
    const still = await other.execute({
      sql: "SELECT task FROM failures WHERE id = ?",
      args: [r.id],
    });
    expect(still.rows[0]?.task).toBe("t");
    other.close();
    store.close();
  });

  it("refuses UPDATE and DELETE through drizzle (the LibsqlError is the cause)", async () => {
    const url = backend.url();
    const store = await openStore({ url });
    const t = tag();
    const r = await store.record({
      session: t,
      task: "t",
      approach: "a",
      death_reason: "verifier: x",
    });
    const client = backend.rawClient(url);
    const db = drizzle(client);
    const upd = await db
      .update(failures)
      .set({ deathReason: "rewritten" })
      .where(eq(failures.id, r.id))
      .catch((e: unknown) => e);
    expect((upd as { cause?: { code?: string } }).cause?.code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(driverError(upd).message).toContain(REFUSED);
    expect(await refusal(db.delete(failures).where(eq(failures.id, r.id)).then())).toContain(
      REFUSED,
    );
    const [kept] = await db.select().from(failures).where(eq(failures.id, r.id));
    expect(kept?.deathReason).toBe("verifier: x");
    client.close();
    store.close();
  });
});

describe("the store never weakens its own guard", () => {
  const dir = tempDir();
  it("has no DROP TRIGGER anywhere in its code or migrations", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|sql)$/.test(name) && !/\.test\.ts$/.test(name)) files.push(p);
      }
    };
    walk(join(root, "src"));
    walk(join(root, "drizzle"));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readFileSync(f, "utf8"), f).not.toMatch(/DROP\s+TRIGGER/i);
  });

  it("refuses to open a memory whose append-only triggers were dropped", async () => {
    const url = `file:${join(dir, "tampered.db")}`;
    (await openStore({ url })).close();
    const raw = createClient({ url });
    await raw.execute("DROP TRIGGER failures_no_delete");
    raw.close();
    const err = await openStore({ url }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemoryStoreError);
    expect((err as MemoryStoreError).code).toBe("TAMPERED");
  });
});
