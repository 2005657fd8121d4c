//! The start-up check: what `Store::open_with` refuses before the bot (or any tool) uses a database, for every
//! subcommand, each refusal one line saying what is wrong and what to do (the table is in
//! `docs/failure-model.md`). In order:
//!
//! 1. the URL names a file the bot can keep chips in ([`parse_url`]): not in memory, not read-only, no
//!    parameter the bot does not take, and its folder exists ([`check_folder`]);
//! 2. the file is SQLite and ours (`refuse_foreign` in `mod.rs`, finding 1);
//! 3. its structure is intact ([`check_integrity`]: `PRAGMA quick_check`, within a time budget);
//! 4. a commit reaches the disk ([`check_writable`]: a committed write that changes nothing), which catches a
//!    read-only file, folder or file system and a full disk alike.
//!
//! Every error on the way goes through [`classify`], so the same cause gives the same message whichever step
//! met it. The policy is the backend's to share: a PostgreSQL backend runs steps 1, 2 and 4 with the same
//! messages (the probe statement is plain SQL; step 3 is the server's business there).

use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};

use super::dialect::{
    sqlite_code, SQLITE_CANTOPEN, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_INTERRUPT, SQLITE_IOERR, SQLITE_NOTADB,
    SQLITE_READONLY,
};
use super::error::Ctx;
use super::StoreError;

/// The default time budget of the integrity check at open. Measured on a 2-core machine under load: a
/// 570 MB database takes 7.6 s warm, 19 s with a cold page cache, about 3 s of CPU; so within this budget a
/// database of a few hundred MB is checked whole, and a bigger one is checked as far as the budget goes (see
/// `docs/failure-model.md`).
pub const INTEGRITY_BUDGET: Duration = Duration::from_secs(10);

/// The disk is full, for the start-up check, with less free space than this on the database's disk: the bot
/// refuses to start, and an I/O error at open is read as the full disk it most likely is (SQLite reports a
/// full disk met while it grows its `-shm` file as an I/O error). A few busy minutes' worth of WAL.
const LOW_SPACE: u64 = 1024 * 1024;

const IN_MEMORY: &str = "is a database in memory: every chip would vanish when the bot stops; \
                         use sqlite://path/to/file.db";

/// A database URL, parsed: the file it names (for messages) and the options to connect with.
pub(crate) struct Target {
    /// The file, as the messages name it (parameters are not part of it).
    pub path: String,
    pub connect: SqliteConnectOptions,
    /// Create the file if it is missing (`mode=rwc`, the default).
    pub create: bool,
    /// The URL as messages quote it (cut, credentials masked).
    pub url: String,
}

/// Parses `url` by the policy above; the parameters the bot takes are `mode=rwc` (the default: create the file
/// if missing) and `mode=rw` (the file must exist).
pub(crate) fn parse_url(url: &str) -> Result<Target, StoreError> {
    let Some(rest) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) else {
        return Err(StoreError::Invalid(format!(
            "database URL {:?} is not supported; use sqlite://path/to/file.db or postgres://user@host/database",
            shown_url(url)
        )));
    };
    let bad = |why: String| StoreError::BadUrl { url: cut(url), why };
    let (file, params) = rest.split_once('?').unwrap_or((rest, ""));
    let mut create = true;
    for pair in params.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=').unwrap_or((pair, "")) {
            ("mode", "rwc") => create = true,
            ("mode", "rw") => create = false,
            ("mode", "memory") => return Err(bad(IN_MEMORY.into())),
            ("mode", "ro") => {
                return Err(bad("opens the database read-only, and the bot writes every action: drop `mode=ro`".into()))
            }
            (key, _) => {
                return Err(bad(format!(
                    "has the parameter `{}`, which the bot does not take: only `mode=rwc` (the default) and \
                     `mode=rw` (the file must exist) are allowed",
                    cut(key)
                )))
            }
        }
    }
    if file.is_empty() {
        return Err(bad("names no file: use sqlite://path/to/file.db".into()));
    }
    if file == ":memory:" {
        return Err(bad(IN_MEMORY.into()));
    }
    let connect =
        SqliteConnectOptions::from_str(url).map_err(|e| bad(format!("cannot be read: {e}")))?.create_if_missing(create);
    let path = connect.get_filename().display().to_string();
    Ok(Target { path, connect, create, url: shown_url(url) })
}

