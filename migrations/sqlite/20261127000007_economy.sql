-- teenpatti schema v7: the server's economy (issue 18).
--
-- Each server's economy settings (transfers' anti-abuse rules, bet caps, seasons) as one JSON object; a key it
-- lacks takes its default (store::settings::Economy).
ALTER TABLE guild_settings ADD COLUMN economy TEXT NOT NULL DEFAULT '{}';

-- Seasons: number 1 is the one a server is in before its first `/season new`. An ended season keeps its final
-- leaderboard (JSON) for `/leaderboard season:N`.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    started_at INTEGER NOT NULL,
    ended_at   INTEGER,
    board      TEXT,
    PRIMARY KEY (guild_id, number)
);

-- New reasons for a ledger row: a season's reset to the starting balance, a transfer's fee to the house, a
-- tournament's buy-in and prize. SQLite cannot change a CHECK in place: the table is rebuilt, every row and id
-- kept, and its indexes made again.
CREATE TABLE ledger_v7 (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    delta      INTEGER NOT NULL,
    reason     TEXT    NOT NULL CHECK (reason IN
                   ('starting_grant', 'daily', 'bet', 'pot_won', 'refund', 'admin_grant', 'transfer',
                    'season_reset', 'fee', 'buy_in', 'prize')),
    hand_id    INTEGER REFERENCES hands (id),
    actor_id   INTEGER,
    note       TEXT,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
);
INSERT INTO ledger_v7 (id, guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at)
    SELECT id, guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at FROM ledger;
DROP TABLE ledger;
ALTER TABLE ledger_v7 RENAME TO ledger;
CREATE INDEX ledger_by_wallet ON ledger (guild_id, user_id, id) WHERE reason <> 'bet';
CREATE INDEX ledger_by_hand ON ledger (hand_id);
CREATE INDEX ledger_by_guild ON ledger (guild_id);
