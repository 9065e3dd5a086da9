-- What the strength statistics need (`/v1/stats`: human accuracy and results by engine level and
-- by game phase, each level's Elo against people). Kept in step with the other dialect's folder.

-- The difficulty level (1-10) a computer seat was set to, from the record's engine description;
-- NULL for people and for engines set by hand. Stored games get theirs from their bodies.
ALTER TABLE record_players ADD COLUMN level BIGINT;
UPDATE record_players SET level = (
    SELECT CAST(json_extract(r.body, '$.players[' || record_players.seat || '].engine.level') AS BIGINT)
    FROM records r WHERE r.id = record_players.record_id
);

-- One row per reviewed move that had a choice (forced moves have no accuracy): who played it,
-- in which phase, its label and its Lichess accuracy. Written with the review; the server fills
-- it for reviews stored before this table existed.
CREATE TABLE review_moves (
    record_seq BIGINT NOT NULL REFERENCES reviews(record_seq),
    ply        BIGINT NOT NULL,
    seat       BIGINT NOT NULL,
    phase      TEXT NOT NULL,
    label      TEXT NOT NULL,
    accuracy   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (record_seq, ply)
);
