//! The hot path's bulk statements on SQLite: each reads the batch's rows from a JSON array (`json_each(?1)`),
//! a row's fields by position (`value ->> N`, the positions of `actions.rs`'s row structs).

pub(super) const INSERT_HANDS: &str =
    "INSERT INTO hands (id, table_id, guild_id, channel_id, rules, seats, setup, seed, status, pot, started_at, fair) \
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, \
            ?2, 0, value ->> 8, value ->> 9 FROM json_each(?1)";

// Each statement is driven by the batch's rows (`json_each`), looking rows
// up by key: `CROSS JOIN` fixes the join order and `+status` keeps SQLite
// from scanning the live hands' index and reading the batch once per hand.
// The checked statements come twice: counting (the hot path: rows come
// back one by one from SQLite's thread, so none are asked for) and naming
// (`RETURNING` the rows that passed, to set aside those that did not).
macro_rules! insert_actions {
    () => {
        "INSERT OR IGNORE INTO hand_actions (hand_id, seq, seat, action, idem_key, created_at, writer) \
     SELECT h.id, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, ?3 \
     FROM json_each(?1) j CROSS JOIN hands h ON h.id = j.value ->> 0 \
     WHERE +h.status = ?2 AND h.guild_id = j.value ->> 6 AND h.seats = j.value ->> 7 \
       AND (j.value ->> 1 = 0 OR EXISTS \
            (SELECT 1 FROM hand_actions p WHERE p.hand_id = h.id AND p.seq = (j.value ->> 1) - 1))"
    };
}
pub(super) const INSERT_ACTIONS: &str = insert_actions!();
pub(super) const INSERT_ACTIONS_NAMING: &str = concat!(insert_actions!(), " RETURNING hand_id, seq");

pub(super) const INSERT_PLAYERS: &str = "INSERT INTO hand_players (guild_id, user_id, hand_id) \
     SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?1)";

pub(super) const INSERT_LEDGER: &str = "INSERT INTO ledger (guild_id, user_id, delta, reason, hand_id, created_at) \
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?1)";

macro_rules! update_wallets {
    () => {
        "UPDATE wallets SET balance = balance + d.net \
     FROM (SELECT value ->> 0 AS g, value ->> 1 AS u, value ->> 2 AS net, value ->> 3 AS out FROM json_each(?1)) d \
     WHERE wallets.guild_id = d.g AND wallets.user_id = d.u AND wallets.balance >= d.out"
    };
}
pub(super) const UPDATE_WALLETS: &str = update_wallets!();
pub(super) const UPDATE_WALLETS_NAMING: &str = concat!(update_wallets!(), " RETURNING guild_id, user_id");

macro_rules! end_hands {
    () => {
        "UPDATE hands SET status = ?2, pot = d.pot, winners = d.winners, ended_by = d.ended_by, \
       finished_at = d.at \
     FROM (SELECT value ->> 0 AS id, value ->> 1 AS pot, value ->> 2 AS winners, value ->> 3 AS ended_by, \
             value ->> 4 AS at FROM json_each(?1)) d \
     WHERE hands.id = d.id AND +hands.status = ?3 \
       AND d.pot = (SELECT COALESCE(-SUM(l.delta), 0) FROM ledger l WHERE l.hand_id = d.id AND l.reason = ?4)"
    };
}
pub(super) const END_HANDS: &str = end_hands!();
pub(super) const END_HANDS_NAMING: &str = concat!(end_hands!(), " RETURNING id");

pub(super) const BALANCES: &str =
    "SELECT user_id, balance FROM wallets WHERE guild_id = $1 AND user_id IN (SELECT value FROM json_each($2))";
pub(super) const NOW_MS: &str = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
pub(super) const LOCK_SHARED: &str = "";
pub(super) const BEGIN_WRITE: &str = "BEGIN IMMEDIATE";
