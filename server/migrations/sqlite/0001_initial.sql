-- Ply collector schema v1 (SQLite). Kept in step with ../postgres/0001_initial.sql: the same
-- tables, columns and indexes; only the sequence column's type differs.

CREATE TABLE devices (
    id            TEXT PRIMARY KEY,
    token_sha256  TEXT NOT NULL UNIQUE,
    platform      TEXT NOT NULL,
    app_version   TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);

-- One row per stored game. `id` (the record's UUID) is the idempotency key; `seq` is the
-- server-assigned export cursor, increasing in commit order.
CREATE TABLE records (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    id             TEXT NOT NULL UNIQUE,
    body_sha256    TEXT NOT NULL,
    body           TEXT NOT NULL,
    game           TEXT NOT NULL,
    variant        TEXT NOT NULL,
    result         TEXT NOT NULL,
    plies          BIGINT NOT NULL,
    device_id      TEXT NOT NULL REFERENCES devices(id),
    received_at_ms BIGINT NOT NULL
);
CREATE INDEX records_game_seq ON records (game, seq);

-- One row per seat of each game, for results by engine and depth.
CREATE TABLE record_players (
    record_id TEXT NOT NULL REFERENCES records(id),
    seat      BIGINT NOT NULL,
    engine    TEXT NOT NULL,
    depth     BIGINT NOT NULL,
    outcome   TEXT NOT NULL,
    PRIMARY KEY (record_id, seat)
);

-- One row per computer move that carries search statistics, for nodes per move by algorithm.
CREATE TABLE record_moves (
    record_id TEXT NOT NULL REFERENCES records(id),
    ply       BIGINT NOT NULL,
    seat      BIGINT NOT NULL,
    engine    TEXT NOT NULL,
    depth     BIGINT NOT NULL,
    phase     TEXT NOT NULL,
    nodes     BIGINT NOT NULL,
    time_ms   BIGINT NOT NULL,
    PRIMARY KEY (record_id, ply)
);
