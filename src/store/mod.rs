//! Persistence: chips, hands, tables and settings in SQLite (sqlx), with a
//! ledger row for every change of every balance.
//!
//! Invariants the store keeps (checked by [`Store::audit`]):
//! - each wallet's balance equals the sum of its ledger rows;
//! - no balance is ever negative (also a `CHECK` in the schema);
//! - sum of balances + chips in live pots = chips ever granted
//!   (`starting_grant` + `daily` + `admin_grant`, signed).
//!
//! Every write goes to the one writer task (`writer.rs`), which commits what
//! is queued in one transaction (group commit), each write in its own
//! savepoint: a write happens whole or not at all, and no write ever waits
//! on SQLite's lock. Reads use a pool beside it (WAL).

mod actions;
mod audit;
mod error;
mod hands;
mod open;
mod settings;
mod stats;
mod tables;
mod wallets;
mod writer;

use std::time::Duration;

use sqlx::migrate::MigrateError;
use sqlx::sqlite::{SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::ConnectOptions;

pub use actions::{ActionRecord, HandRef};
pub use audit::{Audit, HandMismatch, WalletMismatch};
pub use error::StoreError;
pub use hands::{ActionRow, HandEnd, HandRecord, HandStatus, HandSummary, LiveHand, NewHand, Recorded};
pub use settings::GuildSettings;
pub use stats::{LeaderBy, LeaderRow, Stats};
pub use tables::{NewTable, SeatRow, TableRow, TableStatus};
pub use wallets::{DailyClaim, LedgerRow};

use crate::ids::{GuildId, HandId, UserId};
use error::Ctx;
use writer::Writer;
pub use writer::{FaultPlan, WriteHold, WriteStats};

/// The default database: a file beside the bot, created on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://teenpatti.db";

/// How long a connection waits for another writer's lock before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Connection settings beyond the URL.
#[derive(Clone, Debug)]
pub struct OpenOptions {
    /// Pool size. SQLite has one writer at a time; readers run beside it (WAL).
    pub max_connections: u32,
    /// `PRAGMA max_page_count` on every connection: a hard cap on the file's
    /// size in pages (none by default). Writes past it fail with
    /// [`StoreError::DiskFull`], exactly like a full disk.
    pub max_page_count: Option<u64>,
    /// WAL frames (pages) past which the writer lets the WAL start over
    /// (see `writer.rs`).
    pub wal_restart_frames: i64,
    /// Test hook: the SQLite VFS every connection of the store uses (the
    /// power-loss test's fault-injecting one, `tests/power_loss.rs`); None:
    /// SQLite's default.
    #[doc(hidden)]
    pub vfs: Option<String>,
    /// Test hook: `synchronous=NORMAL` instead of `FULL`, to show that the
    /// power-loss test catches it (docs/power-loss.md). Never in production.
    #[doc(hidden)]
    pub synchronous_normal: bool,
    /// Injected write failures (the seeded simulation and the soak; see `writer.rs`). None for the bot.
    #[doc(hidden)]
    pub faults: Option<FaultPlan>,
    /// Time the integrity check at open may take before it is stopped (see `open.rs`).
    pub integrity_budget: Duration,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            max_connections: 8,
            max_page_count: None,
            wal_restart_frames: writer::RESTART_FRAMES,
            vfs: None,
            synchronous_normal: false,
            faults: None,
            integrity_budget: open::INTEGRITY_BUDGET,
        }
    }
}

/// The store: a cheap-to-clone handle on a pool of reading connections and
/// the one writer (see `writer.rs`).
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    writer: Writer,
}

