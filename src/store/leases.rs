//! Shard leases: which process runs which Discord shard's tables (docs/scale-out.md).
//!
//! A guild's tables belong to its shard, `(guild_id >> 22) % count`. A process takes the lease of every shard
//! it runs before it restores a table, renews them while it lives, and gives them up when it stops. A lease is
//! one row: its owner (for people), a fencing token (random, new at every take-over) and an expiry by the
//! database's clock. A process that stops renewing (killed, frozen, cut off) loses its shards when the expiry
//! passes; another process may then take them, and from that moment every write batch of the first one is
//! refused: on PostgreSQL the writer checks, at the start of each batch's transaction, that this process's
//! token is still on every shard it runs ([`Fence`]), and holds those rows (`FOR SHARE`) until the commit, so a
//! take-over waits for a batch in flight and the next batch sees it. (On SQLite the file's lock keeps every
//! other process out: the rows are kept the same way, and no batch needs to check them.)

use std::ops::RangeInclusive;
use std::time::Duration;

use super::db::{sql, Backend, Conn, Sql};
use super::error::Ctx;
use super::{Store, StoreError};

/// The leases one process holds: shards `first..=last` of `count`, all with its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    pub owner: String,
    pub token: i64,
    pub count: u32,
    pub first: u32,
    pub last: u32,
}

impl Fence {
    fn shards(&self) -> i64 {
        i64::from(self.last) - i64::from(self.first) + 1
    }

    /// `text` with this fence's shards and token bound as `$1` (first), `$2` (last) and `$3` (token).
    fn bound<'s>(&self, text: impl Into<std::borrow::Cow<'s, str>>) -> Sql<'s> {
        sql(text).bind(i64::from(self.first)).bind(i64::from(self.last)).bind(self.token)
    }
}

/// A lease length in milliseconds, as the rows store it.
fn millis(ttl: Duration) -> i64 {
    ttl.as_millis().min(i64::MAX as u128) as i64
}

/// Why a lease could not be taken now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaseRefusal {
    /// Another process holds this shard until `expires_in_ms` from now.
    Held { shard: u32, owner: String, expires_in_ms: i64 },
    /// A live process runs another shard count: the counts must agree (restart them all to change it).
    OtherCount { count: u32, owner: String },
}

impl LeaseRefusal {
    /// Who refuses, without the time left: one holder refuses the same way until it goes.
    pub fn holder(&self) -> (&str, u32) {
        match self {
            LeaseRefusal::Held { shard, owner, .. } => (owner, *shard),
            LeaseRefusal::OtherCount { count, owner } => (owner, *count),
        }
    }
}

impl std::fmt::Display for LeaseRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeaseRefusal::Held { shard, owner, expires_in_ms } => write!(
                f,
                "shard {shard} is run by {owner} (its lease ends in {:.1} s unless it renews it)",
                *expires_in_ms as f64 / 1000.0
            ),
            LeaseRefusal::OtherCount { count, owner } => {
                write!(f, "{owner} runs {count} shards in all; every process must use the same DISCORD_SHARD_COUNT")
            }
        }
    }
}

/// Now, in unix milliseconds, by the database's clock (every process compares expiries on one clock).
fn now_ms(backend: Backend) -> &'static str {
    super::sql::of(backend).now_ms
}

/// A fencing token: random, positive, new at every take-over.
pub fn new_token() -> i64 {
    (rand::random::<u64>() >> 1) as i64
}

impl Store {
    /// Takes the leases of `shards` of `count` for `owner` with `token`, for `ttl`, all or none: the shards
    /// free, expired, or already this token's. `Ok(Err(_))`: some shard is held by a live process (or a live
    /// process runs another count); nothing was taken.
    pub async fn take_leases(
        &self,
        owner: &str,
        token: i64,
        count: u32,
        shards: RangeInclusive<u32>,
        ttl: Duration,
    ) -> Result<Result<Fence, LeaseRefusal>, StoreError> {
        let fence = Fence { owner: owner.to_string(), token, count, first: *shards.start(), last: *shards.end() };
        let ttl_ms = millis(ttl);
        let f = fence.clone();
        self.writer
            .write(move |conn| Box::pin(async move { take(conn, &f, ttl_ms).await }))
            .await
            .map(|taken| taken.map(|()| fence))
    }

