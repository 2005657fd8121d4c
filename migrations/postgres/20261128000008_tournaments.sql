-- teenpatti schema v8: sit-and-go tournaments (issue 18). See the SQLite migration of the same name.
CREATE TABLE tournaments (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id     BIGINT NOT NULL,
    channel_id   BIGINT NOT NULL,
    opener_id    BIGINT NOT NULL,
    buy_in       BIGINT NOT NULL CHECK (buy_in >= 0),
    seats        BIGINT NOT NULL CHECK (seats BETWEEN 2 AND 10),
    stack        BIGINT NOT NULL CHECK (stack > 0),
    turn_seconds BIGINT NOT NULL CHECK (turn_seconds > 0),
    plan         JSONB  NOT NULL,
    status       TEXT   NOT NULL CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    table_id     BIGINT REFERENCES game_tables (id),
    created_at   BIGINT NOT NULL,
    started_at   BIGINT,
    ended_at     BIGINT
);
CREATE UNIQUE INDEX tournaments_one_per_channel ON tournaments (channel_id) WHERE status IN ('registering', 'running');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entries (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT NOT NULL,
    registered_at BIGINT NOT NULL,
    place         BIGINT CHECK (place >= 1),
    prize         BIGINT NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);

ALTER TABLE game_tables ADD COLUMN tournament_id BIGINT;
