-- teenpatti schema v8: sit-and-go tournaments (issue 18).
--
-- A tournament registers players (each buy-in moved from their wallet to the tournament's pool, a wallet of its
-- own), then plays at a table of its own with tournament chips: wallets of a guild id of its own (its purse,
-- `GuildId::purse`), so the server's wallets never take part in its hands. Its plan (JSON) holds the boot
-- schedule and the prize split.
CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    opener_id  INTEGER NOT NULL,
    buy_in     INTEGER NOT NULL CHECK (buy_in >= 0),
    seats      INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 10),
    stack      INTEGER NOT NULL CHECK (stack > 0),
    turn_seconds INTEGER NOT NULL CHECK (turn_seconds > 0),
    plan       TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    table_id   INTEGER REFERENCES game_tables (id),
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    ended_at   INTEGER
);
-- At most one tournament registering or running per channel.
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel_id) WHERE status IN ('registering', 'running');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    registered_at INTEGER NOT NULL,
    -- Its final place (1 = won) once knocked out or the tournament is over.
    place         INTEGER CHECK (place >= 1),
    prize         INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);

-- The tournament a table belongs to (NULL: a table of the server's chips).
ALTER TABLE game_tables ADD COLUMN tournament_id INTEGER;
