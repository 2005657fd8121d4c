//! Wallets: one per (guild, user), created lazily with the guild's starting
//! balance. Every change is a ledger row in the same transaction.

use sqlx::SqliteConnection;

use super::error::Ctx;
use super::{get, insert_ledger, now_unix, settings, sid, uid, Entry, Reason, Store, StoreError};

/// What a daily claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyClaim {
    Claimed {
        amount: i64,
        balance: i64,
    },
    /// Claimed too recently; the next claim opens at `next_at` (unix seconds).
    TooSoon {
        next_at: i64,
    },
}

/// One ledger row, as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LedgerRow {
    pub id: i64,
    pub guild: u64,
    pub user: u64,
    pub delta: i64,
    pub reason: String,
    pub hand_id: Option<i64>,
    pub actor: Option<u64>,
    pub note: Option<String>,
    pub created_at: i64,
}

async fn current(conn: &mut SqliteConnection, guild: u64, user: u64) -> Result<Option<i64>, StoreError> {
    sqlx::query_scalar("SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?")
        .bind(sid(guild))
        .bind(sid(user))
        .fetch_optional(conn)
        .await
        .ctx("reading a balance")
}

/// The wallet's balance, creating it (with its `starting_grant` row) if new.
/// Call inside a write transaction.
pub(crate) async fn ensure(conn: &mut SqliteConnection, guild: u64, user: u64, now: i64) -> Result<i64, StoreError> {
    if let Some(b) = current(conn, guild, user).await? {
        return Ok(b);
    }
    let start = settings::load(conn, guild).await?.starting_balance.max(0);
    sqlx::query("INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?, ?, ?, ?)")
        .bind(sid(guild))
        .bind(sid(user))
        .bind(start)
        .bind(now)
        .execute(&mut *conn)
        .await
        .ctx("creating a wallet")?;
    let entry =
        Entry { guild, user, delta: start, reason: Reason::StartingGrant, hand_id: None, actor: None, note: None, now };
    insert_ledger(conn, &entry).await?;
    Ok(start)
}

/// Adds `e.delta` (any sign) to the wallet, refusing to go below zero, and
/// writes the ledger row. Returns the new balance. The wallet must exist.
pub(crate) async fn apply(conn: &mut SqliteConnection, e: &Entry<'_>) -> Result<i64, StoreError> {
    let new: Option<i64> = sqlx::query_scalar(
        "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ? AND balance + ? >= 0 \
         RETURNING balance",
    )
    .bind(e.delta)
    .bind(sid(e.guild))
    .bind(sid(e.user))
    .bind(e.delta)
    .fetch_optional(&mut *conn)
    .await
    .ctx("changing a balance")?;
    let Some(new) = new else {
        return match current(conn, e.guild, e.user).await? {
            Some(have) => Err(StoreError::InsufficientFunds { user: e.user, need: -e.delta, have }),
            None => Err(StoreError::NotFound(format!("wallet of user {} in guild {}", e.user, e.guild))),
        };
    };
    insert_ledger(conn, e).await?;
    Ok(new)
}

impl Store {
    /// The user's balance in this guild (creating the wallet with the
    /// starting grant on first use).
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn balance(&self, guild: u64, user: u64) -> Result<i64, StoreError> {
        let mut conn = self.pool.acquire().await.ctx("reading a balance")?;
        if let Some(b) = current(&mut conn, guild, user).await? {
            return Ok(b);
        }
        drop(conn);
        let mut tx = self.write_tx("creating a wallet").await?;
        let b = ensure(&mut tx, guild, user, now_unix()).await?;
        tx.commit().await.ctx("creating a wallet")?;
        Ok(b)
    }

