//! The books: checks that no chip was lost or invented. The same statements serve the bot ([`Store::audit`],
//! on its readers' pool) and the operator's `teenpatti-bot audit` ([`super::ReadOnly::audit`], on a read-only
//! connection that never migrates): both read one snapshot through [`audit_snapshot`].

use sqlx::migrate::Migrator;

use super::db::{sql, Held, Pool};
use super::error::Ctx;
use super::{HandStatus, Reason, Store, StoreError};
use crate::ids::{GuildId, HandId, UserId};

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct WalletMismatch {
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    pub balance: i64,
    pub ledger_sum: i64,
}

/// A wallet below zero: the schema's `CHECK` forbids it, so only a hand outside the bot (an edit with the checks
/// off, a restore of a damaged file) makes one.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct NegativeBalance {
    #[sqlx(rename = "guild_id")]
    pub guild: GuildId,
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    pub balance: i64,
}

/// A hand whose ledger rows disagree with its state: a finished or refunded
/// hand's rows must sum to zero, a finished hand's pot must be its bets, and
/// a live hand cannot hold fewer than no chips. (A live hand's pot is what
/// its rows hold: it is not stored until the hand ends.)
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HandMismatch {
    pub hand_id: HandId,
    pub status: HandStatus,
    pub pot: i64,
    /// Chips the ledger says are in the hand (minus the sum of its rows).
    pub in_hand: i64,
    /// Chips its bet rows took from the players.
    pub bets: i64,
}

/// A listed row and the length of the whole list (`COUNT(*) OVER ()`, counted before the `LIMIT`): a damaged
/// database may have a problem in every row, and the audit lists a bounded number of them.
#[derive(sqlx::FromRow)]
struct Counted<T> {
    #[sqlx(flatten)]
    row: T,
    listed_of: i64,
}

/// The rows and the whole count of a listed check.
fn counted<T>(rows: Vec<Counted<T>>) -> (Vec<T>, i64) {
    let total = rows.first().map_or(0, |r| r.listed_of);
    (rows.into_iter().map(|r| r.row).collect(), total)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    /// Wallets whose balance is not the sum of their ledger rows: the first [`Audit::LISTED`], by server and
    /// user.
    pub wallet_mismatches: Vec<WalletMismatch>,
    /// How many wallets are off their ledger in all.
    pub wallet_mismatch_count: i64,
    /// Wallets below zero: the first [`Audit::LISTED`], by server and user.
    pub negative_balances: Vec<NegativeBalance>,
    /// How many wallets are below zero in all.
    pub negative_balance_count: i64,
    /// Hands whose rows disagree with their pot or status: the first [`Audit::LISTED`], by id.
    pub hand_mismatches: Vec<HandMismatch>,
    /// How many hands disagree in all.
    pub hand_mismatch_count: i64,
    /// Wallets, every server's.
    pub wallets: i64,
    /// Hands ever dealt (live, finished and refunded).
    pub hands: i64,
    /// Sum of every balance.
    pub total_balances: i64,
    /// Chips in the pots of live hands.
    pub live_pots: i64,
    /// starting_grant + daily + admin_grant + season_reset rows, signed.
    pub total_granted: i64,
    /// Sum of transfer rows (always zero when the books are right).
    pub transfers_net: i64,
    /// Ledger rows for a wallet that does not exist.
    pub orphan_ledger_rows: i64,
}

impl Audit {
    /// The most rows a listed check keeps (the counts are whole).
    pub const LISTED: i64 = 100;

    /// Each balance is its ledger and not below zero, each hand's chips are accounted for, and
    /// balances + live pots = chips ever granted.
    pub fn ok(&self) -> bool {
        self.wallet_mismatch_count == 0
            && self.negative_balance_count == 0
            && self.hand_mismatch_count == 0
            && self.transfers_net == 0
            && self.orphan_ledger_rows == 0
            && self.total_balances + self.live_pots == self.total_granted
    }
}

impl std::fmt::Display for Audit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: balances {} + live pots {} = {} (granted {}); {} wallet mismatches, {} negative balances, {} hand \
             mismatches",
            if self.ok() { "ok" } else { "FAILED" },
            self.total_balances,
            self.live_pots,
            self.total_balances + self.live_pots,
            self.total_granted,
            self.wallet_mismatch_count,
            self.negative_balance_count,
            self.hand_mismatch_count,
        )?;
        // Named only when wrong: a failed audit always says which of its checks failed.
        if self.transfers_net != 0 {
            write!(f, ", transfers net {} (not 0)", self.transfers_net)?;
        }
        if self.orphan_ledger_rows != 0 {
            write!(f, ", {} ledger rows of no wallet", self.orphan_ledger_rows)?;
        }
        Ok(())
    }
}

impl Store {
    /// Audits every guild. Reads everything in one read transaction, so the
    /// figures are one consistent snapshot even while tables play.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn audit(&self) -> Result<Audit, StoreError> {
        audit_snapshot(&self.pool, None).await
    }
}

