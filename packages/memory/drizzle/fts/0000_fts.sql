-- Full-text index over failures (external content: the text is stored once, in `failures`).
-- Applied by the store only after its FTS5 probe succeeds; recorded in __fak_fts_migrations.
CREATE VIRTUAL TABLE IF NOT EXISTS `failures_fts` USING fts5(
	task, approach, death_reason,
	content='failures', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Rows are only ever inserted (triggers refuse the rest), so one trigger keeps the index whole.
CREATE TRIGGER IF NOT EXISTS `failures_fts_insert` AFTER INSERT ON `failures`
BEGIN
	INSERT INTO `failures_fts` (rowid, task, approach, death_reason)
	VALUES (NEW.`id`, NEW.`task`, NEW.`approach`, NEW.`death_reason`);
END;
--> statement-breakpoint
-- Document frequency per term, for rarity weighting in search.
CREATE VIRTUAL TABLE IF NOT EXISTS `failures_fts_vocab` USING fts5vocab(`failures_fts`, 'row');
--> statement-breakpoint
-- A memory first written without FTS5 gets its existing rows indexed here.
INSERT INTO `failures_fts` (`failures_fts`) VALUES ('rebuild');
