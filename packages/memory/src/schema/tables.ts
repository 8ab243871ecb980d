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

/**
 * What came of a planned recovery (`fak compare ORIGINAL RERUN --plan plan.json --record`): one
 * row per failed trial of the original run that the plan reran, linked to that trial's death by
 * the death row's own source key (harness, job, trial, attempt), so the link holds whichever of
 * the two was recorded first. Append-only like `failures` (triggers in the migration); the same
 * death and the same rerun job are recorded once.
 * @example db.select().from(recoveries).where(eq(recoveries.outcome, "passed"))
 */
export const recoveries = sqliteTable(
  "recoveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: text("created_at").notNull(),
    // The first death: the original trial, as its failure row's source columns name it.
    deathHarness: text("death_harness").notNull(),
    deathJob: text("death_job").notNull(),
    deathTrial: text("death_trial").notNull(),
    deathAttempt: integer("death_attempt").notNull(),
    task: text("task").notNull(),
    // The plan's decision (retry, rerun_unchanged) and recovery action (NONE for a rerun unchanged).
    decision: text("decision").notNull(),
    action: text("action").notNull(),
    // The brief the rerun's agent was given: its file in the plan folder and its SHA-256.
    briefFile: text("brief_file"),
    briefSha256: text("brief_sha256"),
    // The failure rows quoted in that brief (a JSON array of ids).
    memoriesInjected: text("memories_injected").notNull(),
    // The rerun: its job (Harbor) or run (tb) and the task's trials in it (a JSON array).
    rerunHarness: text("rerun_harness").notNull(),
    rerunJob: text("rerun_job").notNull(),
    rerunTrials: text("rerun_trials").notNull(),
    // passed, or failed_again with the rerun's category and reason.
    outcome: text("outcome").notNull(),
    category: text("category"),
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("recoveries_once_idx").on(
      t.deathHarness,
      t.deathJob,
      t.deathTrial,
      t.deathAttempt,
      t.rerunHarness,
      t.rerunJob,
    ),
  ],
);

export type RecoveryRecord = typeof recoveries.$inferSelect;
