//! A database read by an operator's tool while the bot runs or not (`teenpatti-bot backup` and
//! `teenpatti-bot audit`, docs/operating.md): [`ReadOnly`].
//!
//! Unlike [`Store::open_with`](super::Store::open_with), opening one never migrates, recovers, refunds or starts
//! the writer, and does not take the bot's one-process-per-file lock (`open::guard`): the bot may hold it, and
//! a tool that reads must not stop it from starting. Every read is on one connection opened read-only (SQLite:
//! `SQLITE_OPEN_READONLY`, which reads a live WAL beside the bot; PostgreSQL: `default_transaction_read_only`),
//! and what it reads is refused, one line each, as the bot's start-up refuses it: a missing file, a file that
//! is not SQLite or not ours (`refuse_foreign`), and a schema at another migration than this binary's
//! ([`check_schema`]: the tools read with this binary's statements, and do not bring a schema up to date).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sqlx::migrate::Migrator;
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use sqlx::ConnectOptions;

use super::audit::{audit_snapshot, Audit};
use super::db::{sql, Backend, Held, Pool};
use super::dialect::{sqlite_code, SQLITE_FULL, SQLITE_IOERR};
use super::error::Ctx;
use super::{open, pg, StoreError, BUSY_TIMEOUT, PG_MIGRATOR, SQLITE_MIGRATOR};

/// How long opening waits for a connection (SQLite: the file; PostgreSQL: the server).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A database opened for reading only: the books audited ([`ReadOnly::audit`]) or, on SQLite, the file copied
/// ([`ReadOnly::backup`]). End it with [`ReadOnly::close`].
#[derive(Debug)]
pub struct ReadOnly {
    /// One connection: every read is one transaction on it.
    pool: Pool,
    /// The database as messages name it (a file's path; a URL without its password).
    shown: String,
    /// SQLite: the file.
    file: Option<SqliteFile>,
    /// A schema older than this binary's is taken (a backup before an upgrade copies the file as it is); the audit
    /// reads with this binary's statements and takes only its own.
    older: bool,
}

#[derive(Debug)]
struct SqliteFile {
    path: PathBuf,
    /// The URL's options, read-write and not creating the file: only [`SqliteFile::tidy`] opens them.
    connect: SqliteConnectOptions,
    /// No `-wal` beside the file when it was opened: nothing had it open (SQLite removes the WAL when the last
    /// connection closes), and the read-only connection had to make the `-wal` and `-shm` files itself.
    wal_was_absent: bool,
}

/// A finished backup.
#[derive(Clone, Debug)]
pub struct Backup {
    /// The copy, as written.
    pub path: PathBuf,
    pub bytes: u64,
    /// From the first check to the copy's folder synced.
    pub elapsed: Duration,
}

/// Why a backup was not made. Whatever the reason, nothing is left behind: the copy is written to a temporary
/// file beside the destination and published (under the destination's name) only once it passed its checks.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The source could not be read (the store's own refusals and errors).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A backup is a copy of a file: PostgreSQL's is `pg_dump`'s (the tool says how).
    #[error("backup copies an SQLite database file; a PostgreSQL database is backed up with pg_dump")]
    Postgres,
    #[error("the folder {folder} does not exist; create it, or name a file in an existing folder")]
    NoFolder { folder: String },
    #[error("{dest} names no file: name the backup's file, e.g. backups/teenpatti-2026-01-31.db")]
    NoFileName { dest: String },
    /// Named before [`BackupError::Exists`]: that the destination is the database itself is the news.
    #[error("{dest} is {which} (under this or another name): name a new file for the backup")]
    IsTheDatabase { dest: String, which: &'static str },
    #[error("{dest} already exists; a backup never writes over a file: name a new one, or remove it first")]
    Exists { dest: String },
    #[error(
        "the disk holding {folder} has {free} free, and the copy needs about {needed}: free some space, or back \
         up to another disk"
    )]
    NoRoom { folder: String, free: String, needed: String },
    #[error(
        "the disk holding {folder} filled up during the copy ({free} free now); nothing was kept: free some space, \
         or back up to another disk"
    )]
    FilledUp { folder: String, free: String },
    /// The copy does not pass `PRAGMA integrity_check`: the source is most likely damaged.
    #[error(
        "the copy of {source_path} failed its integrity check ({detail}); nothing was kept. The database itself \
         may be damaged: check it with `sqlite3 {source_path} 'PRAGMA integrity_check'` (docs/failure-model.md)"
    )]
    CopyDamaged { source_path: String, detail: String },
    /// Anything else while writing the copy (an I/O error, a permission, a name that is not UTF-8).
    #[error("writing the backup {dest}: {detail}; nothing was kept")]
    Write { dest: String, detail: String },
}

