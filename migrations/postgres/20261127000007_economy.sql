-- teenpatti schema v7: the server's economy (issue 18). See the SQLite migration of the same name.
ALTER TABLE guild_settings ADD COLUMN economy JSONB NOT NULL DEFAULT '{}';

CREATE TABLE seasons (
    guild_id   BIGINT NOT NULL,
    number     BIGINT NOT NULL CHECK (number >= 1),
    started_at BIGINT NOT NULL,
    ended_at   BIGINT,
    board      TEXT,
    PRIMARY KEY (guild_id, number)
);

ALTER TABLE ledger DROP CONSTRAINT ledger_reason_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_reason_check CHECK (reason IN
    ('starting_grant', 'daily', 'bet', 'pot_won', 'refund', 'admin_grant', 'transfer',
     'season_reset', 'fee', 'buy_in', 'prize'));
