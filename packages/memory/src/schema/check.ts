import type { Client } from "@libsql/client";
import { MemoryStoreError } from "../errors.js";
import { MIGRATION_SETS, type MigrationSet } from "./migrations.js";
import {
  type Applied,
  expectedSchema,
  SCHEMA_SQL,
  type SchemaObject,
  schemaFromRows,
  type VectorSpaceRow,
} from "./reference.js";

/**
 * How the database's tables, indexes, triggers and virtual tables differ from what the applied
 * migrations created: full SQL compared (whitespace aside), so a dropped, re-created, `WHEN 0`,
 * renamed or `writable_schema`-edited object shows, and so does one the migrations never made.
 * FTS5 shadow tables are checked for presence only (their SQL is the FTS5 build's own).
 * @example await schemaDifferences(client) // ["trigger failures_no_update differs from ..."]
 */
export async function schemaDifferences(client: Client): Promise<string[]> {
  const { applied, actual, spaces } = await schemaSnapshot(client);
  const expected = await expectedSchema(applied, spaces);
  const shadow = shadowTables(expected);
  const problems: string[] = [];
  for (const [name, want] of expected) {
    const have = actual.get(name);
    if (!have) problems.push(`${want.type} ${name} is missing`);
    else if (have.type !== want.type)
      problems.push(`${name} is a ${have.type}, not a ${want.type}`);
    else if (!shadow.has(name) && (have.sql !== want.sql || have.table !== want.table))
      problems.push(`${want.type} ${name} differs from what the migrations created: ${have.sql}`);
  }
  for (const [name, have] of actual) {
    if (!expected.has(name))
      problems.push(`${have.type} ${name} was not created by fak's migrations`);
  }
  return problems.map(visible);
}

// Names and SQL come from the database, which anyone with write access can fill: control
// characters (terminal escapes) are shown as escapes, never passed to a terminal.
function visible(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The applied migrations and the schema, read in one transaction: another process migrating at
 * the same moment (a first open of the FTS5 set) must not be seen half, as objects that no
 * applied migration made.
 */
async function schemaSnapshot(client: Client) {
  const sets = Object.entries(MIGRATION_SETS) as [MigrationSet, { table: string }][];
  const present = await client.execute({
    sql: `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${sets.map(() => "?").join(", ")})`,
    args: sets.map(([, s]) => s.table),
  });
  const names = new Set(present.rows.map((r) => String(r.name)));
  const journals = sets.filter(([, s]) => names.has(s.table));
  const registry = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'failure_vector_spaces'",
  );
  const withSpaces = registry.rows.length > 0;
  const [schema, ...rest] = await client.batch(
    [
      SCHEMA_SQL,
      ...journals.map(([, s]) => `SELECT MAX(CAST(created_at AS INTEGER)) AS v FROM "${s.table}"`),
      ...(withSpaces ? ["SELECT id, model, dims FROM failure_vector_spaces ORDER BY id"] : []),
    ],
    "deferred",
  );
  const latest = rest.slice(0, journals.length);
  const actualObjects = schemaFromRows(schema?.rows ?? []);
  const spaces: VectorSpaceRow[] = withSpaces
    ? (rest[journals.length]?.rows ?? []).map((r) => {
        const id = Number(r.id);
        return {
          id,
          model: String(r.model),
          dims: Number(r.dims),
          indexed: actualObjects.has(`failure_vectors_${id}_idx`),
        };
      })
    : [];
  const applied = Object.fromEntries(sets.map(([set]) => [set, null])) as Applied;
  journals.forEach(([set], i) => {
    const v = latest[i]?.rows[0]?.v;
    applied[set] = v === null || v === undefined ? null : Number(v);
  });
  return { applied, actual: actualObjects, spaces };
}

function shadowTables(expected: Map<string, SchemaObject>): Set<string> {
  const vtabs = [...expected.values()].filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql));
  return new Set(
    [...expected.keys()].filter((n) =>
      vtabs.some(
        (v) =>
          n.startsWith(`${v.name}_`) &&
          expected.get(n)?.type === "table" &&
          !/^CREATE VIRTUAL/i.test(expected.get(n)?.sql ?? ""),
      ),
    ),
  );
}

/**
 * Refuse a memory whose schema is not what the migrations made (an append-only trigger dropped,
 * disabled or edited; the table swapped): writing to it could rewrite history unnoticed.
 */
export async function checkSchema(client: Client, url: string): Promise<void> {
  let problems = await schemaDifferences(client);
  // Another process may be applying a migration set this very moment (on a libSQL server a set's
  // objects can be seen before its journal row): what is still different after it had time to
  // finish is tampering.
  for (let wait = 50; problems.length > 0 && wait <= 800; wait *= 2) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    problems = await schemaDifferences(client);
  }
  if (problems.length === 0) return;
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
  throw new MemoryStoreError(
    "TAMPERED",
    `${url}: the schema is not what fak's migrations created: ${problems.slice(0, 3).join("; ")}${more}; refusing to use it (\`fak memory verify\` lists every difference)`,
  );
}