impl ReadOnly {
    /// Opens `url` (`sqlite://path/to/file.db` or `postgres://user@host/database`) for reading, after the checks
    /// of this module's summary.
    #[tracing::instrument(level = "debug", skip_all, fields(url = %open::shown_url(url)), err(level = "debug"))]
    pub async fn open(url: &str) -> Result<ReadOnly, StoreError> {
        ReadOnly::open_with(url, false).await
    }

    /// [`ReadOnly::open`] for a copy: a schema older than this binary's is taken too (the backup an operator takes
    /// before an upgrade, with the new binary), since the copy is the file as it is.
    pub async fn open_to_copy(url: &str) -> Result<ReadOnly, StoreError> {
        ReadOnly::open_with(url, true).await
    }

    async fn open_with(url: &str, older: bool) -> Result<ReadOnly, StoreError> {
        // Whatever the URL's credentials, no log line or message shows them from now on.
        crate::redact::secrets_of_url(url);
        let mut db = if pg::is_postgres_url(url) { open_pg(url).await? } else { open_sqlite(url).await? };
        db.older = older;
        let checked = match &db.pool {
            Pool::Sqlite(pool) => super::refuse_foreign_file(pool, &db.shown).await,
            Pool::Pg(pool) => match pg::tables(pool, &db.shown).await {
                Ok(tables) => {
                    let read_error = |e| pg::unreachable(&db.shown, "reading the schema", e);
                    super::refuse_foreign(&db.pool, &PG_MIGRATOR, &db.shown, &tables, read_error).await
                }
                Err(e) => Err(e),
            },
        };
        let checked = match checked {
            Ok(()) => db.schema_checked().await,
            Err(e) => Err(e),
        };
        match checked {
            Ok(()) => Ok(db),
            Err(e) => {
                db.close().await;
                Err(e)
            }
        }
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// The database as messages name it: an SQLite file's path, or a PostgreSQL URL without its password.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The books ([`super::Store::audit`]'s statements), read in one read transaction, after checking in the
    /// same snapshot that the schema is this binary's.
    pub async fn audit(&self) -> Result<Audit, StoreError> {
        audit_snapshot(&self.pool, Some((self.migrator(), &self.shown))).await
    }

    /// Copies the SQLite database to the new file `dest` with `VACUUM INTO` (one read transaction: a consistent
    /// copy even while the bot writes), after refusing, in this order: a folder that does not exist, a
    /// destination that is the database itself or its `-wal`, `-shm` or `-journal` (by file identity, so a hard
    /// or symbolic link is caught, and by name beside it), a destination that exists, and a disk without room
    /// for the database's used pages. The copy is written to a temporary file in `dest`'s folder, checked
    /// (`PRAGMA integrity_check`, and its schema is this binary's), synced, then published under `dest` without
    /// writing over anything that appeared there meanwhile, and the folder synced; any failure removes it.
    pub async fn backup(&self, dest: &Path) -> Result<Backup, BackupError> {
        self.backup_with(dest, true).await
    }

    /// [`ReadOnly::backup`], with its free-space check skipped when `check_room` is false (a test hook: the copy
    /// then meets a full disk itself, and must leave nothing behind).
    #[doc(hidden)]
    pub async fn backup_with(&self, dest: &Path, check_room: bool) -> Result<Backup, BackupError> {
        let started = Instant::now();
        let (Pool::Sqlite(pool), Some(file)) = (&self.pool, &self.file) else {
            return Err(BackupError::Postgres);
        };
        let shown_dest = shown_path(dest);
        let folder = dest.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if dest.file_name().is_none() {
            return Err(BackupError::NoFileName { dest: shown_dest });
        }
        if !folder.is_dir() {
            return Err(BackupError::NoFolder { folder: shown_path(folder) });
        }
        if let Some(which) = same_file(&file.path, dest) {
            return Err(BackupError::IsTheDatabase { dest: shown_dest, which });
        }
        if std::fs::symlink_metadata(dest).is_ok() {
            return Err(BackupError::Exists { dest: shown_dest });
        }
        let needed = used_bytes(pool).await.ctx("measuring the database")?;
        // A little more than the pages in use: the copy is those pages, rebuilt.
        let needed = needed + needed / 50 + 64 * 1024;
        let free = open::free_space(&folder.to_string_lossy()).filter(|_| check_room);
        if let Some(free) = free.filter(|&free| free < needed) {
            return Err(BackupError::NoRoom {
                folder: shown_path(folder),
                free: bytes_text(free),
                needed: bytes_text(needed),
            });
        }
        let write = |detail: String| BackupError::Write { dest: shown_dest.clone(), detail };
        // An absolute name: SQLite reads a name that starts with `file:` as a URI.
        let folder = std::path::absolute(folder).map_err(|e| write(e.to_string()))?;
        let temporary = tempfile::Builder::new()
            .prefix(".teenpatti-backup-")
            .suffix(".partial")
            .tempfile_in(&folder)
            .map_err(|e| write(format!("creating a temporary file in {}: {e}", shown_path(&folder))))?;
        let copied = self.copy_into(pool, temporary.path(), &folder, &shown_dest).await;
        // Whatever SQLite made beside the temporary file (it keeps no journal for a copy, but a file it reopened
        // in WAL mode would have one).
        for suffix in ["-journal", "-wal", "-shm"] {
            let _ = std::fs::remove_file(sibling(temporary.path(), suffix));
        }
        // On an error, `temporary` is removed as it drops.
        copied?;
        temporary.as_file().sync_all().map_err(|e| write(format!("syncing the copy: {e}")))?;
        let bytes = temporary.as_file().metadata().map_err(|e| write(e.to_string()))?.len();
        temporary.persist_noclobber(dest).map_err(|e| match e.error.kind() {
            std::io::ErrorKind::AlreadyExists => BackupError::Exists { dest: shown_dest.clone() },
            _ => write(e.error.to_string()),
        })?;
        // The new name is durable only once the folder is synced: a backup that is not there after a power cut
        // was never made.
        if let Err(e) = std::fs::File::open(&folder).and_then(|f| f.sync_all()) {
            let _ = std::fs::remove_file(dest);
            return Err(write(format!("syncing its folder: {e}")));
        }
        Ok(Backup { path: dest.to_path_buf(), bytes, elapsed: started.elapsed() })
    }

    /// `VACUUM INTO` the (empty) temporary file, then its checks.
    async fn copy_into(
        &self,
        pool: &SqlitePool,
        temporary: &Path,
        folder: &Path,
        shown_dest: &str,
    ) -> Result<(), BackupError> {
        let Some(name) = temporary.to_str() else {
            return Err(BackupError::Write {
                dest: shown_dest.to_string(),
                detail: "the folder's name is not UTF-8, which SQLite cannot be given".into(),
            });
        };
        let vacuumed = sqlx::query("VACUUM INTO $1").bind(name).persistent(false).execute(pool).await;
        if let Err(e) = vacuumed {
            let full = match sqlite_code(&e) {
                Some(SQLITE_FULL) => true,
                // SQLite may report a full disk met while it writes as an I/O error.
                Some(SQLITE_IOERR) => open::free_space(&folder.to_string_lossy()).is_some_and(|f| f < 1024 * 1024),
                _ => false,
            };
            if full {
                let free = open::free_space(&folder.to_string_lossy()).map_or("unknown".into(), bytes_text);
                return Err(BackupError::FilledUp { folder: shown_path(folder), free });
            }
            return Err(BackupError::Store(open::classify(&self.shown, "copying the database", e)));
        }
        self.check_copy(temporary).await
    }

    /// The copy's own checks, on a read-only connection to it: `PRAGMA integrity_check` (the whole file), and its
    /// schema is this binary's (the source's was checked at open; this is the snapshot that was copied).
    async fn check_copy(&self, temporary: &Path) -> Result<(), BackupError> {
        let copy = SqliteConnectOptions::new()
            .filename(temporary)
            .read_only(true)
            .create_if_missing(false)
            .disable_statement_logging();
        let copy = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect_with(copy)
            .await
            .map_err(|e| open::classify(&self.shown, "reading the copy", e))?;
        let checked = async {
            let found: Vec<String> =
                sqlx::query_scalar("PRAGMA integrity_check(5)").fetch_all(&copy).await.ctx("checking the copy")?;
            if found.iter().any(|r| r != "ok") {
                let lines = found.iter().flat_map(|r| r.lines()).filter(|l| !l.starts_with("***"));
                let detail: String = lines.collect::<Vec<_>>().join("; ").chars().take(300).collect();
                return Err(BackupError::CopyDamaged { source_path: self.shown.clone(), detail });
            }
            let mut held = Pool::Sqlite(copy.clone()).acquire().await.ctx("checking the copy")?;
            let checked = check_schema(&mut held, &SQLITE_MIGRATOR, &self.shown, self.older).await;
            // Closed now (`Held::close`): the copy is renamed next.
            let _ = held.close().await;
            Ok(checked?)
        }
        .await;
        copy.close().await;
        checked
    }

    /// Closes the connection. SQLite: if the read-only connection had to make the `-wal` and `-shm` files (nothing
    /// had the file open), they are taken back ([`SqliteFile::tidy`]), so a tool leaves the folder as it found it.
    pub async fn close(self) {
        // The connection closed by itself first (once it is back from its last use): the pool's `close` alone may
        // leave it open (`Held::close`), and an open SQLite connection keeps the -wal and -shm in place.
        if let Ok(held) = self.pool.acquire().await {
            let _ = held.close().await;
        }
        self.pool.close().await;
        if let Some(file) = &self.file {
            file.tidy().await;
        }
    }

    fn migrator(&self) -> &'static Migrator {
        match self.pool.backend() {
            Backend::Sqlite => &SQLITE_MIGRATOR,
            Backend::Postgres => &PG_MIGRATOR,
        }
    }