/// The file's folder must exist (SQLite would say only "unable to open database file"), and with `mode=rw`
/// the file too.
pub(crate) fn check_folder(target: &Target) -> Result<(), StoreError> {
    let file = target.connect.get_filename();
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let refuse = |detail: String| Err(StoreError::CannotOpen { path: target.path.clone(), detail });
    if !folder.is_dir() {
        return refuse(format!(
            "the folder {} does not exist; create it, or point the URL at a file in an existing folder",
            folder.display()
        ));
    }
    if !target.create && !file.exists() {
        return refuse("the file does not exist, and `mode=rw` does not create it".into());
    }
    Ok(())
}

/// The one reading of a database error met at open: the same cause gives the same message at every step.
pub(crate) fn classify(path: &str, context: &'static str, e: sqlx::Error) -> StoreError {
    let path = path.to_string();
    let detail = match &e {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    };
    match sqlite_code(&e) {
        Some(SQLITE_NOTADB) => StoreError::NotADatabase { path, detail: e.to_string() },
        Some(SQLITE_CORRUPT) => StoreError::Damaged { path, detail },
        Some(SQLITE_CANTOPEN) => StoreError::CannotOpen { path, detail: e.to_string() },
        Some(SQLITE_READONLY) => StoreError::ReadOnly { path, detail },
        Some(SQLITE_FULL) => StoreError::NoSpace { free: free_text(&path), path },
        Some(SQLITE_IOERR) if free_space(&path).is_some_and(|free| free < LOW_SPACE) => {
            StoreError::NoSpace { free: free_text(&path), path }
        }
        _ => StoreError::db(context, e),
    }
}

/// `PRAGMA quick_check` on `conn`, stopped by SQLite's progress handler when it runs past `budget`; an
/// unfinished check is logged (once) and the open goes on: a damage it did not reach shows as an error on
/// the write that meets it, and nothing is written over a damaged page (see docs/failure-model.md).
pub(crate) async fn check_integrity(
    conn: &mut SqliteConnection,
    path: &str,
    budget: Duration,
) -> Result<(), StoreError> {
    const CONTEXT: &str = "checking the database's integrity";
    let started = Instant::now();
    conn.lock_handle()
        .await
        .map_err(|e| classify(path, CONTEXT, e))?
        .set_progress_handler(1_000, move || started.elapsed() < budget);
    let found: Result<Vec<String>, _> = sqlx::query_scalar("PRAGMA quick_check(5)").fetch_all(&mut *conn).await;
    conn.lock_handle().await.map_err(|e| classify(path, CONTEXT, e))?.remove_progress_handler();
    let elapsed_ms = started.elapsed().as_millis() as u64;
    match found {
        Ok(rows) if rows.iter().all(|r| r == "ok") => {
            tracing::debug!(%path, elapsed_ms, "integrity check ok");
            Ok(())
        }
        Ok(rows) => {
            // SQLite's report is lines under a heading; one line of it, cut short.
            let lines = rows.iter().flat_map(|r| r.lines()).filter(|l| !l.starts_with("***"));
            let detail: String = lines.collect::<Vec<_>>().join("; ").chars().take(300).collect();
            Err(StoreError::Damaged { path: path.to_string(), detail: format!("integrity check: {detail}") })
        }
        Err(e) if sqlite_code(&e) == Some(SQLITE_INTERRUPT) => {
            let size_mb = std::fs::metadata(path).map(|m| m.len() / 1_000_000).unwrap_or(0);
            tracing::warn!(
                %path,
                size_mb,
                budget_s = budget.as_secs(),
                "the integrity check ran out of its time budget and was stopped; to check the whole file, stop the \
                 bot and run `sqlite3 {path} 'PRAGMA quick_check'`"
            );
            Ok(())
        }
        Err(e) => Err(classify(path, CONTEXT, e)),
    }
}

