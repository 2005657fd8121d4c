-- teenpatti schema v1. Portable SQL where it costs nothing (PostgreSQL is
-- planned): INTEGER ids and amounts (Discord ids are u64 stored as i64),
-- unix-second timestamps written by the application, TEXT JSON, no
-- SQLite-only functions. Chips are whole numbers, never floats.

CREATE TABLE guild_settings (
    guild_id            INTEGER PRIMARY KEY,
    starting_balance    INTEGER NOT NULL CHECK (starting_balance >= 0),
    daily_amount        INTEGER NOT NULL CHECK (daily_amount >= 0),
    daily_cooldown_secs INTEGER NOT NULL CHECK (daily_cooldown_secs >= 0),
    default_rules       TEXT    NOT NULL,
    turn_seconds        INTEGER NOT NULL CHECK (turn_seconds > 0),
    updated_at          INTEGER NOT NULL
);

CREATE TABLE wallets (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    balance       INTEGER NOT NULL CHECK (balance >= 0),
    last_daily_at INTEGER,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX wallets_by_balance ON wallets (guild_id, balance DESC);

CREATE TABLE game_tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    opener_id    INTEGER NOT NULL,
    rules        TEXT    NOT NULL,
    max_players  INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 10),
    turn_seconds INTEGER NOT NULL CHECK (turn_seconds > 0),
    message_id   INTEGER,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'closed')),
    created_at   INTEGER NOT NULL,
    closed_at    INTEGER
);
-- At most one open table per channel.
CREATE UNIQUE INDEX game_tables_one_open_per_channel ON game_tables (channel_id) WHERE status = 'open';
CREATE INDEX game_tables_by_guild ON game_tables (guild_id, status);

CREATE TABLE table_seats (
    table_id  INTEGER NOT NULL REFERENCES game_tables (id),
    user_id   INTEGER NOT NULL,
    position  INTEGER NOT NULL,
    sat_out   BOOLEAN NOT NULL DEFAULT FALSE,
    timeouts  INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE hands (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    rules       TEXT    NOT NULL,
    seats       TEXT    NOT NULL,
    setup       TEXT    NOT NULL,
    seed        INTEGER,
    status      TEXT    NOT NULL CHECK (status IN ('live', 'finished', 'refunded')),
    pot         INTEGER NOT NULL DEFAULT 0 CHECK (pot >= 0),
    winners     TEXT,
    ended_by    TEXT,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX hands_history ON hands (guild_id, channel_id, started_at DESC);
CREATE INDEX hands_live ON hands (status) WHERE status = 'live';

CREATE TABLE hand_actions (
    hand_id    INTEGER NOT NULL REFERENCES hands (id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    action     TEXT    NOT NULL,
    idem_key   TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (hand_id, seq)
);

CREATE TABLE ledger (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    delta      INTEGER NOT NULL,
    reason     TEXT    NOT NULL CHECK (reason IN
                   ('starting_grant', 'daily', 'bet', 'pot_won', 'refund', 'admin_grant', 'transfer')),
    hand_id    INTEGER REFERENCES hands (id),
    actor_id   INTEGER,
    note       TEXT,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
);
CREATE INDEX ledger_by_wallet ON ledger (guild_id, user_id, reason);
CREATE INDEX ledger_by_hand ON ledger (hand_id);