    /// [`check_schema`] on the connection, outside the audit's snapshot (at open: a refusal before any other
    /// work).
    async fn schema_checked(&self) -> Result<(), StoreError> {
        let mut held = self.pool.acquire().await.ctx("reading the schema")?;
        check_schema(&mut held, self.migrator(), &self.shown, self.older).await
    }
}

impl SqliteFile {
    /// Takes back the `-wal` and `-shm` files the read-only connection made, the way SQLite itself does: a
    /// connection that may write reads the schema and closes; if it is the file's last connection, SQLite
    /// checkpoints (an empty WAL: nothing is written to the database) and removes both under its exclusive lock,
    /// and if another process opened the file meanwhile (the bot started), they are that process's now and stay.
    /// A connection that cannot open (a read-only folder) leaves them, which is harmless: the bot uses them.
    async fn tidy(&self) {
        if !self.wal_was_absent || std::fs::symlink_metadata(sibling(&self.path, "-wal")).is_err() {
            return;
        }
        let connect = self.connect.clone().busy_timeout(Duration::from_millis(200)).disable_statement_logging();
        match connect.connect().await {
            Ok(mut conn) => {
                let _ = sqlx::query("SELECT count(*) FROM sqlite_master").execute(&mut conn).await;
                if let Err(e) = sqlx::Connection::close(conn).await {
                    tracing::debug!(error = %e, "closing the connection that takes back the -wal and -shm files");
                }
            }
            Err(e) => tracing::debug!(error = %e, "the -wal and -shm files the read-only connection made are left"),
        }
    }
}