/// The audit's statements on one connection of `pool`, in one read transaction, so that the sums agree with each
/// other while a writer goes on. `schema`: first check, in the same snapshot, that the database is at this
/// binary's schema (`offline::check_schema`: the offline audit, which never migrates, reads its statements only
/// against the schema they were written for); the database is named as `shown` in its refusal.
pub(super) async fn audit_snapshot(pool: &Pool, schema: Option<(&Migrator, &str)>) -> Result<Audit, StoreError> {
    let mut tx = pool.acquire().await.ctx("auditing")?;
    tx.begin_snapshot().await.ctx("auditing")?;
    let audit = async {
        if let Some((migrator, shown)) = schema {
            super::offline::check_schema(&mut tx, migrator, shown, false).await?;
        }
        read_books(&mut tx).await
    }
    .await;
    let end = if audit.is_ok() { "COMMIT" } else { "ROLLBACK" };
    let ended = sql(end).execute(&mut tx).await.ctx("auditing");
    // The audit's own error first: a failed ROLLBACK after it says less.
    let audit = audit?;
    ended?;
    Ok(audit)
}

/// The audit's statements, in the read transaction `tx` is in.
async fn read_books(tx: &mut Held) -> Result<Audit, StoreError> {
    let listed: Vec<Counted<WalletMismatch>> =
        sql("SELECT w.guild_id, w.user_id, w.balance, CAST(COALESCE(l.total, 0) AS BIGINT) AS ledger_sum, \
                COUNT(*) OVER () AS listed_of FROM wallets w \
             LEFT JOIN (SELECT guild_id, user_id, SUM(delta) AS total FROM ledger GROUP BY guild_id, user_id) l \
               ON l.guild_id = w.guild_id AND l.user_id = w.user_id \
             WHERE w.balance <> COALESCE(l.total, 0) \
             ORDER BY w.guild_id, w.user_id LIMIT $1")
        .bind(Audit::LISTED)
        .all(&mut *tx)
        .await
        .ctx("auditing wallets")?;
    let (wallet_mismatches, wallet_mismatch_count) = counted(listed);
    let listed: Vec<Counted<NegativeBalance>> =
        sql("SELECT guild_id, user_id, balance, COUNT(*) OVER () AS listed_of \
             FROM wallets WHERE balance < 0 ORDER BY guild_id, user_id LIMIT $1")
        .bind(Audit::LISTED)
        .all(&mut *tx)
        .await
        .ctx("auditing balances")?;
    let (negative_balances, negative_balance_count) = counted(listed);
    let listed: Vec<Counted<HandMismatch>> =
        sql("SELECT h.id AS hand_id, h.status, h.pot, CAST(COALESCE(-l.total, 0) AS BIGINT) AS in_hand, \
                    CAST(COALESCE(l.bets, 0) AS BIGINT) AS bets, COUNT(*) OVER () AS listed_of FROM hands h \
             LEFT JOIN (SELECT hand_id, SUM(delta) AS total, -SUM(CASE WHEN reason = $1 THEN delta ELSE 0 END) AS bets \
                        FROM ledger WHERE hand_id IS NOT NULL GROUP BY hand_id) l \
               ON l.hand_id = h.id \
             WHERE CASE WHEN h.status = $2 THEN COALESCE(l.total, 0) > 0 \
                        ELSE COALESCE(l.total, 0) <> 0 OR (h.status = $3 AND h.pot <> COALESCE(l.bets, 0)) END \
             ORDER BY h.id LIMIT $4")
        .bind(Reason::Bet)
        .bind(HandStatus::Live)
        .bind(HandStatus::Finished)
        .bind(Audit::LISTED)
        .all(&mut *tx)
        .await
        .ctx("auditing hands")?;
    let (hand_mismatches, hand_mismatch_count) = counted(listed);
    let (wallets, total_balances): (i64, Option<i64>) =
        sql("SELECT COUNT(*), CAST(SUM(balance) AS BIGINT) FROM wallets")
            .one(&mut *tx)
            .await
            .ctx("auditing balances")?;
    let hands: i64 = sql("SELECT COUNT(*) FROM hands").scalar(&mut *tx).await.ctx("auditing hands")?;
    let live_pots: Option<i64> =
        sql("SELECT CAST(-SUM(l.delta) AS BIGINT) FROM ledger l JOIN hands h ON h.id = l.hand_id WHERE h.status = $1")
            .bind(HandStatus::Live)
            .scalar(&mut *tx)
            .await
            .ctx("auditing pots")?;
    let (granted, transfers): (Option<i64>, Option<i64>) =
        sql("SELECT CAST(SUM(CASE WHEN reason IN ($1, $2, $3, $5) THEN delta ELSE 0 END) AS BIGINT), \
                    CAST(SUM(CASE WHEN reason = $4 THEN delta ELSE 0 END) AS BIGINT) \
             FROM ledger")
        .bind(Reason::StartingGrant)
        .bind(Reason::Daily)
        .bind(Reason::AdminGrant)
        .bind(Reason::Transfer)
        .bind(Reason::SeasonReset)
        .one(&mut *tx)
        .await
        .ctx("auditing grants")?;
    let orphan_ledger_rows: i64 = sql("SELECT COUNT(*) FROM ledger l WHERE NOT EXISTS \
             (SELECT 1 FROM wallets w WHERE w.guild_id = l.guild_id AND w.user_id = l.user_id)")
    .scalar(&mut *tx)
    .await
    .ctx("auditing the ledger")?;
    Ok(Audit {
        wallet_mismatches,
        wallet_mismatch_count,
        negative_balances,
        negative_balance_count,
        hand_mismatches,
        hand_mismatch_count,
        wallets,
        hands,
        total_balances: total_balances.unwrap_or(0),
        live_pots: live_pots.unwrap_or(0),
        total_granted: granted.unwrap_or(0),
        transfers_net: transfers.unwrap_or(0),
        orphan_ledger_rows,
    })
}
