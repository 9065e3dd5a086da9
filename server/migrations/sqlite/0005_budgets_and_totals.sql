-- Storage budgets and statistics that stay fast (server/README.md, "Budgets" and "Statistics").
-- Kept in step with the other dialect's folder (they differ only in how a body's bytes are
-- counted).

-- Each record's size, so a device's bytes in the last day are summed without reading bodies.
ALTER TABLE records ADD COLUMN body_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE records SET body_bytes = LENGTH(CAST(body AS BLOB));
-- A device's records of the last day: the budget's window.
CREATE INDEX records_device_received ON records (device_id, received_at_ms);

-- What each device has stored in all: the allowance a device earns grows with it.
ALTER TABLE devices ADD COLUMN stored_records BIGINT NOT NULL DEFAULT 0;
ALTER TABLE devices ADD COLUMN stored_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE devices SET
    stored_records = (SELECT COUNT(*) FROM records r WHERE r.device_id = devices.id),
    stored_bytes = (SELECT COALESCE(SUM(r.body_bytes), 0) FROM records r WHERE r.device_id = devices.id);

-- Whether a game enters the results statistics. The server now refuses a record in which a
-- computer seat resigns (a forged loss of the engine); those stored before are kept and
-- exported as stored, but no longer counted.
ALTER TABLE records ADD COLUMN counts_in_results BIGINT NOT NULL DEFAULT 1;
UPDATE records SET counts_in_results = 0
WHERE json_extract(records.body, '$.result.reason') = 'resignation'
  AND EXISTS (SELECT 1 FROM record_players p
              WHERE p.record_id = records.id AND p.engine <> 'human' AND p.outcome = 'loss');

-- Work per computer move, summed as records are stored: the statistics read these few rows
-- instead of scanning every move row.
CREATE TABLE move_totals (
    game    TEXT NOT NULL,
    engine  TEXT NOT NULL,
    depth   BIGINT NOT NULL,
    phase   TEXT NOT NULL,
    moves   BIGINT NOT NULL,
    nodes   DOUBLE PRECISION NOT NULL,
    time_ms DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, engine, depth, phase)
);
-- Counters the statistics report: move rows left out of the totals because their numbers are
-- out of bounds (an older server stored them).
CREATE TABLE stats_counters (
    name  TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);

-- The rows stored so far. The bounds are ply_core::record::limits (MAX_MOVE_NODES,
-- MAX_MOVE_TIME_MS, MAX_SEARCH_DEPTH); a unit test keeps them equal.
INSERT INTO move_totals (game, engine, depth, phase, moves, nodes, time_ms)
SELECT r.game, m.engine, m.depth, m.phase, COUNT(*),
       SUM(CAST(m.nodes AS DOUBLE PRECISION)), SUM(CAST(m.time_ms AS DOUBLE PRECISION))
FROM record_moves m JOIN records r ON r.id = m.record_id
WHERE m.nodes BETWEEN 0 AND 100000000000 AND m.time_ms BETWEEN 0 AND 3600000
  AND m.depth BETWEEN 0 AND 255
GROUP BY r.game, m.engine, m.depth, m.phase;
INSERT INTO stats_counters (name, value)
SELECT 'skipped_move_rows', COUNT(*) FROM record_moves m
WHERE NOT (m.nodes BETWEEN 0 AND 100000000000 AND m.time_ms BETWEEN 0 AND 3600000
  AND m.depth BETWEEN 0 AND 255);
