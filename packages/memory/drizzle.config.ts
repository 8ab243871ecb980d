import { defineConfig } from "drizzle-kit";

// Core tables and the append-only triggers. The FTS5 part lives in drizzle-fts.config.ts,
// because the store applies it only where FTS5 exists. Never `drizzle-kit push`.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema/tables.ts",
  out: "./drizzle/core",
  migrations: { table: "__fak_migrations" },
});
