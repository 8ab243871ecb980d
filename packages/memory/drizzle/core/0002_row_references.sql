-- A row may supersede or repeat only an earlier row that exists, and ids stay below 2^53 (what a
-- JavaScript number holds exactly). So a supersession chain only ever goes to older rows and
-- always ends (no cycle, no row superseding itself, even within one multi-row INSERT), and every
-- id reads back exactly. AFTER INSERT, because a BEFORE trigger does not see an AUTOINCREMENT id;
-- RAISE(ABORT) undoes the whole statement, so nothing of it is committed.
CREATE TRIGGER `failures_refs_earlier` AFTER INSERT ON `failures`
WHEN NEW.`id` < 1 OR NEW.`id` > 9007199254740991
	OR NEW.`supersedes` >= NEW.`id` OR NEW.`occurrence_of` >= NEW.`id`
	OR (NEW.`supersedes` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `failures` WHERE `id` = NEW.`supersedes`))
	OR (NEW.`occurrence_of` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `failures` WHERE `id` = NEW.`occurrence_of`))
BEGIN
	SELECT RAISE(ABORT, 'fak: a row may supersede or repeat only an earlier row, and ids stay below 2^53');
END;
