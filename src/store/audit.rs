//! The books: checks that no chip was lost or invented.

use super::db::{sql, Held};
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    /// Wallets whose balance is not the sum of their ledger rows.
    pub wallet_mismatches: Vec<WalletMismatch>,
    pub hand_mismatches: Vec<HandMismatch>,
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
    /// Each balance is its ledger, each hand's chips are accounted for, and
    /// balances + live pots = chips ever granted.
    pub fn ok(&self) -> bool {
        self.wallet_mismatches.is_empty()
            && self.hand_mismatches.is_empty()
            && self.transfers_net == 0
            && self.orphan_ledger_rows == 0
            && self.total_balances + self.live_pots == self.total_granted
    }
}

impl std::fmt::Display for Audit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: balances {} + live pots {} = {} (granted {}); {} wallet mismatches, {} hand mismatches",
            if self.ok() { "ok" } else { "FAILED" },
            self.total_balances,
            self.live_pots,
            self.total_balances + self.live_pots,
            self.total_granted,
            self.wallet_mismatches.len(),
            self.hand_mismatches.len(),
        )
    }
}

impl Store {
    /// Audits every guild. Reads everything in one read transaction, so the
    /// figures are one consistent snapshot even while tables play.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn audit(&self) -> Result<Audit, StoreError> {
        // One snapshot for every statement, so that the sums agree with each other while the writer goes on.
        let mut tx = self.pool.acquire().await.ctx("auditing")?;
        tx.begin_snapshot().await.ctx("auditing")?;
        let audit = audit(&mut tx).await;
        let end = if audit.is_ok() { "COMMIT" } else { "ROLLBACK" };
        sql(end).execute(&mut tx).await.ctx("auditing")?;
        audit
    }
}

/// The audit's statements, in one read transaction.
async fn audit(tx: &mut Held) -> Result<Audit, StoreError> {
    let wallet_mismatches: Vec<WalletMismatch> = sql(
        "SELECT w.guild_id, w.user_id, w.balance, CAST(COALESCE(l.total, 0) AS BIGINT) AS ledger_sum FROM wallets w \
             LEFT JOIN (SELECT guild_id, user_id, SUM(delta) AS total FROM ledger GROUP BY guild_id, user_id) l \
               ON l.guild_id = w.guild_id AND l.user_id = w.user_id \
             WHERE w.balance <> COALESCE(l.total, 0)",
    )
    .all(&mut *tx)
    .await
    .ctx("auditing wallets")?;
    let hand_mismatches: Vec<HandMismatch> =
        sql("SELECT h.id AS hand_id, h.status, h.pot, CAST(COALESCE(-l.total, 0) AS BIGINT) AS in_hand FROM hands h \
             LEFT JOIN (SELECT hand_id, SUM(delta) AS total, -SUM(CASE WHEN reason = $1 THEN delta ELSE 0 END) AS bets \
                        FROM ledger WHERE hand_id IS NOT NULL GROUP BY hand_id) l \
               ON l.hand_id = h.id \
             WHERE CASE WHEN h.status = $2 THEN COALESCE(l.total, 0) > 0 \
                        ELSE COALESCE(l.total, 0) <> 0 OR (h.status = $3 AND h.pot <> COALESCE(l.bets, 0)) END")
        .bind(Reason::Bet)
        .bind(HandStatus::Live)
        .bind(HandStatus::Finished)
        .all(&mut *tx)
        .await
        .ctx("auditing hands")?;
    let total_balances: Option<i64> =
        sql("SELECT CAST(SUM(balance) AS BIGINT) FROM wallets").scalar(&mut *tx).await.ctx("auditing balances")?;
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
        hand_mismatches,
        total_balances: total_balances.unwrap_or(0),
        live_pots: live_pots.unwrap_or(0),
        total_granted: granted.unwrap_or(0),
        transfers_net: transfers.unwrap_or(0),
        orphan_ledger_rows,
    })
}
