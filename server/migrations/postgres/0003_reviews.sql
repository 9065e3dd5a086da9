-- One review per stored game (`ply records analyze`): the move-by-move review as JSON, who made
-- it and when. The primary key makes storing a review exactly-once; on PostgreSQL the workers
-- claim unreviewed records with FOR UPDATE SKIP LOCKED, so none is reviewed twice. Kept in step
-- with the other dialect's folder.
CREATE TABLE reviews (
    record_seq     BIGINT PRIMARY KEY REFERENCES records(seq),
    worker         TEXT NOT NULL,
    reviewed_at_ms BIGINT NOT NULL,
    review         TEXT NOT NULL
);
