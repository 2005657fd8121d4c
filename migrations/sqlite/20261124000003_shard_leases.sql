-- teenpatti schema v3: who runs which shard's tables, and who wrote each action (docs/scale-out.md).
--
-- One row per Discord shard, held by one process at a time: its owner (host:pid), a fencing token (random,
-- new at every take-over) that every write batch checks, and an expiry in unix milliseconds by the
-- database's clock, renewed while the process lives. On SQLite one process has the file (a lock file keeps
-- a second one out); the rows are the same as on PostgreSQL.
CREATE TABLE shard_leases (
    shard       INTEGER PRIMARY KEY CHECK (shard >= 0),
    shard_count INTEGER NOT NULL CHECK (shard_count > shard),
    owner       TEXT    NOT NULL,
    token       INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);

-- The process (lease owner) that recorded the action: no table is ever acted on by two processes at once.
ALTER TABLE hand_actions ADD COLUMN writer TEXT;