async fn open_sqlite(url: &str) -> Result<ReadOnly, StoreError> {
    let target = open::parse_url(url)?;
    let path = target.connect.get_filename().to_path_buf();
    let shown = target.path.clone();
    let bad_url = |why: &str| StoreError::BadUrl { url: target.url.clone(), why: why.into() };
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_file() => {}
        Ok(meta) if meta.is_dir() => return Err(bad_url("names a folder, not a database file")),
        Ok(_) => return Err(bad_url("names a device, a pipe or a socket, not a database file")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::CannotOpen {
                path: shown,
                detail: "the file does not exist; point --database-url (or DATABASE_URL) at the bot's database".into(),
            })
        }
        Err(e) => return Err(StoreError::CannotOpen { path: shown, detail: e.to_string() }),
    }
    let wal_was_absent = std::fs::symlink_metadata(sibling(&path, "-wal")).is_err();
    let connect = target.connect.clone().create_if_missing(false);
    let read = connect.clone().read_only(true).busy_timeout(BUSY_TIMEOUT).disable_statement_logging();
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .acquire_timeout(CONNECT_TIMEOUT)
        .test_before_acquire(false)
        .connect_with(read)
        .await
        .map_err(|e| open::classify(&shown, "opening the database", e))?;
    Ok(ReadOnly {
        pool: Pool::Sqlite(pool),
        shown,
        file: Some(SqliteFile { path, connect, wal_was_absent }),
        older: false,
    })
}

