//! Persistence: chips, hands, tables and settings in SQLite (embedded, the default) or PostgreSQL (several
//! processes on one database), through sqlx and one query API (`db.rs`), with a ledger row for every change of
//! every balance.
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
pub(crate) mod db;
mod departures;
mod dialect;
mod error;
mod hands;
mod leases;
mod offline;
mod open;
mod pg;
mod privacy;
mod seasons;
mod settings;
mod sql;
mod stats;
mod tables;
mod tournaments;
mod wallets;
mod web;
mod writer;

use std::time::Duration;

use sqlx::migrate::MigrateError;
use sqlx::sqlite::{SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::ConnectOptions;

pub use actions::{ActionRecord, HandRef};
pub use audit::{Audit, HandMismatch, NegativeBalance, WalletMismatch};
pub use db::Backend;
pub use departures::GuildDeleted;
pub use error::StoreError;
pub use hands::{ActionRow, FairDeal, HandEnd, HandRecord, HandStatus, HandSummary, LiveHand, NewHand, Recorded};
pub use leases::{new_token, Fence, LeaseRefusal};
pub use offline::{Backup, BackupError, ReadOnly};
pub use open::shown_url;
pub(crate) use pg::is_postgres_url;
pub use privacy::{EraseRefusal, Erased, Export, ExportPage, Kept, KeptOn};
pub use seasons::{Season, SeasonEnd, Standing, SEASON_BOARD};
pub use settings::{CapBreach, Economy, GiveRefusal, GuildSettings, Member};
pub use stats::{LeaderBy, LeaderRow, Stats};
pub use tables::{NewTable, SeatRow, TableRow, TableStatus};
pub use tournaments::{
    Entrant, NewTournament, OpenRefusal, Registration, TournamentRow, TournamentStats, TournamentStatus,
};
pub use wallets::{DailyClaim, Give, LedgerPage, LedgerRow, HOUSE_START, LEDGER_MAX_PAGE};
pub use web::{is_slug, Profile, MAX_NAME_CHARS};

use crate::ids::{GuildId, HandId, UserId};
use db::{sql, Conn, Pool, Sql};
use error::Ctx;
use writer::Writer;
pub use writer::{FaultPlan, WriteHold, WriteStats};

/// The default database: a file beside the bot, created on first run.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://teenpatti.db";

/// How long a connection waits for another writer's lock before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The SQLite schema's migrations (`migrations/sqlite`).
static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
/// The PostgreSQL schema's migrations (`migrations/postgres`): the same tables in PostgreSQL's types.
static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Connection settings beyond the URL.
#[derive(Clone, Debug)]
pub struct OpenOptions {
    /// Pool size of the readers (the writer has its own connection).
    pub max_connections: u32,
    /// `PRAGMA max_page_count` on every connection: a hard cap on the file's
    /// size in pages (none by default). Writes past it fail with
    /// [`StoreError::DiskFull`], exactly like a full disk. SQLite only.
    pub max_page_count: Option<u64>,
    /// WAL frames (pages) past which the writer lets the WAL start over
    /// (see `writer.rs`). SQLite only.
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
    /// Time the integrity check at open may take before it is stopped (see `open.rs`). SQLite only.
    pub integrity_budget: Duration,
    /// Test hook: do not take the SQLite file's lock (`open::guard`). The end-to-end tests read the bot's
    /// database from beside the running bot; nothing else may, as two processes on one file harm each other.
    #[doc(hidden)]
    pub beside_the_bot: bool,
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
            beside_the_bot: false,
        }
    }
}

/// The store: a cheap-to-clone handle on a pool of reading connections and
/// the one writer (see `writer.rs`), on SQLite or PostgreSQL.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    writer: Writer,
    /// SQLite: the lock that keeps other processes off the file (see `open::guard`), let go at close.
    lock: Option<std::sync::Arc<open::FileGuard>>,
}

