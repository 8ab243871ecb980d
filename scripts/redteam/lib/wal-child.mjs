// Leaves a -wal file behind, as a writer killed mid-run (or a backup restored over a folder
// that still holds the old -wal) does: run as a child, SIGKILLs itself before closing.
//   node wal-child.mjs LIBSQL_CLIENT_ENTRY vacuum|notes DB_FILE [MARKER]
// vacuum: an existing database (a fak store) rewritten whole into its WAL (VACUUM);
// notes: a new, unrelated database with a table of notes.
import { pathToFileURL } from "node:url";

const [entry, mode, db, marker = "note"] = process.argv.slice(2);
const { createClient } = await import(pathToFileURL(entry).href);
const client = createClient({ url: `file:${db}` });
await client.execute("PRAGMA journal_mode = WAL");
await client.execute("PRAGMA wal_autocheckpoint = 0");
if (mode === "vacuum") {
  await client.execute("VACUUM");
} else {
  await client.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  for (let i = 0; i < 40; i++) {
    await client.execute({
      sql: "INSERT INTO notes (body) VALUES (?)",
      args: [`${marker} ${i} ${"x".repeat(400)}`],
    });
  }
}
process.kill(process.pid, "SIGKILL");
