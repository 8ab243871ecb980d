CREATE TABLE `recoveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` text NOT NULL,
	`death_harness` text NOT NULL,
	`death_job` text NOT NULL,
	`death_trial` text NOT NULL,
	`death_attempt` integer NOT NULL,
	`task` text NOT NULL,
	`decision` text NOT NULL,
	`action` text NOT NULL,
	`brief_file` text,
	`brief_sha256` text,
	`memories_injected` text NOT NULL,
	`rerun_harness` text NOT NULL,
	`rerun_job` text NOT NULL,
	`rerun_trials` text NOT NULL,
	`outcome` text NOT NULL,
	`category` text,
	`reason` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recoveries_once_idx` ON `recoveries` (`death_harness`,`death_job`,`death_trial`,`death_attempt`,`rerun_harness`,`rerun_job`);--> statement-breakpoint
-- Hand-added to the generated migration: recoveries are append-only like failures. An outcome is
-- evidence about a death; a later rerun adds a row, never rewrites one.
CREATE TRIGGER `recoveries_no_update` BEFORE UPDATE ON `recoveries`
BEGIN
	SELECT RAISE(ABORT, 'fak: recoveries are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `recoveries_no_delete` BEFORE DELETE ON `recoveries`
BEGIN
	SELECT RAISE(ABORT, 'fak: recoveries are append-only');
END;
--> statement-breakpoint
-- INSERT OR REPLACE deletes the conflicting row without firing DELETE triggers: refused too.
CREATE TRIGGER `recoveries_no_replace` BEFORE INSERT ON `recoveries`
WHEN EXISTS (SELECT 1 FROM `recoveries` WHERE `id` = NEW.`id`)
	OR EXISTS (SELECT 1 FROM `recoveries` WHERE `death_harness` = NEW.`death_harness`
		AND `death_job` = NEW.`death_job` AND `death_trial` = NEW.`death_trial`
		AND `death_attempt` = NEW.`death_attempt` AND `rerun_harness` = NEW.`rerun_harness`
		AND `rerun_job` = NEW.`rerun_job`)
BEGIN
	SELECT RAISE(ABORT, 'fak: recoveries are append-only');
END;
