CREATE TABLE `failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session` text NOT NULL,
	`task` text NOT NULL,
	`approach` text NOT NULL,
	`death_reason` text NOT NULL,
	`layer` text NOT NULL,
	`conviction` text NOT NULL,
	`created_at` text NOT NULL,
	`substance_key` text NOT NULL,
	`occurrence_of` integer,
	`supersedes` integer,
	`import_key` text,
	FOREIGN KEY (`occurrence_of`) REFERENCES `failures`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supersedes`) REFERENCES `failures`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `failures_substance_key_idx` ON `failures` (`substance_key`);--> statement-breakpoint
CREATE INDEX `failures_occurrence_of_idx` ON `failures` (`occurrence_of`);--> statement-breakpoint
CREATE UNIQUE INDEX `failures_supersedes_idx` ON `failures` (`supersedes`);--> statement-breakpoint
CREATE UNIQUE INDEX `failures_import_key_idx` ON `failures` (`import_key`);