impl Store {
    /// Opens (creating if missing) the database at `url` and brings its schema
    /// up to date. `url` is `sqlite://path/to/file.db` (`?mode=rw`: the file must exist) or
    /// `postgres://user:password@host:port/database`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, OpenOptions::default()).await
    }

    /// Opens through the start-up check of `open.rs` (SQLite: a URL the bot can keep chips in, an existing
    /// folder, a file that is ours, intact and writable with room for a commit) or of `pg.rs` (PostgreSQL: a
    /// server that answers, a database that is ours).
    #[tracing::instrument(level = "info", skip_all, fields(url = %open::shown_url(url)), err(level = "debug"))]
    pub async fn open_with(url: &str, opts: OpenOptions) -> Result<Store, StoreError> {
        // Whatever the URL's credentials, no log line or message shows them from now on.
        crate::redact::secrets_of_url(url);
        if pg::is_postgres_url(url) {
            let (pool, conn) = pg::open(url, &opts).await?;
            let writer = Writer::start(Conn::Pg(conn), Pool::Pg(pool.clone()), opts.wal_restart_frames, opts.faults)?;
            return Ok(Store { pool: Pool::Pg(pool), writer, lock: None });
        }
        let target = open::parse_url(url)?;
        open::check_folder(&target)?;
        let guard = if opts.beside_the_bot { None } else { Some(std::sync::Arc::new(open::guard(&target)?)) };
        match Store::open_sqlite(&target, opts, guard.clone()).await {
            Ok(store) => Ok(store),
            Err(e) => {
                if let Some(guard) = &guard {
                    guard.discard_if_new();
                    guard.release();
                }
                Err(e)
            }
        }
    }

    /// The SQLite half of [`Store::open_with`], once `guard` holds the file: what the file is is read without
    /// writing a byte, then the file is opened for the bot.
    async fn open_sqlite(
        target: &open::Target,
        opts: OpenOptions,
        guard: Option<std::sync::Arc<open::FileGuard>>,
    ) -> Result<Store, StoreError> {
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
        let mut look = target.connect.clone().read_only(true).busy_timeout(BUSY_TIMEOUT);
        if let Some(vfs) = opts.vfs {
            connect = connect.vfs(vfs.clone());
            look = look.vfs(vfs);
        }
        if opts.synchronous_normal {
            connect = connect.synchronous(SqliteSynchronous::Normal);
        }
        // What the file holds, read on a read-only connection that sets no journal mode (finding 1 of
        // docs/failure-model.md): another application's database is refused exactly as it was found.
        let look = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(look)
            .await
            .map_err(|e| open::classify(path, "opening the database", e))?;
        let checked = refuse_foreign_file(&look, path).await;
        look.close().await;
        checked?;
        // No ping before each use: a SQLite connection is a file this process holds, and the ping is a round trip to
        // the connection's thread on every read (a failing file fails the query itself, with its own error).
        let pool = SqlitePoolOptions::new()
            .max_connections(opts.max_connections.max(1))
            .acquire_timeout(Duration::from_secs(30))
            .test_before_acquire(false)
            .connect_with(connect.clone())
            .await
            .map_err(|e| open::classify(path, "opening the database", e))?;
        let readers = Pool::Sqlite(pool.clone());
        // The one connection that writes. Its WAL checkpoints run off the commit path (see `writer.rs`).
        let write_conn = connect
            .clone()
            .pragma("wal_autocheckpoint", "0")
            .pragma("temp_store", "memory")
            .connect()
            .await
            .map_err(|e| open::classify(path, "opening the write connection", e));
        let mut write_conn = match write_conn {
            Ok(c) => c,
            Err(e) => {
                pool.close().await;
                return Err(e);
            }
        };
        let checked = async {
            open::check_integrity(&mut write_conn, path, opts.integrity_budget).await?;
            SQLITE_MIGRATOR.run(&pool).await.map_err(|e| migrate_error(path, e))?;
            open::check_writable(&mut write_conn, path).await
        }
        .await;
        if let Err(e) = checked {
            // Every connection closed before the caller lets the file's lock go (`open::FileGuard::release`).
            let _ = sqlx::Connection::close(write_conn).await;
            pool.close().await;
            return Err(e);
        }
        tracing::info!(%path, "database ready");
        let writer = Writer::start(Conn::Sqlite(write_conn), readers.clone(), opts.wal_restart_frames, opts.faults)?;
        Ok(Store { pool: readers, writer, lock: guard })
    }

    /// Which database this store runs on.
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// Whether a write of a few pages fits now (a commit through the writer that leaves nothing behind): how a
    /// table paused by a full disk finds out that there is room again. A full disk is
    /// [`StoreError::DiskFull`].
    pub async fn check_room(&self) -> Result<(), StoreError> {
        self.writer.write(|conn| Box::pin(open::room_probe(conn))).await
    }

    /// Runs one statement through the writer (one statement: on SQLite, no savepoint of
    /// its own) and returns how many rows it changed.
    pub(crate) async fn execute_one(&self, context: &'static str, query: Sql<'static>) -> Result<u64, StoreError> {
        self.writer.write_one(move |conn| Box::pin(async move { query.execute(conn).await.ctx(context) })).await
    }

    /// The SQLite pool, for tools and tests that need raw SQL on an SQLite store (None on PostgreSQL).
    pub fn sqlite_pool(&self) -> Option<&SqlitePool> {
        match &self.pool {
            Pool::Sqlite(p) => Some(p),
            Pool::Pg(_) => None,
        }
    }

    /// Runs raw SQL (no values bound) on either database, outside the writer: for tests that break the books
    /// on purpose. Returns the rows changed.
    #[doc(hidden)]
    pub async fn raw_execute(&self, text: &str) -> Result<u64, sqlx::Error> {
        sql(text).execute(&self.pool).await
    }

    /// The one integer a raw query returns (NULL: None), on either database. For tests.
    #[doc(hidden)]
    pub async fn raw_i64(&self, text: &str) -> Result<Option<i64>, sqlx::Error> {
        sql(text).scalar::<Option<i64>>(&self.pool).await
    }

    /// The first column of every row of a raw query, as text, on either database. For tests.
    #[doc(hidden)]
    pub async fn raw_texts(&self, text: &str) -> Result<Vec<String>, sqlx::Error> {
        Ok(sql(text).all::<(String,)>(&self.pool).await?.into_iter().map(|(t,)| t).collect())
    }

    /// Opens every reading connection the pool may hold (each reads the schema) and gives them back to it: the
    /// memory baseline of `simulate` and `loadtest` is taken after this.
    #[doc(hidden)]
    pub async fn open_every_reader(&self) -> Result<(), sqlx::Error> {
        let (max, text) = match &self.pool {
            Pool::Sqlite(p) => (p.options().get_max_connections(), "SELECT count(*) FROM sqlite_master"),
            Pool::Pg(p) => (p.options().get_max_connections(), "SELECT count(*) FROM pg_tables"),
        };
        let mut held = Vec::new();
        for _ in 0..max {
            let mut conn = self.pool.acquire().await?;
            sql(text).execute(&mut conn).await?;
            held.push(conn);
        }
        Ok(())
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
        if let Some(lock) = &self.lock {
            lock.release();
        }
    }
}