    /// Renews this process's leases for `ttl` more. False: another process has taken at least one of them (the
    /// caller must stop: its writes are refused from now on).
    pub async fn renew_leases(&self, fence: &Fence, ttl: Duration) -> Result<bool, StoreError> {
        let ttl_ms = millis(ttl);
        let f = fence.clone();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let now = now_ms(conn.backend());
                    // All or none: a process that lost one shard stops, and its other shards go free on time.
                    let renewed = f
                        .bound(format!(
                            "UPDATE shard_leases SET expires_at = {now} + $4 \
                             WHERE shard BETWEEN $1 AND $2 AND token = $3 \
                               AND (SELECT COUNT(*) FROM shard_leases WHERE shard BETWEEN $1 AND $2 AND token = $3) = $5"
                        ))
                        .bind(ttl_ms)
                        .bind(f.shards())
                    .execute(&mut *conn)
                    .await
                    .ctx("renewing the shard leases")?;
                    Ok(renewed == f.shards() as u64)
                })
            })
            .await
    }

    /// Gives the leases up (a clean stop): another process may take the shards at once.
    pub async fn release_leases(&self, fence: &Fence) -> Result<(), StoreError> {
        let f = fence.clone();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    f.bound("UPDATE shard_leases SET expires_at = 0 WHERE shard BETWEEN $1 AND $2 AND token = $3")
                        .execute(&mut *conn)
                        .await
                        .ctx("giving up the shard leases")?;
                    Ok(())
                })
            })
            .await
    }

    /// From now on every write batch first checks that `fence`'s leases are still this process's, and is
    /// refused with [`StoreError::Fenced`] when they are not.
    pub fn set_fence(&self, fence: Fence) {
        self.writer.set_fence(fence);
    }

    /// Returns once this process must stop writing, with why: a write was refused with [`StoreError::Fenced`], or
    /// a table found its hand changed by another process ([`Store::taken_over`]).
    pub async fn fenced(&self) -> String {
        self.writer.fenced().await
    }

    /// A table found a hand it plays ended or changed by another process: on SQLite another process has the
    /// file (through a name the file lock did not cover), on PostgreSQL another process runs this one's shards.
    /// Either way nothing this process writes can be trusted to be the only writer's: [`Store::fenced`] resolves,
    /// and the process stops with that one line rather than fail every click after.
    pub fn taken_over(&self, why: String) {
        self.writer.taken_over(why);
    }

    /// The lease rows as stored: (shard, count, owner, token, expires in ms from now). For tools and tests.
    pub async fn leases(&self) -> Result<Vec<(i64, i64, String, i64, i64)>, StoreError> {
        let now = now_ms(self.backend());
        sql(format!("SELECT shard, shard_count, owner, token, expires_at - {now} FROM shard_leases ORDER BY shard"))
            .all(&self.pool)
            .await
            .ctx("reading the shard leases")
    }
}

async fn take(conn: &mut Conn, f: &Fence, ttl_ms: i64) -> Result<Result<(), LeaseRefusal>, StoreError> {
    const CTX: &str = "taking the shard leases";
    let now = now_ms(conn.backend());
    // SQLite: this process holds the file's lock, so whoever holds a lease row is gone (killed, most likely):
    // its rows are taken at once rather than after their expiry, and a restart after a crash does not wait.
    if conn.backend() == Backend::Sqlite {
        return put(conn, f, ttl_ms, now).await.map(Ok);
    }
    let other: Option<(i64, String)> = sql(format!(
        "SELECT shard_count, owner FROM shard_leases \
         WHERE shard_count <> $1 AND expires_at > {now} AND token <> $2 LIMIT 1"
    ))
    .bind(i64::from(f.count))
    .bind(f.token)
    .optional(&mut *conn)
    .await
    .ctx(CTX)?;
    if let Some((count, owner)) = other {
        return Ok(Err(LeaseRefusal::OtherCount { count: count.clamp(0, u32::MAX.into()) as u32, owner }));
    }
    let held: Option<(i64, String, i64)> = f
        .bound(format!(
            "SELECT shard, owner, expires_at - {now} FROM shard_leases \
             WHERE shard BETWEEN $1 AND $2 AND expires_at > {now} AND token <> $3 ORDER BY shard LIMIT 1"
        ))
        .optional(&mut *conn)
        .await
        .ctx(CTX)?;
    if let Some((shard, owner, expires_in_ms)) = held {
        let shard = shard.clamp(0, u32::MAX.into()) as u32;
        return Ok(Err(LeaseRefusal::Held { shard, owner, expires_in_ms }));
    }
    put(conn, f, ttl_ms, now).await.map(Ok)
}

/// Writes `f`'s lease rows, whoever held them.
async fn put(conn: &mut Conn, f: &Fence, ttl_ms: i64, now: &str) -> Result<(), StoreError> {
    const CTX: &str = "taking the shard leases";
    for shard in f.first..=f.last {
        sql(format!(
            "INSERT INTO shard_leases (shard, shard_count, owner, token, expires_at) VALUES ($1, $2, $3, $4, {now} + $5) \
             ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, owner = excluded.owner, \
               token = excluded.token, expires_at = excluded.expires_at"
        ))
        .bind(i64::from(shard))
        .bind(i64::from(f.count))
        .bind(f.owner.as_str())
        .bind(f.token)
        .bind(ttl_ms)
        .execute(&mut *conn)
        .await
        .ctx(CTX)?;
    }
    Ok(())
}

/// The writer's check at the start of a batch: every shard of `fence` still has its token. On PostgreSQL the
/// rows stay locked (shared) until the batch commits, so a take-over cannot slip in between.
pub(crate) async fn check_fence(conn: &mut Conn, fence: &Fence) -> Result<(), StoreError> {
    let lock = super::sql::of(conn.backend()).lock_shared;
    let held: Vec<(i64,)> = fence
        .bound(format!("SELECT shard FROM shard_leases WHERE shard BETWEEN $1 AND $2 AND token = $3{lock}"))
        .all(&mut *conn)
        .await
        .ctx("checking this process's shard leases")?;
    if held.len() as i64 == fence.shards() {
        Ok(())
    } else {
        Err(StoreError::Fenced)
    }
}
