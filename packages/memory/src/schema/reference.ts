import { createClient, type Row } from "@libsql/client";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATION_SETS, type MigrationSet, migrationsFolder } from "./migrations.js";
import { vectorSpaceStatements } from "./vector-spaces.js";

/** One object of a database schema, as sqlite_master holds it. */
export interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string;
}

/** How far each migration set was applied (drizzle's `created_at`), null when never. */
export type Applied = Record<MigrationSet, number | null>;

// Tables a libSQL server or SQLite itself may keep in any database, and the migration journals.
export const SYSTEM_NAME = /^(sqlite_|libsql_|_litestream|__fak_)/;

const cache = new Map<string, Promise<Map<string, SchemaObject>>>();

/**
 * The schema the shipped migration files create, up to what `applied` says was applied: built
 * at run time by applying those files to an empty in-memory database, so a migration added
 * later is covered without a hand-kept list. Keyed by name; system objects left out.
 * @example (await expectedSchema({ core: latest, fts: null })).get("failures_no_update")?.sql
 */
export function expectedSchema(
  applied: Applied,
  spaces: readonly VectorSpaceRow[] = [],
): Promise<Map<string, SchemaObject>> {
  const key = JSON.stringify([applied, spaces]);
  let built = cache.get(key);
  if (!built) {
    built = build(applied, spaces);
    cache.set(key, built);
    built.catch(() => cache.delete(key));
  }
  return built;
}

/** A vector space the store's registry lists (made at run time, one table per model and size). */
export interface VectorSpaceRow {
  id: number;
  model: string;
  dims: number;
  /** Whether the store gave it an ANN index. */
  indexed: boolean;
}

async function build(
  applied: Applied,
  spaces: readonly VectorSpaceRow[],
): Promise<Map<string, SchemaObject>> {
  const client = createClient({ url: ":memory:" });
  try {
    for (const set of Object.keys(MIGRATION_SETS) as MigrationSet[]) {
      const upTo = applied[set];
      if (upTo === null) continue;
      const files = readMigrationFiles({ migrationsFolder: migrationsFolder(set) });
      for (const m of files.filter((f) => f.folderMillis <= upTo)) {
        for (const statement of m.sql)
          if (statement.trim()) await client.executeMultiple(statement);
      }
    }
    // Vector spaces are made on first use, by the same statements, for each space registered.
    if (applied.vectors !== null && applied.vectors !== undefined) {
      for (const sp of spaces)
        for (const statement of vectorSpaceStatements(sp.id, sp.model, sp.dims, sp.indexed))
          await client.execute(statement);
    }
    return await readSchema(client);
  } finally {
    client.close();
  }
}

/** The statement whose rows `schemaFromRows` reads. */
export const SCHEMA_SQL = "SELECT type, name, tbl_name, sql FROM sqlite_master";

/** The non-system objects of a database, keyed by name. */
export async function readSchema(
  client: Pick<ReturnType<typeof createClient>, "execute">,
): Promise<Map<string, SchemaObject>> {
  return schemaFromRows((await client.execute(SCHEMA_SQL)).rows);
}

/** The non-system objects among rows of `SCHEMA_SQL`, keyed by name. */
export function schemaFromRows(rows: Row[]): Map<string, SchemaObject> {
  const objects = new Map<string, SchemaObject>();
  for (const row of rows) {
    const name = String(row.name);
    if (SYSTEM_NAME.test(name)) continue;
    objects.set(name, {
      type: String(row.type),
      name,
      table: String(row.tbl_name),
      sql: normaliseSql(row.sql === null ? "" : String(row.sql)),
    });
  }
  return objects;
}

/** SQL text compared by its tokens' spelling only: runs of whitespace are one space. */
export function normaliseSql(sql: string): string {
  return sql.replace(/\s+/g, " ").trim();
}
