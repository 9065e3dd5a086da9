-- Games from outside the apps (`ply records import`: the WTHOR archive, Logistello's book),
-- kept apart from the devices' records: no statistic and no export of records reads this table.
-- Kept in step with the other dialect's folder.
CREATE TABLE external_games (
    -- Named by the importer (`--source`, default the format: `wthor`).
    source       TEXT NOT NULL,
    -- The file's name (`WTH_1977.wtb`) and the game's place in it, from 1.
    file         TEXT NOT NULL,
    number       BIGINT NOT NULL,
    game         TEXT NOT NULL,
    -- The year the file gives its games.
    year         BIGINT NOT NULL,
    -- The archive's tournament and player numbers (names live in its WTHOR.TRN and WTHOR.JOU).
    tournament   BIGINT NOT NULL,
    black_player BIGINT NOT NULL,
    white_player BIGINT NOT NULL,
    -- The moves in the game's notation, passes written out (`f5d6...`).
    moves        TEXT NOT NULL,
    -- 1 when the rules end the game where its moves end.
    finished     BIGINT NOT NULL,
    -- Black's discs as the file states them, and on the final board (empties to the winner).
    stored_score BIGINT NOT NULL,
    final_score  BIGINT NOT NULL,
    PRIMARY KEY (source, file, number)
);
