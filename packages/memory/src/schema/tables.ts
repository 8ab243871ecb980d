import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/**
 * The one table of the failure memory (MEMORY-SCHEMA.md). Rows are never updated or deleted:
 * triggers in the migrations refuse it, so supersession and occurrences are columns set at insert.
 * @example db.select().from(failures).where(eq(failures.id, 12))
 */
export const failures = sqliteTable(
  "failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    session: text("session").notNull(),
    task: text("task").notNull(),
    approach: text("approach").notNull(),
    deathReason: text("death_reason").notNull(),
    layer: text("layer").notNull(),
    conviction: text("conviction").notNull(),
    createdAt: text("created_at").notNull(),
    substanceKey: text("substance_key").notNull(),
    occurrenceOf: integer("occurrence_of").references((): AnySQLiteColumn => failures.id),
    supersedes: integer("supersedes").references((): AnySQLiteColumn => failures.id),
    // The import key of an imported row, from its content (import/import-line.ts), so re-running an
    // import, or importing the same death from another file, adds nothing twice.
    importKey: text("import_key"),
    // Where the evidence came from (provenance.ts): real, simulated, person, or unknown for rows
    // written before the store said. A real or simulated row names the trial it came from; the
    // four source columns together are unique, so recording the same trial again adds nothing.
    provenance: text("provenance").notNull().default("unknown"),
    sourceHarness: text("source_harness"),
    sourceJob: text("source_job"),
    sourceTrial: text("source_trial"),
    sourceAttempt: integer("source_attempt"),
    // A digest of the row's text as written (row/digest.ts), so `fak memory verify` sees a
    // changed byte; null for rows written before the store kept one.
    rowDigest: text("row_digest"),
  },
  (t) => [
    index("failures_substance_key_idx").on(t.substanceKey),
    index("failures_occurrence_of_idx").on(t.occurrenceOf),
    // A row is superseded at most once: the chain stays linear even with concurrent writers.
    uniqueIndex("failures_supersedes_idx").on(t.supersedes),
    uniqueIndex("failures_import_key_idx").on(t.importKey),
    uniqueIndex("failures_source_idx").on(
      t.sourceHarness,
      t.sourceJob,
      t.sourceTrial,
      t.sourceAttempt,
    ),
  ],
);

export type FailureRecord = typeof failures.$inferSelect;
