-- Storage and statistics bounded in what is stored (issue 47; server/README.md, "Budgets" and
-- "Statistics"). Kept in step with the other dialect's folder (they differ only in how a
-- record's body is read as JSON).

-- People are recognised by their seat's kind: a computer whose algorithm is named "human" is
-- no person.
ALTER TABLE record_players ADD COLUMN human BIGINT NOT NULL DEFAULT 0;
UPDATE record_players p SET human = 1
FROM records r
WHERE r.id = p.record_id AND (r.body::jsonb #>> ARRAY['players', p.seat::text, 'kind']) = 'human';

-- Engine names as the statistics keep them: the algorithms the apps play, their aliases folded,
-- every other name 'other' (ply_server::engines::normalise; a unit test keeps this text equal to
-- it). The bodies keep the names as sent.
UPDATE record_players SET engine = CASE WHEN human = 1 THEN 'human' ELSE
CASE LOWER(TRIM(engine)) WHEN 'alphabeta' THEN 'alphabeta' WHEN 'alpha-beta' THEN 'alphabeta'
    WHEN 'ab' THEN 'alphabeta' WHEN 'brs' THEN 'brs' WHEN 'best-reply' THEN 'brs'
    WHEN 'bestreply' THEN 'brs' WHEN 'maxn' THEN 'maxn' WHEN 'max-n' THEN 'maxn'
    WHEN 'mcts' THEN 'mcts' WHEN 'uct' THEN 'mcts' WHEN 'minimax' THEN 'minimax'
    WHEN 'negamax' THEN 'minimax' WHEN 'paranoid' THEN 'paranoid' WHEN 'pvs' THEN 'pvs'
    WHEN 'negascout' THEN 'pvs' WHEN 'palphabeta' THEN 'pvs'
    WHEN 'scout' THEN 'scout' ELSE 'other' END
END;

-- The work-per-move totals under those names, each group with a histogram of its moves' nodes
-- for the median (ply_server::db::histogram). The server fills the histograms from the move
-- rows at its first start on this schema and then drops the move rows, which repeated each
-- engine's name per move (3.9 times the bytes the budget counted).
CREATE TABLE move_totals_merged (
    game       TEXT NOT NULL,
    engine     TEXT NOT NULL,
    depth      BIGINT NOT NULL,
    phase      TEXT NOT NULL,
    moves      BIGINT NOT NULL,
    nodes      DOUBLE PRECISION NOT NULL,
    time_ms    DOUBLE PRECISION NOT NULL,
    nodes_bins TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, engine, depth, phase)
);
INSERT INTO move_totals_merged (game, engine, depth, phase, moves, nodes, time_ms)
SELECT game,
CASE LOWER(TRIM(engine)) WHEN 'alphabeta' THEN 'alphabeta' WHEN 'alpha-beta' THEN 'alphabeta'
    WHEN 'ab' THEN 'alphabeta' WHEN 'brs' THEN 'brs' WHEN 'best-reply' THEN 'brs'
    WHEN 'bestreply' THEN 'brs' WHEN 'maxn' THEN 'maxn' WHEN 'max-n' THEN 'maxn'
    WHEN 'mcts' THEN 'mcts' WHEN 'uct' THEN 'mcts' WHEN 'minimax' THEN 'minimax'
    WHEN 'negamax' THEN 'minimax' WHEN 'paranoid' THEN 'paranoid' WHEN 'pvs' THEN 'pvs'
    WHEN 'negascout' THEN 'pvs' WHEN 'palphabeta' THEN 'pvs'
    WHEN 'scout' THEN 'scout' ELSE 'other' END,
       depth, phase, SUM(moves), SUM(nodes), SUM(time_ms)
FROM move_totals GROUP BY 1, 2, 3, 4;
DROP TABLE move_totals;
ALTER TABLE move_totals_merged RENAME TO move_totals;

-- What each record costs on disk as the budgets count it: its body and a fixed amount for its
-- row and each seat's row with their indexes (ply_server::db::StoredRecord::cost; a unit test
-- keeps the numbers equal). A device's stored bytes, from which its allowance is earned, are
-- counted the same way.
ALTER TABLE records ADD COLUMN cost_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE records SET cost_bytes = body_bytes + 1024
    + 128 * (SELECT COUNT(*) FROM record_players p WHERE p.record_id = records.id);
UPDATE devices SET stored_bytes =
    (SELECT COALESCE(SUM(r.cost_bytes), 0) FROM records r WHERE r.device_id = devices.id);

-- Everything stored, per hour: the ceiling on the whole collection per day is read from here
-- in the storing transaction (exact however many instances share the database).
CREATE TABLE hourly_usage (
    hour    BIGINT PRIMARY KEY,
    records BIGINT NOT NULL,
    bytes   BIGINT NOT NULL
);
INSERT INTO hourly_usage (hour, records, bytes)
SELECT received_at_ms / 3600000, COUNT(*), SUM(cost_bytes) FROM records
GROUP BY received_at_ms / 3600000;

-- Where each device registered from, as a keyed hash of its address (IPv6 by its prefix), so
-- a farm's devices can be seen and purged together (ply-server farms, ply-server purge)
-- without storing addresses; NULL for devices registered before. The key is made by the
-- server at its first start and kept here.
ALTER TABLE devices ADD COLUMN registered_from TEXT;
CREATE INDEX devices_registered_from ON devices (registered_from);
CREATE INDEX devices_created ON devices (created_at_ms);
CREATE TABLE server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
