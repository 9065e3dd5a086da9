-- Whether each game began at its variant's standard start (1) or at a set-up position (0).
-- Results statistics count standard starts only unless asked otherwise: a set-up position can
-- make any result true without anyone playing well. Kept in step with ../postgres/.
ALTER TABLE records ADD COLUMN standard_start BIGINT NOT NULL DEFAULT 1;

-- Rows stored before this column existed: any stated start position counts as set up (a
-- record spelling out the standard start is flagged too, which only errs on the safe side).
UPDATE records SET standard_start = 0 WHERE json_extract(body, '$.start_position') IS NOT NULL;
