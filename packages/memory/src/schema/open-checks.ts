import type { Client } from "@libsql/client";
import { MemoryStoreError } from "../errors.js";
import { appliedMigration, latestMigration, type MigrationSet } from "./migrations.js";

// Tables a libSQL server or SQLite itself may keep in any database.
const SYSTEM = /^(sqlite_|libsql_|_litestream|__fak_)/;

/** What the database holds before the store touches it. */
export interface SchemaState {
  names: Set<string>;
  core: number | null;
  fts: number | null;
}

/** Read the schema and the applied migrations (reads only). */
export async function readSchemaState(client: Client): Promise<SchemaState> {
  const r = await client.execute(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')",
  );
  return {
    names: new Set(r.rows.map((row) => String(row[0]))),
    core: await appliedMigration(client, "core"),
    fts: await appliedMigration(client, "fts"),
  };
}

/**
 * Refuse, before writing anything, a database that is someone else's (other tables, no fak
 * migrations) or that a newer @fak/memory has migrated.
 */
export function checkOwnership(state: SchemaState, url: string): void {
  if (state.core === null) {
    const foreign = [...state.names].filter((n) => !SYSTEM.test(n));
    if (foreign.length > 0) {
      throw new MemoryStoreError(
        "NOT_OURS",
        `${url} is not a fak failure memory: it has other tables (${foreign.slice(0, 5).join(", ")}) and no fak migrations`,
      );
    }
  }
  for (const set of ["core", "fts"] as const satisfies MigrationSet[]) {
    const applied = state[set];
    if (applied !== null && applied > latestMigration(set)) {
      throw new MemoryStoreError(
        "NEWER_SCHEMA",
        `${url} was migrated by a newer @fak/memory (${set} migration ${new Date(applied).toISOString()}); upgrade @fak/memory to use it`,
      );
    }
  }
}

/** Can this libSQL build FTS5 tables (and fts5vocab)? */
export async function probeFts5(client: Client): Promise<boolean> {
  try {
    const r = await client.execute(
      "SELECT name FROM pragma_module_list WHERE name IN ('fts5', 'fts5vocab')",
    );
    return r.rows.length === 2;
  } catch {
    try {
      await client.execute("SELECT fts5_source_id()");
      return true;
    } catch {
      return false;
    }
  }
}