async fn open_pg(url: &str) -> Result<ReadOnly, StoreError> {
    let shown = open::shown_url(url);
    // Read-only at the server too: a statement here that would write is refused by PostgreSQL itself.
    let connect = pg::connect_options(url)?.options([("default_transaction_read_only", "on")]);
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(CONNECT_TIMEOUT)
        .connect_with(connect)
        .await
        .map_err(|e| pg::unreachable(&shown, "connecting to the server", e))?;
    Ok(ReadOnly { pool: Pool::Pg(pool), shown, file: None, older: false })
}

/// The database's schema must be exactly this binary's migrations, all applied: the tools read with this
/// binary's statements and never migrate. Refused otherwise with [`StoreError::OtherSchema`], which says which
/// schema it found and what to do.
pub(super) async fn check_schema(
    conn: &mut Held,
    migrator: &Migrator,
    shown: &str,
    older: bool,
) -> Result<(), StoreError> {
    let exists = match conn {
        Held::Sqlite(_) => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
        Held::Pg(_) => {
            "SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = '_sqlx_migrations'"
        }
    };
    let exists: i64 = sql(exists).scalar(&mut *conn).await.ctx("reading the schema")?;
    let applied: Vec<(i64, bool)> = if exists > 0 {
        sql("SELECT version, success FROM _sqlx_migrations ORDER BY version")
            .all(&mut *conn)
            .await
            .ctx("reading the schema")?
    } else {
        Vec::new()
    };
    let ours: Vec<i64> = migrator.iter().filter(|m| !m.migration_type.is_down_migration()).map(|m| m.version).collect();
    schema_verdict(&applied, &ours, older).map_err(|(found, todo)| StoreError::OtherSchema {
        path: shown.to_string(),
        found,
        todo: todo.to_string(),
    })
}

/// What [`check_schema`] says of the migrations `applied` (version, succeeded; sorted) against this binary's
/// `ours` (sorted): nothing, or what was found and what to do.
fn schema_verdict(applied: &[(i64, bool)], ours: &[i64], older: bool) -> Result<(), (String, &'static str)> {
    let last_ours = ours.last().copied().unwrap_or(0);
    if let Some((failed, _)) = applied.iter().find(|(_, succeeded)| !succeeded) {
        return Err((
            format!("has schema migration {failed} left failed half-way"),
            "the bot refuses to start on it too; restore the latest backup",
        ));
    }
    if let Some(unknown) = applied.iter().map(|(v, _)| *v).filter(|v| !ours.contains(v)).max() {
        return Err((
            format!(
                "holds schema migration {unknown}, which this teenpatti-bot does not know (its last is {last_ours})"
            ),
            "a newer teenpatti-bot wrote it: run this command with that version",
        ));
    }
    let Some((last, _)) = applied.last() else {
        return Err((
            "has no teenpatti schema yet (the bot never started on it)".into(),
            "there is nothing in it to read: point --database-url (or DATABASE_URL) at the bot's database",
        ));
    };
    if applied.len() < ours.len() && !older {
        return Err((
            format!("is at schema migration {last}, older than this teenpatti-bot's {last_ours}"),
            "run this command with the teenpatti-bot that wrote it, or start this version of the bot on it once \
             (it brings the schema up to date at start)",
        ));
    }
    Ok(())
}