impl Store {
    /// Opens (creating if missing) the database at `url` and brings its schema
    /// up to date. `url` is `sqlite://path/to/file.db` (`?mode=rw`: the file must exist).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, OpenOptions::default()).await
    }

    /// Opens through the start-up check of `open.rs`, the same for every subcommand: a URL the bot can keep
    /// chips in, an existing folder, a file that is ours, intact and writable with room for a commit.
    #[tracing::instrument(level = "info", skip(opts), err(level = "debug"))]
    pub async fn open_with(url: &str, opts: OpenOptions) -> Result<Store, StoreError> {
        let target = open::parse_url(url)?;
        open::check_folder(&target)?;
        let path = target.path.as_str();
        let mut connect = target
            .connect
            .clone()
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            // FULL: a commit that returned is on disk even after a power cut
            // (a player was told about it). See docs/store.md.
            .synchronous(SqliteSynchronous::Full);
        if let Some(pages) = opts.max_page_count {
            connect = connect.pragma("max_page_count", pages.to_string());
        }
        if let Some(vfs) = opts.vfs {
            connect = connect.vfs(vfs);
        }
        if opts.synchronous_normal {
            connect = connect.synchronous(SqliteSynchronous::Normal);
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(opts.max_connections.max(1))
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(connect.clone())
            .await
            .map_err(|e| open::classify(path, "opening the database", e))?;
        // A garbage file may open lazily; make SQLite read the header now.
        sqlx::query("SELECT count(*) FROM sqlite_master")
            .execute(&pool)
            .await
            .map_err(|e| open::classify(path, "reading the schema", e))?;
        refuse_foreign(&pool, path).await?;
        // The one connection that writes. Its WAL checkpoints run off the commit path (see `writer.rs`).
        let mut write_conn = connect
            .clone()
            .pragma("wal_autocheckpoint", "0")
            .pragma("temp_store", "memory")
            .connect()
            .await
            .map_err(|e| open::classify(path, "opening the write connection", e))?;
        open::check_integrity(&mut write_conn, path, opts.integrity_budget).await?;
        MIGRATOR.run(&pool).await.map_err(|e| migrate_error(path, e))?;
        open::check_writable(&mut write_conn, path).await?;
        tracing::info!(%path, "database ready");
        let writer = Writer::start(write_conn, pool.clone(), opts.wal_restart_frames, opts.faults)?;
        Ok(Store { pool, writer })
    }

    /// Whether a write of a few pages fits now (a commit through the writer that leaves nothing behind): how a
    /// table paused by a full disk finds out that there is room again. A full disk is
    /// [`StoreError::DiskFull`].
    pub async fn check_room(&self) -> Result<(), StoreError> {
        self.writer.write(|conn| Box::pin(open::room_probe(conn))).await
    }

    /// Runs one statement through the writer (one statement: no savepoint of
    /// its own) and returns how many rows it changed.
    pub(crate) async fn execute_one(
        &self,
        context: &'static str,
        query: sqlx::query::Query<'static, sqlx::Sqlite, sqlx::sqlite::SqliteArguments<'static>>,
    ) -> Result<u64, StoreError> {
        self.writer
            .write_one(move |conn| {
                Box::pin(async move { Ok(query.execute(&mut *conn).await.ctx(context)?.rows_affected()) })
            })
            .await
    }

    /// The underlying pool, for tools and tests that need raw SQL.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Batches the writer has committed and the writes in them (a mean batch size is writes / batches).
    pub fn write_stats(&self) -> WriteStats {
        self.writer.stats()
    }

    /// Holds the writer (for tests of group commit): writes queued until the
    /// hold is released are committed together, in one batch.
    #[doc(hidden)]
    pub async fn hold_writes(&self) -> WriteHold {
        self.writer.hold().await
    }

    /// Writes queued and not yet taken by the writer.
    #[doc(hidden)]
    pub fn queued_writes(&self) -> usize {
        self.writer.queued()
    }

    /// Commits what is queued, then closes every connection (checkpointing the WAL).
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// A database is ours if it is empty (new) or its migrations start with this
/// bot's first one; anything else (another application's tables, another
/// sqlx application's migrations) is refused before anything is written.
async fn refuse_foreign(pool: &SqlitePool, path: &str) -> Result<(), StoreError> {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .fetch_all(pool)
    .await
    .map_err(|e| open::classify(path, "reading the schema", e))?;
    if tables.is_empty() {
        return Ok(());
    }
    let ours = MIGRATOR.iter().next().map(|m| m.version);
    let first: Option<i64> = if tables.iter().any(|t| t == "_sqlx_migrations") {
        sqlx::query_scalar("SELECT MIN(version) FROM _sqlx_migrations")
            .fetch_one(pool)
            .await
            .map_err(|e| open::classify(path, "reading the schema", e))?
    } else {
        None
    };
    // Ours; or only the empty bookkeeping table a first start left when it was interrupted.
    let interrupted = first.is_none() && tables.len() == 1 && tables[0] == "_sqlx_migrations";
    if (first.is_some() && first == ours) || interrupted {
        return Ok(());
    }
    // Names are echoed, so a few of them, cut short.
    let mut found: Vec<String> = tables.iter().take(5).map(|t| t.chars().take(40).collect()).collect();
    if tables.len() > found.len() {
        found.push("…".into());
    }
    Err(StoreError::NotOurs { path: path.to_string(), found: found.join(", ") })
}

fn migrate_error(path: &str, e: MigrateError) -> StoreError {
    match e {
        MigrateError::VersionMissing(version) => StoreError::NewerSchema { version },
        MigrateError::Execute(source) => open::classify(path, "migrating the schema", source),
        other => StoreError::Migration(other.to_string()),
    }
}

/// Why a balance changed. Stored as its snake_case name in `ledger.reason`
/// (`starting_grant`, `daily`, `bet`, `pot_won`, `refund`, `admin_grant`,
/// `transfer`, the schema's `CHECK` list); any other stored value reads as
/// [`StoreError::Corrupt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, sqlx::Type)]
#[sqlx(type_name = "text", rename_all = "snake_case")]
pub enum Reason {
    StartingGrant,
    Daily,
    Bet,
    PotWon,
    Refund,
    AdminGrant,
    /// Chips moved between two players. Nothing writes it today; the schema
    /// allows it and the audit checks such rows sum to zero.
    Transfer,
}

impl Reason {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::StartingGrant => "starting_grant",
            Reason::Daily => "daily",
            Reason::Bet => "bet",
            Reason::PotWon => "pot_won",
            Reason::Refund => "refund",
            Reason::AdminGrant => "admin_grant",
            Reason::Transfer => "transfer",
        }
    }
}