/// Less free space than [`LOW_SPACE`] on the database's disk (where the system says), then a committed write
/// that changes nothing (the first migration's row written over with itself): it fails on a read-only file,
/// folder or file system, and when the disk has no room for the commit.
pub(crate) async fn check_writable(conn: &mut SqliteConnection, path: &str) -> Result<(), StoreError> {
    const CONTEXT: &str = "checking that the database can be written";
    if free_space(path).is_some_and(|free| free < LOW_SPACE) {
        return Err(StoreError::NoSpace { free: free_text(path), path: path.to_string() });
    }
    let probe = "UPDATE _sqlx_migrations SET version = version \
                 WHERE version = (SELECT MIN(version) FROM _sqlx_migrations)";
    let mut written = sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await;
    if written.is_ok() {
        written = sqlx::query(probe).execute(&mut *conn).await;
        if written.is_ok() {
            written = sqlx::query("COMMIT").execute(&mut *conn).await;
        }
        if written.is_err() {
            // The commit failed or never ran: nothing to keep, and the connection must not stay in it.
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        }
    }
    written.map(|_| ()).map_err(|e| classify(path, CONTEXT, e))
}

/// Whether a write of a few pages fits (a paused table's question, asked through the writer): a scratch table
/// with one blob, dropped in the same transaction. Its pages go back to the file's free list, so asking again
/// does not grow the file.
pub(crate) async fn room_probe(conn: &mut super::db::Conn) -> Result<(), StoreError> {
    let conn = match conn {
        super::db::Conn::Sqlite(conn) => conn,
        // PostgreSQL keeps its own disk: a committed write that changes nothing answers the same question.
        super::db::Conn::Pg(conn) => return super::pg::write_probe(conn).await,
    };
    for sql in [
        "CREATE TABLE IF NOT EXISTS _teenpatti_room_probe (b BLOB)",
        "INSERT INTO _teenpatti_room_probe VALUES (zeroblob(16384))",
        "DROP TABLE _teenpatti_room_probe",
    ] {
        sqlx::query(sql).execute(&mut *conn).await.ctx("checking for room on the disk")?;
    }
    Ok(())
}

/// Bytes free for an unprivileged writer on the disk that holds `path` (or its folder, when the file is not
/// there yet).
pub(crate) fn free_space(path: &str) -> Option<u64> {
    let path = Path::new(path);
    let at = if path.exists() { path } else { path.parent().filter(|p| !p.as_os_str().is_empty())? };
    let s = rustix::fs::statvfs(at).ok()?;
    Some(s.f_bavail.saturating_mul(s.f_frsize))
}

fn free_text(path: &str) -> String {
    match free_space(path) {
        Some(b) if b >= 1024 * 1024 => format!("{} MiB", b / (1024 * 1024)),
        Some(b) => format!("{} KiB", b / 1024),
        None => "free space unknown".into(),
    }
}

