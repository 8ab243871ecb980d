ALTER TABLE `failures` ADD `provenance` text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE `failures` ADD `source_harness` text;--> statement-breakpoint
ALTER TABLE `failures` ADD `source_job` text;--> statement-breakpoint
ALTER TABLE `failures` ADD `source_trial` text;--> statement-breakpoint
ALTER TABLE `failures` ADD `source_attempt` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `failures_source_idx` ON `failures` (`source_harness`,`source_job`,`source_trial`,`source_attempt`);--> statement-breakpoint
-- Hand-added to the generated migration: INSERT OR REPLACE on a repeated source would delete the
-- earlier row without firing the DELETE trigger, so a second replace guard covers the source (the
-- first one, failures_no_replace, stays as it was). Rows written before this migration keep
-- provenance 'unknown' and no source: nothing is rewritten.
CREATE TRIGGER `failures_no_replace_source` BEFORE INSERT ON `failures`
WHEN NEW.`source_trial` IS NOT NULL AND EXISTS (SELECT 1 FROM `failures`
	WHERE `source_harness` IS NEW.`source_harness` AND `source_job` IS NEW.`source_job`
		AND `source_trial` = NEW.`source_trial` AND `source_attempt` IS NEW.`source_attempt`)
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
