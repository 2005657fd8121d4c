//! The books: checks that no chip was lost or invented.

use super::error::Ctx;
use super::{sid, uid, Store, StoreError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletMismatch {
    pub guild: u64,
    pub user: u64,
    pub balance: i64,
    pub ledger_sum: i64,
}

/// A hand whose ledger rows disagree with its state: a live hand's bets must
/// equal its pot; a finished or refunded hand's rows must sum to zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandMismatch {
    pub hand_id: i64,
    pub status: String,
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
    /// starting_grant + daily + admin_grant rows, signed.
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
    /// Audits every guild.
    pub async fn audit(&self) -> Result<Audit, StoreError> {
        self.audit_scope(None).await
    }

    /// Audits one guild.
    pub async fn audit_guild(&self, guild: u64) -> Result<Audit, StoreError> {
        self.audit_scope(Some(guild)).await
    }

    /// Reads everything in one read transaction, so the figures are one
    /// consistent snapshot even while tables play.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    async fn audit_scope(&self, guild: Option<u64>) -> Result<Audit, StoreError> {
        let g = guild.map(sid);
        let mut tx = self.pool.begin().await.ctx("auditing")?;
        let mismatches: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT w.guild_id, w.user_id, w.balance, COALESCE(l.total, 0) FROM wallets w \
             LEFT JOIN (SELECT guild_id, user_id, SUM(delta) AS total FROM ledger GROUP BY guild_id, user_id) l \
               ON l.guild_id = w.guild_id AND l.user_id = w.user_id \
             WHERE (? IS NULL OR w.guild_id = ?) AND w.balance <> COALESCE(l.total, 0)",
        )
        .bind(g)
        .bind(g)
        .fetch_all(&mut *tx)
        .await
        .ctx("auditing wallets")?;
        let hands: Vec<(i64, String, i64, i64)> = sqlx::query_as(
            "SELECT h.id, h.status, h.pot, COALESCE(-l.total, 0) FROM hands h \
             LEFT JOIN (SELECT hand_id, SUM(delta) AS total FROM ledger WHERE hand_id IS NOT NULL GROUP BY hand_id) l \
               ON l.hand_id = h.id \
             WHERE (? IS NULL OR h.guild_id = ?) \
               AND COALESCE(-l.total, 0) <> CASE WHEN h.status = 'live' THEN h.pot ELSE 0 END",
        )
        .bind(g)
        .bind(g)
        .fetch_all(&mut *tx)
        .await
        .ctx("auditing hands")?;
        let (total_balances,): (Option<i64>,) =
            sqlx::query_as("SELECT SUM(balance) FROM wallets WHERE (? IS NULL OR guild_id = ?)")
                .bind(g)
                .bind(g)
                .fetch_one(&mut *tx)
                .await
                .ctx("auditing balances")?;
        let (live_pots,): (Option<i64>,) =
            sqlx::query_as("SELECT SUM(pot) FROM hands WHERE status = 'live' AND (? IS NULL OR guild_id = ?)")
                .bind(g)
                .bind(g)
                .fetch_one(&mut *tx)
                .await
                .ctx("auditing pots")?;
        let (granted, transfers): (Option<i64>, Option<i64>) = sqlx::query_as(
            "SELECT SUM(CASE WHEN reason IN ('starting_grant', 'daily', 'admin_grant') THEN delta ELSE 0 END), \
                    SUM(CASE WHEN reason = 'transfer' THEN delta ELSE 0 END) \
             FROM ledger WHERE (? IS NULL OR guild_id = ?)",
        )
        .bind(g)
        .bind(g)
        .fetch_one(&mut *tx)
        .await
        .ctx("auditing grants")?;
        let orphans: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ledger l WHERE (? IS NULL OR l.guild_id = ?) AND NOT EXISTS \
             (SELECT 1 FROM wallets w WHERE w.guild_id = l.guild_id AND w.user_id = l.user_id)",
        )
        .bind(g)
        .bind(g)
        .fetch_one(&mut *tx)
        .await
        .ctx("auditing the ledger")?;
        tx.commit().await.ctx("auditing")?;
        Ok(Audit {
            wallet_mismatches: mismatches
                .into_iter()
                .map(|(g, u, balance, ledger_sum)| WalletMismatch { guild: uid(g), user: uid(u), balance, ledger_sum })
                .collect(),
            hand_mismatches: hands
                .into_iter()
                .map(|(hand_id, status, pot, in_hand)| HandMismatch { hand_id, status, pot, in_hand })
                .collect(),
            total_balances: total_balances.unwrap_or(0),
            live_pots: live_pots.unwrap_or(0),
            total_granted: granted.unwrap_or(0),
            transfers_net: transfers.unwrap_or(0),
            orphan_ledger_rows: orphans,
        })
    }
}
