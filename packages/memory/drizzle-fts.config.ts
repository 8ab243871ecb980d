import { defineConfig } from "drizzle-kit";

// Hand-written (`drizzle-kit generate --custom --config drizzle-fts.config.ts`) FTS5 migrations,
// applied by the store after its FTS5 probe and recorded in their own table.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema/tables.ts",
  out: "./drizzle/fts",
  migrations: { table: "__fak_fts_migrations" },
});