    /// Pays the guild's daily amount unless the cooldown is still running.
    /// Two concurrent claims pay once: the update is conditional on the
    /// last claim time and runs under the write lock.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn claim_daily(&self, guild: u64, user: u64, now_unix: i64) -> Result<DailyClaim, StoreError> {
        let mut tx = self.write_tx("claiming daily chips").await?;
        let s = settings::load(&mut tx, guild).await?;
        ensure(&mut tx, guild, user, now_unix).await?;
        let claimed = sqlx::query(
            "UPDATE wallets SET last_daily_at = ? WHERE guild_id = ? AND user_id = ? \
             AND (last_daily_at IS NULL OR last_daily_at + ? <= ?)",
        )
        .bind(now_unix)
        .bind(sid(guild))
        .bind(sid(user))
        .bind(s.daily_cooldown_secs)
        .bind(now_unix)
        .execute(&mut *tx)
        .await
        .ctx("claiming daily chips")?
        .rows_affected();
        if claimed == 0 {
            let last: Option<i64> =
                sqlx::query_scalar("SELECT last_daily_at FROM wallets WHERE guild_id = ? AND user_id = ?")
                    .bind(sid(guild))
                    .bind(sid(user))
                    .fetch_one(&mut *tx)
                    .await
                    .ctx("claiming daily chips")?;
            return Ok(DailyClaim::TooSoon { next_at: last.unwrap_or(now_unix) + s.daily_cooldown_secs });
        }
        let entry = Entry {
            guild,
            user,
            delta: s.daily_amount,
            reason: Reason::Daily,
            hand_id: None,
            actor: None,
            note: None,
            now: now_unix,
        };
        let balance = apply(&mut tx, &entry).await?;
        tx.commit().await.ctx("claiming daily chips")?;
        Ok(DailyClaim::Claimed { amount: s.daily_amount, balance })
    }

    /// An admin adds (or, negative, removes) chips. Refuses to take a wallet
    /// below zero. Returns the new balance.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn admin_grant(
        &self,
        guild: u64,
        user: u64,
        amount: i64,
        admin: u64,
        note: &str,
    ) -> Result<i64, StoreError> {
        let now = now_unix();
        let mut tx = self.write_tx("granting chips").await?;
        ensure(&mut tx, guild, user, now).await?;
        let entry = Entry {
            guild,
            user,
            delta: amount,
            reason: Reason::AdminGrant,
            hand_id: None,
            actor: Some(admin),
            note: Some(note),
            now,
        };
        let balance = apply(&mut tx, &entry).await?;
        tx.commit().await.ctx("granting chips")?;
        Ok(balance)
    }

    /// Sets the wallet back to the guild's starting balance with one
    /// `admin_grant` row for the difference. Returns the new balance.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn reset_wallet(&self, guild: u64, user: u64, admin: u64) -> Result<i64, StoreError> {
        let now = now_unix();
        let mut tx = self.write_tx("resetting a wallet").await?;
        let start = settings::load(&mut tx, guild).await?.starting_balance;
        let have = ensure(&mut tx, guild, user, now).await?;
        if have != start {
            let entry = Entry {
                guild,
                user,
                delta: start - have,
                reason: Reason::AdminGrant,
                hand_id: None,
                actor: Some(admin),
                note: Some("wallet reset"),
                now,
            };
            apply(&mut tx, &entry).await?;
        }
        tx.commit().await.ctx("resetting a wallet")?;
        Ok(start)
    }

    /// Moves chips between two users of one guild (two `transfer` rows).
    /// Returns (sender's, receiver's) new balances.
    #[tracing::instrument(level = "info", skip(self), err(level = "debug"))]
    pub async fn transfer(&self, guild: u64, from: u64, to: u64, amount: i64) -> Result<(i64, i64), StoreError> {
        if amount <= 0 || from == to {
            return Err(StoreError::Invalid("a transfer needs a positive amount and two different users".into()));
        }
        let now = now_unix();
        let mut tx = self.write_tx("transferring chips").await?;
        ensure(&mut tx, guild, from, now).await?;
        ensure(&mut tx, guild, to, now).await?;
        let mut entry = Entry {
            guild,
            user: from,
            delta: -amount,
            reason: Reason::Transfer,
            hand_id: None,
            actor: Some(from),
            note: None,
            now,
        };
        let a = apply(&mut tx, &entry).await?;
        entry.user = to;
        entry.delta = amount;
        let b = apply(&mut tx, &entry).await?;
        tx.commit().await.ctx("transferring chips")?;
        Ok((a, b))
    }

    /// The user's most recent ledger rows in this guild, newest first.
    #[tracing::instrument(level = "debug", skip(self), err(level = "debug"))]
    pub async fn ledger(&self, guild: u64, user: u64, limit: u32) -> Result<Vec<LedgerRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at FROM ledger \
             WHERE guild_id = ? AND user_id = ? ORDER BY id DESC LIMIT ?",
        )
        .bind(sid(guild))
        .bind(sid(user))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .ctx("reading the ledger")?;
        rows.iter()
            .map(|r| {
                Ok(LedgerRow {
                    id: get(r, "id")?,
                    guild: uid(get(r, "guild_id")?),
                    user: uid(get(r, "user_id")?),
                    delta: get(r, "delta")?,
                    reason: get(r, "reason")?,
                    hand_id: get(r, "hand_id")?,
                    actor: get::<Option<i64>>(r, "actor_id")?.map(uid),
                    note: get(r, "note")?,
                    created_at: get(r, "created_at")?,
                })
            })
            .collect()
    }
}