/// Bytes of the database's pages in use (its free pages left out): about the size of a `VACUUM INTO` copy.
async fn used_bytes(pool: &SqlitePool) -> Result<u64, sqlx::Error> {
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(pool).await?;
    let free: i64 = sqlx::query_scalar("PRAGMA freelist_count").fetch_one(pool).await?;
    let size: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(pool).await?;
    Ok((pages.saturating_sub(free).max(0) as u64).saturating_mul(size.max(0) as u64))
}

/// Which of the database's files `dest` is, if it is one: by identity (device and inode, so that any name of
/// the same file is caught: a hard link, a symbolic link, a `..` path), or by name beside the database (its
/// `-wal`, `-shm` and `-journal` come and go as SQLite needs them).
fn same_file(db: &Path, dest: &Path) -> Option<&'static str> {
    use std::os::unix::fs::MetadataExt;
    const FILES: [(&str, &str); 4] = [
        ("", "the database file itself"),
        ("-wal", "the database's -wal file"),
        ("-shm", "the database's -shm file"),
        ("-journal", "the database's -journal file"),
    ];
    let id = |p: &Path| std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()));
    if let Some(dest_id) = id(dest) {
        if let Some((_, which)) = FILES.iter().find(|(suffix, _)| id(&sibling(db, suffix)) == Some(dest_id)) {
            return Some(which);
        }
    }
    let folder = |p: &Path| p.parent().filter(|f| !f.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_owned();
    let same_folder = id(&folder(db)).is_some() && id(&folder(db)) == id(&folder(dest));
    if !same_folder {
        return None;
    }
    let (Some(db_name), Some(dest_name)) = (db.file_name(), dest.file_name()) else { return None };
    FILES
        .iter()
        .find(|(suffix, _)| {
            let mut name = db_name.to_os_string();
            name.push(suffix);
            name == dest_name
        })
        .map(|(_, which)| *which)
}

/// `path` with `suffix` added to its file name (`teenpatti.db` → `teenpatti.db-wal`).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// A path as messages show it: at most 200 characters.
fn shown_path(path: &Path) -> String {
    // A name can hold anything but `/` and NUL: its newlines and ESC bytes are shown as "�", its length bounded.
    crate::echo::remote(&path.display())
}

/// A size for a person: KiB below a MiB, MiB above.
fn bytes_text(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KiB", bytes.div_ceil(1024))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OURS: [i64; 3] = [1, 2, 3];

    #[test]
    fn the_schema_must_be_exactly_ours() {
        assert_eq!(schema_verdict(&[(1, true), (2, true), (3, true)], &OURS, false), Ok(()));
        let older = schema_verdict(&[(1, true), (2, true)], &OURS, false).err().map(|(found, _)| found);
        // A copy takes an older schema (a backup before an upgrade), never a newer one.
        assert_eq!(schema_verdict(&[(1, true), (2, true)], &OURS, true), Ok(()));
        assert!(schema_verdict(&[(1, true), (2, true), (3, true), (4, true)], &OURS, true).is_err());
        assert_eq!(older.as_deref(), Some("is at schema migration 2, older than this teenpatti-bot's 3"));
        let newer = schema_verdict(&[(1, true), (2, true), (3, true), (4, true)], &OURS, false);
        assert!(newer.is_err_and(|(found, todo)| found.contains("migration 4") && todo.contains("newer")));
        let failed = schema_verdict(&[(1, true), (2, true), (3, false)], &OURS, false);
        assert!(failed.is_err_and(|(found, _)| found.contains("3 left failed")));
        let none = schema_verdict(&[], &OURS, false);
        assert!(none.is_err_and(|(found, _)| found.contains("no teenpatti schema")));
    }

    #[test]
    fn a_destination_beside_the_database_is_caught_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        assert_eq!(same_file(&db, &dir.path().join("t.db-wal")), Some("the database's -wal file"));
        assert_eq!(same_file(&db, &dir.path().join("t.db-shm")), Some("the database's -shm file"));
        assert_eq!(same_file(&db, &dir.path().join("t.db.bak")), None);
        assert_eq!(same_file(&db, &dir.path().join("nowhere").join("t.db-wal")), None);
    }
}