/// The hold this process has on its SQLite file: an advisory lock (`flock`) on the database file itself, so it
/// holds for every name of the same file (a symbolic link, a hard link, a `..` path, a bind mount: the lock
/// belongs to the file, not to a name), taken before SQLite opens it and let go when the process ends however it
/// ends. Two processes on one SQLite file would harm each other (the second one's start-up recovery would refund
/// the first one's live hands): a second is refused at once, naming the way to run several (PostgreSQL).
///
/// Why on the file and not on a lock file beside it: a lock file is found by a name, and another name of the
/// same database (a symbolic link elsewhere, a bind mount) finds another lock file. Why `flock` and not a POSIX
/// lock: SQLite holds POSIX locks on the file, and closing *any* descriptor of it drops every POSIX lock the
/// process holds on it (SQLite's "How To Corrupt", §2.2). A `flock` is separate from them; but its descriptor is
/// a descriptor of the file too, so it is opened before SQLite's connections and closed only once the last of them
/// is closed: by [`FileGuard::release`], which the store calls from [`Store::close`](super::Store::close) (and
/// from a failed open) after every connection has closed. A guard dropped without it (a store dropped without
/// `close`, an open cancelled by a stop signal) cannot know that its connections are gone: it lets the lock go
/// but leaves the descriptor open until the process ends. A second open in this process is refused from [`HELD`]
/// (checked, opened, locked and entered under one lock) before any descriptor is opened.
#[derive(Debug)]
pub(crate) struct FileGuard {
    /// The locked descriptor, until [`FileGuard::release`] closes it.
    file: std::sync::Mutex<Option<std::fs::File>>,
    /// This guard's entry in [`HELD`] (device, inode, and a number of its own).
    entry: Held,
    /// The path as given, and whether this open created the file (removed again if the open fails).
    path: std::path::PathBuf,
    created: bool,
}

/// An entry of [`HELD`]: a file (device, inode) and the guard that holds it (a serial number, so that a guard
/// only ever removes its own entry).
type Held = (u64, u64, u64);

/// The files this process holds: a second open of one is refused without opening it again.
static HELD: std::sync::Mutex<Vec<Held>> = std::sync::Mutex::new(Vec::new());

fn held() -> std::sync::MutexGuard<'static, Vec<Held>> {
    HELD.lock().unwrap_or_else(|p| p.into_inner())
}

impl FileGuard {
    /// Every connection of this store is closed: lets the lock go and closes the descriptor now (closing it
    /// cannot drop a POSIX lock of SQLite's any more, since no connection is left on the file).
    pub(crate) fn release(&self) {
        let file = self.file.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(file) = file {
            if let Err(e) = file.unlock() {
                tracing::warn!(error = %e, "letting go of the database file's lock");
            }
        }
        held().retain(|e| *e != self.entry);
    }

