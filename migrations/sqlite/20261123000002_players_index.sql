-- teenpatti schema v2: who sat in which hand, and no per-bet index by user.
--
-- The v1 index ledger_by_wallet (guild_id, user_id, reason) took one insert
-- at a random place per bet row: with a thousand players betting, every bet
-- wrote its own index page, the largest cost of a commit (see docs/store.md).
-- A user's bets are now found through the hands they sat in (hand_players,
-- written once per seat per hand, then ledger_by_hand); the per-user index
-- keeps only the rows that are not bets (grants, pots won, refunds), and a
-- guild's rows are found through ledger_by_guild (appended to, per guild).

CREATE TABLE hand_players (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    hand_id  INTEGER NOT NULL REFERENCES hands (id),
    PRIMARY KEY (guild_id, user_id, hand_id)
) WITHOUT ROWID;

INSERT INTO hand_players (guild_id, user_id, hand_id)
    SELECT h.guild_id, j.value, h.id FROM hands h, json_each(h.seats) j;

DROP INDEX ledger_by_wallet;
CREATE INDEX ledger_by_wallet ON ledger (guild_id, user_id, id) WHERE reason <> 'bet';
CREATE INDEX ledger_by_guild ON ledger (guild_id);
