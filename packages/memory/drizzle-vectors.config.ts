import { defineConfig } from "drizzle-kit";

// Hand-written (`drizzle-kit generate --custom --config drizzle-vectors.config.ts`) migrations
// for stored vectors: the registry of vector spaces. Applied by the store only when an embedder
// first gives vectors, and recorded in their own table; each space's F32_BLOB(n) table is made
// at that moment, since n is the embedder's.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema/tables.ts",
  out: "./drizzle/vectors",
  migrations: { table: "__fak_vector_migrations" },
});
