//! The two databases' error codes, read in one place: SQLite's result codes and PostgreSQL's SQLSTATEs, and what
//! each means to the store (a full disk, a transaction ended, a file damaged or read-only). `error.rs` (the store's
//! errors), `open.rs` (SQLite at open) and `pg.rs` (PostgreSQL at open) all read codes here; none imports another
//! for them. The statements that differ between the two are in `sql/`.

/// SQLite primary result codes we tell apart.
pub(crate) const SQLITE_BUSY: i64 = 5;
pub(crate) const SQLITE_NOMEM: i64 = 7;
pub(crate) const SQLITE_READONLY: i64 = 8;
pub(crate) const SQLITE_INTERRUPT: i64 = 9;
pub(crate) const SQLITE_IOERR: i64 = 10;
pub(crate) const SQLITE_CORRUPT: i64 = 11;
pub(crate) const SQLITE_FULL: i64 = 13;
pub(crate) const SQLITE_CANTOPEN: i64 = 14;
pub(crate) const SQLITE_NOTADB: i64 = 26;

/// PostgreSQL's SQLSTATE for a full disk (`disk_full`).
pub(crate) const PG_DISK_FULL: &str = "53100";
/// `read_only_sql_transaction`: a standby, or `default_transaction_read_only`.
pub(crate) const PG_READ_ONLY: &str = "25006";

/// The primary result code of an SQLite error.
pub(crate) fn sqlite_code(e: &sqlx::Error) -> Option<i64> {
    match e {
        // PostgreSQL's SQLSTATEs are digits too: only an SQLite error has an SQLite code.
        sqlx::Error::Database(db) if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() => {
            db.code().and_then(|c| c.parse::<i64>().ok()).map(|c| c & 0xff)
        }
        _ => None,
    }
}

/// The SQLSTATE of a PostgreSQL error.
pub(crate) fn pg_code(e: &sqlx::Error) -> Option<String> {
    match e {
        sqlx::Error::Database(db) => {
            db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>().map(|pg| pg.code().to_string())
        }
        _ => None,
    }
}

/// The disk (or SQLite's page limit) is full, on either database.
pub(crate) fn is_disk_full(e: &sqlx::Error) -> bool {
    sqlite_code(e) == Some(SQLITE_FULL) || pg_code(e).as_deref() == Some(PG_DISK_FULL)
}

/// Whether SQLite may have rolled the whole transaction back on this error (its "Response To Errors Within A
/// Transaction": a full disk, an I/O error, a busy or interrupted statement, no memory), rather than the failed
/// statement alone.
pub(crate) fn may_end_transaction(e: &sqlx::Error) -> bool {
    matches!(
        sqlite_code(e),
        Some(SQLITE_BUSY | SQLITE_NOMEM | SQLITE_INTERRUPT | SQLITE_IOERR | SQLITE_CORRUPT | SQLITE_FULL)
    )
}

/// A short fixed description of an SQLite failure's kind, for logs that count repeats.
pub(crate) fn sqlite_kind(e: &sqlx::Error) -> Option<&'static str> {
    sqlite_code(e).map(|code| match code {
        SQLITE_IOERR => "an I/O error",
        SQLITE_CORRUPT | SQLITE_NOTADB => "the database is damaged",
        SQLITE_READONLY => "the database cannot be written",
        SQLITE_FULL => "the disk is full",
        _ => "an SQLite error",
    })
}
