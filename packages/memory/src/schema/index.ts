// The database schema: the drizzle table, the migration sets applied on open (core, FTS5,
// vectors), the checks that refuse a memory that is not ours, newer or tampered with (its schema
// compared, by full SQL, with what the shipped migrations create), and the FTS5 index's health.
// The store and `verifyStore` use these; nothing here reads or writes rows.
export { checkSchema, schemaDifferences } from "./check.js";
export { indexCoverage, indexEndsWithRows, indexMatchesRows, rebuildIndex } from "./fts-index.js";
export {
  appliedMigration,
  applyMigrations,
  latestMigration,
  migrationsFolder,
} from "./migrations.js";
export { checkOwnership, probeFts5, readSchemaState } from "./open-checks.js";
export { failures } from "./tables.js";
export { spaceOf, type VectorSpace, vectorSpaceStatements } from "./vector-spaces.js";
