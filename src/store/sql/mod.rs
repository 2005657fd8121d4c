//! The statements that differ between the two databases, in one table per dialect (`sqlite.rs`, `postgres.rs`):
//! the hot path's bulk statements (the batch read from a JSON array), and the few small differences elsewhere (the
//! clock, a shared row lock, how a write transaction begins, a list of users). Every other statement is written
//! once, in the SQL both databases read. The error codes of each are in `dialect.rs`.

use super::db::Backend;

mod postgres;
mod sqlite;

/// One dialect's statements.
pub(crate) struct Statements {
    /// New hands: `[id, table, guild, channel, rules, seats, setup, seed, started_at, fair]` rows; ?2 the status.
    pub insert_hands: &'static str,
    /// The players of new hands: `[guild, user, hand]` rows.
    pub insert_players: &'static str,
    /// Actions: `[hand, seq, seat, action, key, at, guild, seats]` rows; ?2 the live status, ?3 the writer. Counting
    /// (the hot path), and naming the rows that passed (`RETURNING`, to set aside those that did not).
    pub insert_actions: &'static str,
    pub insert_actions_naming: &'static str,
    /// Ledger rows: `[guild, user, delta, reason, hand, at]`.
    pub insert_ledger: &'static str,
    /// Wallets moved: `[guild, user, net, out]` rows, refused where the balance is below `out`.
    pub update_wallets: &'static str,
    pub update_wallets_naming: &'static str,
    /// Hands ended: `[id, pot, winners, ended_by, at]` rows; ?2 the new status, ?3 the live one, ?4 the bet reason.
    pub end_hands: &'static str,
    pub end_hands_naming: &'static str,
    /// Several users' balances in a guild: $1 the guild, $2 a JSON array of user ids.
    pub balances: &'static str,
    /// Now, in unix milliseconds, by the database's clock.
    pub now_ms: &'static str,
    /// Appended to a `SELECT` whose rows must stay as read until the transaction ends.
    pub lock_shared: &'static str,
    /// How the writer begins a transaction.
    pub begin_write: &'static str,
}

/// A dialect's table, from its module's constants (each named as its field, in capitals).
macro_rules! statements_of {
    ($dialect:ident) => {
        Statements {
            insert_hands: $dialect::INSERT_HANDS,
            insert_players: $dialect::INSERT_PLAYERS,
            insert_actions: $dialect::INSERT_ACTIONS,
            insert_actions_naming: $dialect::INSERT_ACTIONS_NAMING,
            insert_ledger: $dialect::INSERT_LEDGER,
            update_wallets: $dialect::UPDATE_WALLETS,
            update_wallets_naming: $dialect::UPDATE_WALLETS_NAMING,
            end_hands: $dialect::END_HANDS,
            end_hands_naming: $dialect::END_HANDS_NAMING,
            balances: $dialect::BALANCES,
            now_ms: $dialect::NOW_MS,
            lock_shared: $dialect::LOCK_SHARED,
            begin_write: $dialect::BEGIN_WRITE,
        }
    };
}

static SQLITE: Statements = statements_of!(sqlite);
static POSTGRES: Statements = statements_of!(postgres);

/// The statements of `backend`'s dialect.
pub(crate) fn of(backend: Backend) -> &'static Statements {
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}
