import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MemoryStoreError } from "../errors.js";

/**
 * The migration sets: core (tables, append-only triggers), FTS5 (applied after a probe), and
 * vectors (applied when an embedder first gives vectors).
 */
export const MIGRATION_SETS = {
  core: { folder: "core", table: "__fak_migrations" },
  fts: { folder: "fts", table: "__fak_fts_migrations" },
  vectors: { folder: "vectors", table: "__fak_vector_migrations" },
} as const;
export type MigrationSet = keyof typeof MIGRATION_SETS;

/**
 * The shipped migrations folder: drizzle/ beside a bundle of this code (test/support/
 * portable-worker.ts), dist/drizzle when published (this file is dist/schema/migrations.js), and
 * drizzle/ beside src in the repo.
 */
export function migrationsFolder(set: MigrationSet): string {
  for (const rel of ["./drizzle/", "../drizzle/", "../../drizzle/"]) {
    const dir = fileURLToPath(new URL(`${rel}${MIGRATION_SETS[set].folder}`, import.meta.url));
    if (existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new MemoryStoreError(
    "MIGRATION_FAILED",
    "the @fak/memory package ships no migrations folder",
  );
}

/** The newest migration this package knows, as drizzle records it (the journal's `when`). */
export function latestMigration(set: MigrationSet): number {
  const all = readMigrationFiles({ migrationsFolder: migrationsFolder(set) });
  return Math.max(...all.map((m) => m.folderMillis));
}

/** The newest migration applied to the database, or null when the set was never applied. */
export async function appliedMigration(client: Client, set: MigrationSet): Promise<number | null> {
  const table = MIGRATION_SETS[set].table;
  const exists = await client.execute({
    sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
    args: [table],
  });
  if (exists.rows.length === 0) return null;
  const r = await client.execute(`SELECT MAX(CAST(created_at AS INTEGER)) FROM "${table}"`);
  const v = r.rows[0]?.[0];
  return v === null || v === undefined ? null : Number(v);
}

/**
 * Apply one migration set with drizzle's libsql migrator. Two processes opening a fresh memory
 * at once both try; the loser's batch fails as a whole (it runs in one transaction), so it looks
 * again and finds the work done.
 * @example await applyMigrations(client, "core")
 */
export async function applyMigrations(client: Client, set: MigrationSet): Promise<void> {
  const latest = latestMigration(set);
  let lastError: unknown;
  for (let attempt = 0; attempt < 6; attempt++) {
    if ((await appliedMigration(client, set)) === latest) return;
    try {
      await migrate(drizzle(client), {
        migrationsFolder: migrationsFolder(set),
        migrationsTable: MIGRATION_SETS[set].table,
      });
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1) * Math.random() + 20));
    }
  }
  throw lastError;
}
