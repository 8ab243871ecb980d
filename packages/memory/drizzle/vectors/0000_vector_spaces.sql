-- Stored vectors: one vector space per (model, dimension count) an embedder gave. Applied by the
-- store only when an embedder first gives vectors; recorded in __fak_vector_migrations.
-- Each space's vectors live in their own table, made by the store at first use because
-- F32_BLOB(n) fixes n per column:
--   failure_vectors_<id> (failure_id INTEGER PRIMARY KEY REFERENCES failures(id), vec F32_BLOB(dims))
-- with a cosine libsql_vector_idx index and the same append-only triggers as below.
CREATE TABLE IF NOT EXISTS `failure_vector_spaces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`model` text NOT NULL,
	`dims` integer NOT NULL CHECK (`dims` BETWEEN 1 AND 65536),
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `failure_vector_spaces_model_dims_idx` ON `failure_vector_spaces` (`model`, `dims`);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `failure_vector_spaces_no_update` BEFORE UPDATE ON `failure_vector_spaces`
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `failure_vector_spaces_no_delete` BEFORE DELETE ON `failure_vector_spaces`
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `failure_vector_spaces_no_replace` BEFORE INSERT ON `failure_vector_spaces`
WHEN EXISTS (SELECT 1 FROM `failure_vector_spaces` WHERE `id` = NEW.`id` OR (`model` = NEW.`model` AND `dims` = NEW.`dims`))
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
