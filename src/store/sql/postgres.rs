//! The hot path's bulk statements on PostgreSQL: the batch's rows come from `json_array_elements` as text, cast to
//! the columns' types.

// The same statements on PostgreSQL: the batch's rows come from `json_array_elements` as text, cast to the
// columns' types; a statement does not see the rows it inserts itself (as SQLite's may), which only means that
// two actions of one hand in one batch are recorded one after the other (a table sends one at a time anyway).
pub(super) const INSERT_HANDS: &str =
    "INSERT INTO hands (id, table_id, guild_id, channel_id, rules, seats, setup, seed, status, pot, started_at, fair) \
     SELECT CAST(value ->> 0 AS BIGINT), CAST(value ->> 1 AS BIGINT), CAST(value ->> 2 AS BIGINT), \
            CAST(value ->> 3 AS BIGINT), CAST(value ->> 4 AS JSONB), CAST(value ->> 5 AS JSONB), \
            CAST(value ->> 6 AS JSONB), CAST(value ->> 7 AS BIGINT), $2, 0, CAST(value ->> 8 AS BIGINT), \
            value ->> 9 \
     FROM json_array_elements(CAST($1 AS JSON))";

pub(super) const INSERT_PLAYERS: &str = "INSERT INTO hand_players (guild_id, user_id, hand_id) \
     SELECT CAST(value ->> 0 AS BIGINT), CAST(value ->> 1 AS BIGINT), CAST(value ->> 2 AS BIGINT) \
     FROM json_array_elements(CAST($1 AS JSON))";

macro_rules! pg_insert_actions {
    () => {
        "INSERT INTO hand_actions (hand_id, seq, seat, action, idem_key, created_at, writer) \
     SELECT h.id, j.seq, j.seat, j.action, j.key, j.at, $3 \
     FROM (SELECT CAST(value ->> 0 AS BIGINT) AS hand, CAST(value ->> 1 AS BIGINT) AS seq, \
                  CAST(value ->> 2 AS BIGINT) AS seat, CAST(value ->> 3 AS JSONB) AS action, value ->> 4 AS key, \
                  CAST(value ->> 5 AS BIGINT) AS at, CAST(value ->> 6 AS BIGINT) AS guild, \
                  CAST(value ->> 7 AS JSONB) AS seats \
           FROM json_array_elements(CAST($1 AS JSON))) j \
     JOIN hands h ON h.id = j.hand \
     WHERE h.status = $2 AND h.guild_id = j.guild AND h.seats = j.seats \
       AND (j.seq = 0 OR (SELECT MAX(p.seq) FROM hand_actions p WHERE p.hand_id = h.id) = j.seq - 1) \
     ON CONFLICT DO NOTHING"
    };
}
pub(super) const INSERT_ACTIONS: &str = pg_insert_actions!();
pub(super) const INSERT_ACTIONS_NAMING: &str = concat!(pg_insert_actions!(), " RETURNING hand_id, seq");

pub(super) const INSERT_LEDGER: &str = "INSERT INTO ledger (guild_id, user_id, delta, reason, hand_id, created_at) \
     SELECT CAST(value ->> 0 AS BIGINT), CAST(value ->> 1 AS BIGINT), CAST(value ->> 2 AS BIGINT), value ->> 3, \
            CAST(value ->> 4 AS BIGINT), CAST(value ->> 5 AS BIGINT) \
     FROM json_array_elements(CAST($1 AS JSON))";

macro_rules! pg_update_wallets {
    () => {
        "UPDATE wallets SET balance = wallets.balance + d.net \
     FROM (SELECT CAST(value ->> 0 AS BIGINT) AS g, CAST(value ->> 1 AS BIGINT) AS u, \
                  CAST(value ->> 2 AS BIGINT) AS net, CAST(value ->> 3 AS BIGINT) AS out \
           FROM json_array_elements(CAST($1 AS JSON))) d \
     WHERE wallets.guild_id = d.g AND wallets.user_id = d.u AND wallets.balance >= d.out"
    };
}
pub(super) const UPDATE_WALLETS: &str = pg_update_wallets!();
pub(super) const UPDATE_WALLETS_NAMING: &str =
    concat!(pg_update_wallets!(), " RETURNING wallets.guild_id, wallets.user_id");

macro_rules! pg_end_hands {
    () => {
        "UPDATE hands SET status = $2, pot = d.pot, winners = d.winners, ended_by = d.ended_by, finished_at = d.at \
     FROM (SELECT CAST(value ->> 0 AS BIGINT) AS id, CAST(value ->> 1 AS BIGINT) AS pot, \
                  CAST(value ->> 2 AS JSONB) AS winners, value ->> 3 AS ended_by, CAST(value ->> 4 AS BIGINT) AS at \
           FROM json_array_elements(CAST($1 AS JSON))) d \
     WHERE hands.id = d.id AND hands.status = $3 \
       AND d.pot = (SELECT COALESCE(-SUM(l.delta), 0) FROM ledger l WHERE l.hand_id = d.id AND l.reason = $4)"
    };
}
pub(super) const END_HANDS: &str = pg_end_hands!();
pub(super) const END_HANDS_NAMING: &str = concat!(pg_end_hands!(), " RETURNING hands.id");

// `= ANY(ARRAY(…))`: the users' keys are looked up in the primary key, whatever the planner believes the JSON holds.
pub(super) const BALANCES: &str = "SELECT user_id, balance FROM wallets WHERE guild_id = $1 \
     AND user_id = ANY(ARRAY(SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST($2 AS JSON))))";
pub(super) const NOW_MS: &str = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";
pub(super) const LOCK_SHARED: &str = " FOR SHARE";
pub(super) const BEGIN_WRITE: &str = "BEGIN";