/// What an SQLite file holds, read on `look` (read-only): SQLite's header (a file that is not SQLite fails
/// here), then its tables, refused by [`refuse_foreign`] unless they are this bot's.
async fn refuse_foreign_file(look: &SqlitePool, path: &str) -> Result<(), StoreError> {
    // A garbage file may open lazily; make SQLite read the header now.
    sqlx::query("SELECT count(*) FROM sqlite_master")
        .execute(look)
        .await
        .map_err(|e| open::classify(path, "reading the schema", e))?;
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .fetch_all(look)
    .await
    .map_err(|e| open::classify(path, "reading the schema", e))?;
    let pool = Pool::Sqlite(look.clone());
    refuse_foreign(&pool, &SQLITE_MIGRATOR, path, &tables, |e| open::classify(path, "reading the schema", e)).await
}

/// A database is ours if it is empty (new) or its migrations start with this
/// bot's first one; anything else (another application's tables, another
/// sqlx application's migrations) is refused before anything is written.
/// `tables`: the names of the database's tables, sorted; `read_error`: what a failed read means at open.
async fn refuse_foreign(
    readers: &Pool,
    migrator: &sqlx::migrate::Migrator,
    shown: &str,
    tables: &[String],
    read_error: impl FnOnce(sqlx::Error) -> StoreError,
) -> Result<(), StoreError> {
    if tables.is_empty() {
        return Ok(());
    }
    let ours = migrator.iter().next().map(|m| m.version);
    let first: Option<i64> = if tables.iter().any(|t| t == "_sqlx_migrations") {
        sql("SELECT MIN(version) FROM _sqlx_migrations").scalar(readers).await.map_err(read_error)?
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
    Err(StoreError::NotOurs { path: shown.to_string(), found: found.join(", ") })
}

fn migrate_error(path: &str, e: MigrateError) -> StoreError {
    match e {
        MigrateError::VersionMissing(version) => StoreError::NewerSchema { version },
        MigrateError::Execute(source) => open::classify(path, "migrating the schema", source),
        other => StoreError::Migration(other.to_string()),
    }
}

db::stored_names! {
    /// Why a balance changed. Stored as its snake_case name in `ledger.reason`
    /// (the schema's `CHECK` list); any other stored value reads as
    /// [`StoreError::Corrupt`].
    pub enum Reason {
        StartingGrant => "starting_grant",
        Daily => "daily",
        Bet => "bet",
        PotWon => "pot_won",
        Refund => "refund",
        AdminGrant => "admin_grant",
        /// Chips moved between two wallets of a server (the house staking a
        /// computer player, and back); the audit checks such rows sum to zero.
        Transfer => "transfer",
        /// A new season put the balance back to the server's starting balance (`season_reset` setting): chips
        /// created or taken away, like a grant.
        SeasonReset => "season_reset",
        /// A transfer's fee (`/give`, `give_fee_percent`), paid by the sender to the house.
        Fee => "fee",
        /// A tournament's buy-in, from the player to the tournament's prize pool.
        BuyIn => "buy_in",
        /// A tournament's prize, from its pool to the player.
        Prize => "prize",
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

pub(crate) async fn insert_ledger(conn: &mut Conn, e: &Entry<'_>) -> Result<(), StoreError> {
    sql("INSERT INTO ledger (guild_id, user_id, delta, reason, hand_id, actor_id, note, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
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