pub(crate) fn chips(c: u64) -> Result<i64, StoreError> {
    i64::try_from(c).map_err(|_| StoreError::Invalid(format!("{c} chips is too large")))
}

pub(crate) use crate::clock::now_unix;

/// One ledger row. Always written in the same transaction as the balance change.
pub(crate) struct Entry<'a> {
    pub guild: GuildId,
    pub user: UserId,
    pub delta: i64,
    pub reason: Reason,
    pub hand_id: Option<HandId>,
    pub actor: Option<UserId>,
    pub note: Option<&'a str>,
    pub now: i64,
}

impl<'a> Entry<'a> {
    /// A row with no hand, actor or note.
    pub fn new(guild: GuildId, user: UserId, delta: i64, reason: Reason, now: i64) -> Self {
        Entry { guild, user, delta, reason, hand_id: None, actor: None, note: None, now }
    }

    /// A row for chips moving in or out of a hand.
    pub fn hand(guild: GuildId, user: UserId, delta: i64, reason: Reason, hand_id: HandId, now: i64) -> Self {
        Entry { hand_id: Some(hand_id), ..Entry::new(guild, user, delta, reason, now) }
    }
}

pub(crate) async fn insert_ledger(conn: &mut sqlx::SqliteConnection, e: &Entry<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO ledger (guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(e.guild)
    .bind(e.user)
    .bind(e.delta)
    .bind(e.reason)
    .bind(e.hand_id)
    .bind(e.actor)
    .bind(e.note)
    .bind(e.now)
    .execute(conn)
    .await
    .ctx("writing a ledger row")?;
    Ok(())
}
