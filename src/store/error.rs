//! What can go wrong in the store, said so a person can act on it.

use super::dialect;
use crate::ids::{ChannelId, HandId, TableId, TournamentId, UserId};

/// Every failure of the store. Nothing is half-written when one is returned:
/// each operation is one transaction.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file exists but is not an SQLite database, or is damaged.
    #[error("{path} is not a teenpatti database (the file is corrupt or not SQLite): {detail}")]
    NotADatabase { path: String, detail: String },
    /// The file is an SQLite database of another application (tables, and
    /// not this bot's migrations). It is left untouched.
    #[error(
        "{path} is not a teenpatti database: it holds another application's tables ({found}); \
         point DATABASE_URL at a new file or at the bot's own database"
    )]
    NotOurs { path: String, found: String },
    /// Another process (or this one) has this SQLite file open, under this or another name (it holds the
    /// file's lock: `open::guard`).
    #[error(
        "another teenpatti-bot process is using {path} (under this or another name of the same file): stop it \
         first; to run several processes, use PostgreSQL (DATABASE_URL=postgres://…, see docs/scale-out.md)"
    )]
    InUse { path: String },
    /// PostgreSQL: the server does not answer, or refuses this user or database (`url` has no password).
    #[error("cannot use the PostgreSQL database {url}: {detail}")]
    Unreachable { url: String, detail: String },
    /// The file cannot be opened or created (missing folder, permissions).
    #[error("cannot open the database file {path}: {detail}")]
    CannotOpen { path: String, detail: String },
    /// SQLite's integrity check (or a read at open) found the file's structure damaged: a page overwritten, a
    /// WAL that lost frames. Refused at open, before anything is written.
    #[error(
        "{path} is damaged ({detail}); stop the bot and restore the latest backup, or rescue what is left \
         with `sqlite3 {path} .recover` (docs/failure-model.md)"
    )]
    Damaged { path: String, detail: String },
    /// The file, its folder or the file system cannot be written (SQLITE_READONLY at open).
    #[error(
        "{path} cannot be written ({detail}): give the bot's user write access to the file and to its folder \
         (SQLite makes -wal and -shm files beside it)"
    )]
    ReadOnly { path: String, detail: String },
    /// At open: the disk that holds the database has no room for a write (SQLITE_FULL, or an I/O error with
    /// the disk nearly full).
    #[error("the disk holding {path} is full ({free} free): free some space, then start the bot again")]
    NoSpace { path: String, free: String },
    /// A database URL the bot cannot keep chips in (in memory, no file, read-only, an unknown parameter).
    #[error("the database URL {url:?} {why}")]
    BadUrl { url: String, why: String },
    /// The schema holds a migration this binary does not know.
    #[error(
        "the database was written by a newer teenpatti-bot (schema migration {version} is unknown to this \
         binary); run the newer version, or restore a backup"
    )]
    NewerSchema { version: i64 },
    /// An operator's tool (`backup`, `audit`) met a schema other than this binary's: it reads with this binary's
    /// statements and never migrates (`offline.rs`). `found` says which schema, `todo` what to do.
    #[error("{path} {found}: {todo}")]
    OtherSchema { path: String, found: String, todo: String },
    /// A migration failed or the schema is in an unexpected state.
    #[error("database schema migration failed: {0}")]
    Migration(String),
    /// SQLITE_FULL: the disk (or the database's page limit) is full.
    #[error("the database disk is full; nothing was written ({context}): {detail}")]
    DiskFull { context: &'static str, detail: String },
    /// A wallet cannot cover a debit. Nothing was written.
    #[error("user {user} needs {need} chips but has {have}")]
    InsufficientFunds { user: UserId, need: i64, have: i64 },
    /// A channel already has an open table.
    #[error("channel {channel} already has an open table (#{table_id})")]
    TableExists { channel: ChannelId, table_id: TableId },
    /// A channel has a tournament registering or playing: no other table opens there.
    #[error("channel {channel} has tournament #{tournament} registering or playing")]
    TournamentHere { channel: ChannelId, tournament: TournamentId },
    #[error("table #{0} is full")]
    TableFull(TableId),
    #[error("table #{0} is closed")]
    TableClosed(TableId),
    #[error("{0} not found")]
    NotFound(String),
    /// The hand is finished or refunded: no more actions.
    #[error("hand #{0} is not live")]
    HandNotLive(HandId),
    /// An action with this sequence number exists already (under another key),
    /// or the sequence skips a number.
    #[error("hand #{hand_id}: expected action #{expected}, got #{got}")]
    OutOfOrder { hand_id: HandId, expected: i64, got: i64 },
    /// The caller passed something the store refuses to write.
    #[error("invalid input: {0}")]
    Invalid(String),
    /// Stored data that does not read back: bad JSON, a status or reason
    /// this binary does not know, an impossible value. Never read as a default.
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    /// The writer task is gone (the store was closed): nothing was written.
    #[error("the database writer has stopped; nothing was written")]
    WriterStopped,
    /// Another process has taken over a shard this process ran (its lease expired: the process was frozen or
    /// cut off): nothing was written, and this process must stop (docs/scale-out.md).
    #[error("another process has taken over this process's tables; nothing was written")]
    Fenced,
    /// The batch this write was committed with failed as a whole; nothing in it was written.
    #[error("database error while {context}: {detail}")]
    Batch { context: &'static str, detail: String },
    /// Any other database failure, with what the store was doing.
    #[error("database error while {context}: {source}")]
    Database {
        context: &'static str,
        #[source]
        source: sqlx::Error,
    },
}

impl StoreError {
    /// A short fixed description of the kind of failure, for logs that count repeats (`logs::Repeated`): the
    /// same kind is one state, however its detail varies.
    pub fn kind(&self) -> &'static str {
        match self {
            StoreError::DiskFull { .. } | StoreError::NoSpace { .. } => "the disk is full",
            StoreError::Fenced => "fenced off by another process",
            StoreError::WriterStopped => "the writer has stopped",
            StoreError::Batch { .. } => "a batch failed",
            StoreError::Database { source, .. } => dialect::sqlite_kind(source).unwrap_or("a database error"),
            StoreError::Corrupt(_) | StoreError::Damaged { .. } | StoreError::NotADatabase { .. } => {
                "the database is damaged"
            }
            _ => "a refused write",
        }
    }

    /// Whether the database may have rolled the whole transaction back on this error, rather than the failed
    /// statement alone (`dialect::may_end_transaction`).
    pub(crate) fn may_end_transaction(&self) -> bool {
        match self {
            StoreError::DiskFull { .. } => true,
            StoreError::Database { source, .. } => dialect::may_end_transaction(source),
            _ => false,
        }
    }

    /// Wraps a database error with what was being done, picking out disk-full
    /// and stored values that do not decode (corruption).
    /// The same failure again, for each write of a batch that failed as a whole.
    pub(crate) fn again(&self) -> StoreError {
        match self {
            StoreError::DiskFull { context, detail } => StoreError::DiskFull { context, detail: detail.clone() },
            StoreError::Database { context, source } => StoreError::Batch { context, detail: source.to_string() },
            StoreError::Batch { context, detail } => StoreError::Batch { context, detail: detail.clone() },
            StoreError::WriterStopped => StoreError::WriterStopped,
            StoreError::Fenced => StoreError::Fenced,
            other => StoreError::Batch { context: "committing a batch of writes", detail: other.to_string() },
        }
    }

    pub(crate) fn db(context: &'static str, source: sqlx::Error) -> StoreError {
        if matches!(source, sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_)) {
            return StoreError::Corrupt(format!("{context}: {source}"));
        }
        if dialect::is_disk_full(&source) {
            return StoreError::DiskFull { context, detail: source.to_string() };
        }
        StoreError::Database { context, source }
    }
}

/// Adds context to a `sqlx::Result`.
pub(crate) trait Ctx<T> {
    fn ctx(self, context: &'static str) -> Result<T, StoreError>;
}

impl<T> Ctx<T> for Result<T, sqlx::Error> {
    fn ctx(self, context: &'static str) -> Result<T, StoreError> {
        self.map_err(|e| StoreError::db(context, e))
    }
}