    /// The open failed: a file this open created (with whatever SQLite began in it) is removed, so a refused
    /// start leaves nothing behind; a file that was there before is left as it was.
    pub(crate) fn discard_if_new(&self) {
        if !self.created {
            return;
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut name = self.path.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
}

impl Drop for FileGuard {
    /// Without [`FileGuard::release`]: the lock is let go, but the descriptor is left open (leaked until the
    /// process ends), since connections may still be closing and closing it would drop their POSIX locks.
    fn drop(&mut self) {
        let file = self.file.get_mut().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(file) = file {
            let _ = file.unlock();
            std::mem::forget(file);
        }
        held().retain(|e| *e != self.entry);
    }
}

/// Takes the hold of [`FileGuard`] on the file `target` names, creating the file if it is missing (and
/// `mode=rw` does not forbid it) once there is room for it. Refused, each with one line: a name that is a
/// folder, a device or a dangling symbolic link; a file with more than one hard link (each name would keep a
/// WAL of its own, and a crash would leave committed writes in the one the next start does not read); a disk
/// too full for a new file; a file another process (or this one) holds.
pub(crate) fn guard(target: &Target) -> Result<FileGuard, StoreError> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let path = target.connect.get_filename().to_path_buf();
    let shown = target.path.clone();
    let refuse = |detail: String| StoreError::CannotOpen { path: shown.clone(), detail };
    // A name that is no file at all is a bad setting (exit 2 for `run`): restarting cannot help.
    let bad_url = |why: String| StoreError::BadUrl { url: target.url.clone(), why };
    let cannot = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
            StoreError::ReadOnly { path: shown.clone(), detail: e.to_string() }
        }
        _ => refuse(e.to_string()),
    };
    let mut created = false;
    let meta = match std::fs::metadata(&path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Ok(link) = std::fs::read_link(&path) {
                return Err(bad_url(format!(
                    "names a symbolic link to `{}`, which does not exist: create the file it points to, or point the \
                     URL at a file",
                    crate::echo::echo(&link.display().to_string())
                )));
            }
            if !target.create {
                return Err(refuse("the file does not exist, and `mode=rw` does not create it".into()));
            }
            // Room first: a full disk refuses a new database before anything is created.
            if free_space(&target.path).is_some_and(|free| free < LOW_SPACE) {
                return Err(StoreError::NoSpace { free: free_text(&target.path), path: shown });
            }
            match std::fs::OpenOptions::new().read(true).write(true).create_new(true).mode(0o644).open(&path) {
                Ok(_) => created = true,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(cannot(e)),
            }
            std::fs::metadata(&path).map_err(cannot)?
        }
        Err(e) => return Err(cannot(e)),
    };
    if meta.is_dir() {
        return Err(bad_url(
            "names a folder, not a database file: name a file in it, e.g. sqlite://folder/teenpatti.db".into(),
        ));
    }
    if !meta.is_file() {
        return Err(bad_url("names a device, a pipe or a socket, not a database file".into()));
    }
    if meta.nlink() > 1 {
        return Err(refuse(hard_links(&path, &meta)));
    }
    let id = (meta.dev(), meta.ino());
    // Checked, opened, locked and entered under one lock: two opens in this process cannot both pass the check.
    let mut holding = held();
    if holding.iter().any(|&(dev, ino, _)| (dev, ino) == id) {
        return Err(StoreError::InUse { path: shown });
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(&path)
        .map_err(cannot)?;
    let opened = file.metadata().map_err(cannot)?;
    if (opened.dev(), opened.ino()) != id || !opened.is_file() {
        return Err(refuse("the file was replaced while it was being opened; start again".into()));
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => return Err(StoreError::InUse { path: shown }),
        Err(std::fs::TryLockError::Error(e)) => return Err(refuse(format!("cannot lock it: {e}"))),
    }
    static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let entry = (id.0, id.1, SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    holding.push(entry);
    Ok(FileGuard { file: std::sync::Mutex::new(Some(file)), entry, path, created })
}

/// The refusal of a file with several hard links, naming the others found in its folder.
fn hard_links(path: &Path, meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.metadata().is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino()))
                .map(|e| e.path().display().to_string())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let elsewhere = (meta.nlink() as usize).saturating_sub(names.len());
    let shown: Vec<String> = names.iter().take(5).map(|n| crate::echo::cut(n, 80)).collect();
    let mut list = shown.join(", ");
    if names.len() > 5 {
        list.push_str(&format!(" and {} more here", names.len() - 5));
    }
    if elsewhere > 0 {
        list.push_str(&format!(", and {elsewhere} in other folders"));
    }
    format!(
        "the file has {} hard links ({list}); each name would keep its own -wal file, and writes left in one would \
         be lost when the bot is started through another: keep one name (remove the others), or `cp` the file to \
         give another process a database of its own",
        meta.nlink()
    )
}

/// A database URL as logs and messages show it: its credentials masked (a password, a password-like parameter:
/// [`crate::redact::url`]), and at most 200 characters of it.
pub fn shown_url(url: &str) -> String {
    crate::redact::url(url)
}

/// At most 200 characters of something the user typed (a database URL, a parameter), for a message.
fn cut(s: &str) -> String {
    crate::echo::cut(s, 200)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_comes_from_the_parsed_url() {
        let t = parse_url("sqlite://dir/bot3.db?mode=rwc").ok().map(|t| t.path);
        assert_eq!(t.as_deref(), Some("dir/bot3.db"));
        let t = parse_url("sqlite:a%3Fb.db").ok().map(|t| t.path);
        assert_eq!(t.as_deref(), Some("a?b.db"));
    }

    #[test]
    fn a_long_url_is_cut_in_the_message() {
        let url = format!("sqlite://x.db?{}=1", "k".repeat(5_000));
        let msg = parse_url(&url).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.len() < 700, "{}", msg.len());
    }
}
