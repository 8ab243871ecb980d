import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reportFigure } from "@fak/vitest-config/report";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { SECRET_KINDS } from "../src/scrub/index.js";
import { openStore } from "../src/store.js";
import { type FakeSecret, fakeSecret, seededRng } from "./support/secrets.js";

// "Secrets never reach storage", checked where it matters: the bytes on disk. Every kind is
// planted in every text field, written by record, supersede and import, exported, and then the
// database file, its WAL and shared-memory files, the export and the FTS5 index are searched.

const dir = mkdtempSync(join(tmpdir(), "fak-scrub-storage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The parts of a secret that must not survive: the whole of it, its middle, and each random
// piece long enough that it cannot occur by chance (FTS5 stores terms, not the whole string).
function needles(secret: string): string[] {
  const n = Math.min(12, Math.floor(secret.length / 2));
  const at = Math.floor((secret.length - n) / 2);
  const pieces = secret.split(/[^A-Za-z0-9]+/).filter((p) => p.length >= 10 && /[0-9]/.test(p));
  return [secret, secret.slice(at, at + n), ...pieces];
}

/** Raw bytes to search, as they are and lower-cased (FTS5 folds case). */
interface Haystack {
  bytes: Buffer;
  lower: Buffer;
}

function haystack(bytes: Buffer): Haystack {
  return { bytes, lower: Buffer.from(bytes.toString("latin1").toLowerCase(), "latin1") };
}

/** The needles of `secret` found in `hay`. */
function leaks(hay: Haystack, secret: string): string[] {
  return needles(secret).filter(
    (needle) => hay.bytes.includes(needle) || hay.lower.includes(needle.toLowerCase()),
  );
}

function databaseFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`].filter((p) => existsSync(p));
}

const row = (fake: FakeSecret, tag: string) => ({
  session: `session ${tag} ${fake.text}`,
  task: `deploy the service with ${fake.text} set`,
  approach: `${tag === "successor" ? "upload through the proxy" : "retry the upload"}, passing ${fake.text} again`,
  death_reason: `verifier: upload rejected: ${fake.text}\nexit status 1`,
  conviction: "high" as const,
});

describe("secrets never reach storage", () => {
  it("scans find a secret that was written without scrubbing (control)", async () => {
    const path = join(dir, "control.db");
    const fake = fakeSecret("github_token", seededRng(1));
    const raw = createClient({ url: `file:${path}` });
    await raw.execute(
      "CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')",
    );
    await raw.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')");
    await raw.execute({ sql: "INSERT INTO t(x) VALUES (?)", args: [`token ${fake.secret}`] });
    const terms = (await raw.execute("SELECT term FROM v")).rows.map((r) => String(r.term));
    raw.close();
    const bytes = haystack(Buffer.concat(databaseFiles(path).map((p) => readFileSync(p))));
    expect(leaks(bytes, fake.secret).length).toBeGreaterThan(0);
    expect(
      terms.some((t) =>
        needles(fake.secret).some((n) => n.toLowerCase().includes(t) && t.length >= 10),
      ),
    ).toBe(true);
  });

  it("no kind leaves a byte in the database, its WAL, its FTS index or the export", async () => {
    const path = join(dir, "m.db");
    const store = await openStore({ url: `file:${path}` });
    expect(store.fts).toBe(true);
    const planted: FakeSecret[] = [];
    const lines: string[] = [];
    for (const [i, kind] of SECRET_KINDS.entries()) {
      const recorded = fakeSecret(kind, seededRng(1000 + i));
      const successor = fakeSecret(kind, seededRng(2000 + i));
      const imported = fakeSecret(kind, seededRng(3000 + i));
      planted.push(recorded, successor, imported);
      const first = await store.record(row(recorded, "recorded"));
      await store.supersede(first.id, row(successor, "successor"));
      lines.push(JSON.stringify(row(imported, "imported")));
    }
    const jsonl = join(dir, "rows.jsonl");
    writeFileSync(jsonl, `${lines.join("\n")}\n`);
    let importedCount = 0;
    for await (const _ of store.importJsonl(jsonl)) importedCount++;
    expect(importedCount).toBe(SECRET_KINDS.length);

    const exported: string[] = [];
    for await (const r of store.exportRows()) exported.push(JSON.stringify(r));
    expect(exported).toHaveLength(3 * SECRET_KINDS.length);
    const exportPath = join(dir, "export.jsonl");
    writeFileSync(exportPath, `${exported.join("\n")}\n`);
    // While the store is open the WAL still holds the writes: scan it now, and again after close.
    const openFiles = databaseFiles(path);
    expect(openFiles.some((p) => p.endsWith("-wal"))).toBe(true);
    const whileOpen = haystack(Buffer.concat(openFiles.map((p) => readFileSync(p))));
    store.close();

    const raw = createClient({ url: `file:${path}` });
    const terms = (await raw.execute("SELECT term FROM failures_fts_vocab")).rows.map((r) =>
      String(r.term),
    );
    const blocks = (await raw.execute("SELECT block FROM failures_fts_data")).rows.map((r) => {
      const b = r.block;
      return b instanceof ArrayBuffer ? Buffer.from(b) : Buffer.from(String(b ?? ""), "latin1");
    });
    raw.close();
    expect(terms).toContain("redact");

    const afterClose = haystack(Buffer.concat(databaseFiles(path).map((p) => readFileSync(p))));
    const exportText = readFileSync(exportPath);
    const exportBytes = haystack(exportText);
    const ftsBytes = haystack(Buffer.concat(blocks));
    for (const fake of planted) {
      const where = `${fake.kind}: ${fake.secret.slice(0, 24)}`;
      expect(leaks(whileOpen, fake.secret), where).toEqual([]);
      expect(leaks(afterClose, fake.secret), where).toEqual([]);
      expect(leaks(exportBytes, fake.secret), where).toEqual([]);
      expect(leaks(ftsBytes, fake.secret), where).toEqual([]);
      const pieces = needles(fake.secret).map((n) => n.toLowerCase());
      // Porter stems only trim suffixes, so a stored stem of a secret piece is a long prefix of it.
      const stems = terms.filter((t) => t.length >= 8 && pieces.some((p) => p.includes(t)));
      expect(stems, where).toEqual([]);
    }
    expect(exportText.toString("utf8")).toContain("[REDACTED:");
    const leaked = planted.filter((fake) =>
      [whileOpen, afterClose, exportBytes, ftsBytes].some((h) => leaks(h, fake.secret).length > 0),
    ).length;
    reportFigure("scrub-storage", {
      kinds: SECRET_KINDS.length,
      secretsPlanted: planted.length,
      leaked,
    });
  });
});
