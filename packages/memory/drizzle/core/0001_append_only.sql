-- Append-only, enforced by the database itself: whoever connects, no row of `failures` is ever
-- updated or deleted. Supersession and occurrences are columns set at insert, so they are covered.
CREATE TRIGGER `failures_no_update` BEFORE UPDATE ON `failures`
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `failures_no_delete` BEFORE DELETE ON `failures`
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
--> statement-breakpoint
-- INSERT OR REPLACE deletes the conflicting row without firing DELETE triggers (unless
-- recursive_triggers is on), so an insert that would replace an existing row is refused too.
CREATE TRIGGER `failures_no_replace` BEFORE INSERT ON `failures`
WHEN EXISTS (SELECT 1 FROM `failures` WHERE `id` = NEW.`id`)
	OR (NEW.`import_key` IS NOT NULL AND EXISTS (SELECT 1 FROM `failures` WHERE `import_key` = NEW.`import_key`))
	OR (NEW.`supersedes` IS NOT NULL AND EXISTS (SELECT 1 FROM `failures` WHERE `supersedes` = NEW.`supersedes`))
BEGIN
	SELECT RAISE(ABORT, 'fak: failures are append-only');
END;
