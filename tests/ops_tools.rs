//! The operator's tools, `teenpatti-bot backup FILE` and `teenpatti-bot audit`, run as an operator runs them:
//! the real binary, on databases the bot's own code wrote (`simulate`, `loadtest`, the store), live or not.
//!
//! What a backup is judged by is not the binary's word: the copy is opened with the store and audited, its
//! wallets compared row by row with the source's, and a copy taken in the middle of a load test is audited with
//! the tests' own SQL ([`fixtures::books`]). The refusals each leave the folders as they were. The audit must
//! catch chips invented (or a balance made negative, or a pot changed) by hand in a copy, on SQLite and on
//! PostgreSQL, and must leave the file it reads byte for byte as it was, while another process holds the bot's
//! lock.

mod fixtures;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

use regex::Regex;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};
use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::{Hand, HandSetup, Rules};
use teenpatti::ids::{ChannelId, UserId};
use teenpatti::store::{NewHand, NewTable, Store};

const BACKUP_OK: &str = r"^backup ok: (.+), (\d+) bytes, (\d+\.\d\d) s \(from (.+); integrity check ok\)$";
const AUDIT_OK: &str =
    r"^audit ok: (\d+) wallets, (\d+) hands; balances (\d+) \+ live pots (\d+) = (\d+), chips granted (\d+)$";

/// What a run of the binary left.
#[derive(Debug)]
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Ran {
    /// Refused: exit 2, nothing on stdout, one `error:` line on stderr that says `says`.
    fn assert_refused(&self, says: &str) {
        assert_eq!(self.code, Some(2), "{self:?}");
        assert!(self.stdout.is_empty(), "{self:?}");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one line: {self:?}");
        assert!(lines[0].starts_with("error: ") && lines[0].contains(says), "expected {says:?}: {self:?}");
        assert!(!self.stderr.contains("panicked"), "{self:?}");
    }
}

/// Runs `teenpatti-bot ARGS` in `dir` (where a `.env` would be read), DATABASE_URL unset.
fn run(dir: &Path, args: &[&str]) -> Ran {
    let out = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .current_dir(dir)
        .args(args)
        .env_remove("DATABASE_URL")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Ran {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

fn backup(dir: &Path, url: &str, file: &Path) -> Ran {
    run(dir, &["backup", "--database-url", url, &file.display().to_string()])
}

fn audit(dir: &Path, url: &str) -> Ran {
    run(dir, &["audit", "--database-url", url])
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// The names in a folder.
fn listing(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
}

/// A database the bot's own code wrote and closed: `simulate`'s, played at two tables. On SQLite, settled: a
/// `simulate` very rarely exits with its -wal and -shm still beside the file (a reader its pool's close missed), so
/// one connection is opened and closed to let SQLite take them back, and the tests start from the file alone.
fn simulated(dir: &Path, url: &str) {
    let out = run(dir, &["simulate", "--database-url", url, "--tables", "2", "--hands", "15", "--seed", "5"]);
    assert_eq!(out.code, Some(0), "{out:?}");
    assert!(out.stdout.contains("audit ok"), "{out:?}");
    if let Some(path) = url.strip_prefix("sqlite://") {
        let wal = format!("{path}-wal");
        if Path::new(&wal).exists() {
            // On a thread of its own: the callers may be on a runtime already.
            let url = url.to_string();
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                runtime.block_on(async {
                    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
                    let _: i64 =
                        sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master").fetch_one(&mut conn).await.unwrap();
                    conn.close().await.unwrap();
                })
            })
            .join()
            .unwrap();
            assert!(!Path::new(&wal).exists(), "{wal} is left after every connection closed");
        }
    }
}

/// A successful backup's one line, checked against the file it names; the copy's size.
fn backed_up(out: &Ran, file: &Path) -> u64 {
    assert_eq!(out.code, Some(0), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{out:?}");
    let caps = Regex::new(BACKUP_OK).unwrap().captures(lines[0]).unwrap_or_else(|| panic!("{out:?}"));
    assert_eq!(&caps[1], file.display().to_string());
    let bytes: u64 = caps[2].parse().unwrap();
    assert_eq!(std::fs::metadata(file).unwrap().len(), bytes, "the size printed is the file's");
    bytes
}

/// A FILE whose name holds a newline and ESC (a name may hold anything but `/` and NUL) is written, and the one
/// `backup ok` line shows those as "�": they cannot forge a second line or drive a terminal.
#[test]
fn a_hostile_file_name_is_one_safe_line() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir.path().join("bot.db"));
    simulated(dir.path(), &url);
    let file = dir.path().join("a\u{1b}[31mb\nbackup ok: forged.db");
    let out = backup(dir.path(), &url, &file);
    assert_eq!(out.code, Some(0), "{out:?}");
    assert_eq!(out.stdout.lines().count(), 1, "{out:?}");
    assert!(!out.stdout.contains('\u{1b}') && out.stdout.contains("a\u{FFFD}[31mb\u{FFFD}backup ok"), "{out:?}");
    assert!(file.exists());
}

/// The totals of an `audit ok` line: wallets, hands, balances, live pots, granted.
fn audited_ok(out: &Ran) -> [i64; 5] {
    assert_eq!(out.code, Some(0), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "nothing but the ok line: {out:?}");
    let caps = Regex::new(AUDIT_OK).unwrap().captures(lines[0]).unwrap_or_else(|| panic!("{out:?}"));
    let n = |i: usize| caps[i].parse::<i64>().unwrap();
    assert_eq!(n(3) + n(4), n(5));
    assert_eq!(n(5), n(6));
    [n(1), n(2), n(3), n(4), n(6)]
}

/// Every wallet, sorted, by raw SQL: (server, user, balance).
async fn wallets(url: &str) -> Vec<(i64, i64, i64)> {
    let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
    let rows = sqlx::query("SELECT guild_id, user_id, balance FROM wallets ORDER BY guild_id, user_id")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect()
}

/// Raw statements on an SQLite file, one connection, CHECK constraints off (`PRAGMA ignore_check_constraints`):
/// a hand outside the bot.
async fn tamper(path: &Path, statements: &[&str]) {
    let mut conn = SqliteConnectOptions::from_str(&sqlite_url(path))
        .unwrap()
        .pragma("ignore_check_constraints", "ON")
        .connect()
        .await
        .unwrap();
    for s in statements {
        sqlx::query(s).execute(&mut conn).await.unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    conn.close().await.unwrap();
}

/// A live hand with chips in its pot, started through the store (as the table service starts one).
async fn live_hand(store: &Store) {
    let guild = fixtures::G;
    let channel = ChannelId(900_000_000_000_000_001);
    let rules = Rules { boot: 10, ..Rules::default() };
    let users = [UserId(400_000_000_000_000_001), UserId(400_000_000_000_000_002)];
    let table = NewTable { guild, channel, opener: users[0], rules: rules.clone(), max_players: 6, turn_seconds: 60 };
    let table = store.open_table(table).await.unwrap().id;
    let setup = HandSetup {
        rules,
        stacks: vec![1_000; users.len()],
        dealer: users.len() - 1,
        deck: seeded_deck(3),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (_hand, events) = Hand::start(&setup).unwrap();
    let new = NewHand {
        table_id: table,
        guild,
        channel,
        users: users.to_vec(),
        setup: &setup,
        seed: Some(3),
        fair: None,
        events: &events,
    };
    store.start_hand(new).await.unwrap();
}

// ---------------------------------------------------------------- backup

/// A backup of a live database (the store open in this process, holding the bot's lock, a hand live with chips in
/// its pot) is the same books: the copy opens with the store and audits ok with the same totals, and every wallet
/// is the source's. The audit of the source, read beside the open store, agrees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_of_a_live_database_is_the_same_books_and_opens_with_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("bot.db");
    let url = sqlite_url(&source);
    simulated(dir.path(), &url);
    let store = Store::open(&url).await.unwrap();
    // A reader holding an older snapshot: the WAL's checkpoints cannot copy what is written after it into the
    // database file, so the live hand below is only in the -wal, where a copy of the file alone would miss it.
    let mut pin = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("BEGIN").execute(&mut pin).await.unwrap();
    let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM hands").fetch_one(&mut pin).await.unwrap();
    live_hand(&store).await;
    let online = store.audit().await.unwrap();
    assert!(online.ok() && online.live_pots == 20, "{online:?}");

    let copies = tempfile::tempdir().unwrap();
    let file = copies.path().join("copy.db");
    let out = backup(dir.path(), &url, &file);
    let bytes = backed_up(&out, &file);
    assert!(bytes > 0);
    assert!(out.stdout.contains(&source.display().to_string()), "names its source: {out:?}");
    assert_eq!(listing(copies.path()), BTreeSet::from(["copy.db".to_string()]), "the copy alone, no temporary");

    let offline = audited_ok(&audit(dir.path(), &url));
    assert_eq!(
        offline,
        [online.wallets, online.hands, online.total_balances, online.live_pots, online.total_granted],
        "the offline audit reads what the store's does"
    );

    let copy_url = sqlite_url(&file);
    assert_eq!(wallets(&copy_url).await, wallets(&url).await, "every wallet, as in the source");
    let copy = Store::open(&copy_url).await.unwrap();
    let restored = copy.audit().await.unwrap();
    copy.close().await;
    assert_eq!(restored, online, "the copy's books are the source's, the live pot included");
    // Private: a copy of every wallet.
    let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&file).unwrap().permissions());
    assert_eq!(mode & 0o077, 0, "{mode:o}");
    sqlx::query("COMMIT").execute(&mut pin).await.unwrap();
    pin.close().await.unwrap();
    store.close().await;
}

/// Backups taken while `loadtest` plays on the same file (holding its lock, writing every few milliseconds) are
/// consistent snapshots: each audits ok, by the binary and by the tests' own SQL, and holds hands played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backups_taken_while_loadtest_writes_to_the_file_audit_ok() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("load.db");
    let url = sqlite_url(&source);
    let load = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .current_dir(dir.path())
        .args(["loadtest", "--database-url", &url, "--tables", "4", "--players", "3", "--rate", "0", "--seconds", "8"])
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let copies = tempfile::tempdir().unwrap();
    let started = Instant::now();
    while !source.exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "loadtest never created {}", source.display());
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut hands = Vec::new();
    for (i, wait) in [2, 2].into_iter().enumerate() {
        std::thread::sleep(Duration::from_secs(wait));
        let file = copies.path().join(format!("during-{i}.db"));
        backed_up(&backup(dir.path(), &url, &file), &file);
        let copy_url = sqlite_url(&file);
        let [_, played, ..] = audited_ok(&audit(copies.path(), &copy_url));
        fixtures::books::read(&copy_url).await.assert_exact_after_play();
        hands.push(played);
    }
    let out = load.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("audit=ok"), "{out:?}");
    assert!(hands[0] > 0 && hands[1] > hands[0], "copies of a database being played: {hands:?} hands");
    let final_hands = audited_ok(&audit(dir.path(), &url))[1];
    assert!(final_hands > hands[1], "taken during the run: {hands:?}, then {final_hands}");
}

/// Every refusal is one `error:` line and exit 2, and leaves both folders as they were (a FILE that exists is
/// untouched); a destination that is the database is named so, before "exists".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_refusals_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let url = sqlite_url(&db);
    simulated(dir.path(), &url);
    let here = dir.path();
    let existing = here.join("kept.db");
    std::fs::write(&existing, b"an earlier backup").unwrap();
    let before = listing(here);
    let bytes_before = std::fs::read(&db).unwrap();
    let refused = |file: &Path, says: &str| {
        backup(here, &url, file).assert_refused(says);
        assert_eq!(listing(here), before, "after refusing {}", file.display());
    };

    refused(&existing, "kept.db already exists");
    assert_eq!(std::fs::read(&existing).unwrap(), b"an earlier backup");
    refused(&db, "is the database file itself");
    refused(&here.join("bot.db-wal"), "is the database's -wal file");
    refused(&here.join("bot.db-shm"), "is the database's -shm file");
    refused(&here.join("no-such-folder").join("copy.db"), "the folder");
    // Other names of the database: a hard link (in another folder) and a symbolic link.
    let elsewhere = tempfile::tempdir().unwrap();
    let hard = elsewhere.path().join("hard.db");
    std::fs::hard_link(&db, &hard).unwrap();
    backup(here, &url, &hard).assert_refused("is the database file itself");
    std::fs::remove_file(&hard).unwrap();
    let soft = elsewhere.path().join("soft.db");
    std::os::unix::fs::symlink(&db, &soft).unwrap();
    backup(here, &url, &soft).assert_refused("is the database file itself");
    std::fs::remove_file(&soft).unwrap();
    assert!(listing(elsewhere.path()).is_empty());

    // The -wal by identity, while the store holds the file open (the -wal exists, under another name too).
    let store = Store::open(&url).await.unwrap();
    let wal_link = elsewhere.path().join("wal-link");
    std::os::unix::fs::symlink(here.join("bot.db-wal"), &wal_link).unwrap();
    backup(here, &url, &wal_link).assert_refused("is the database's -wal file");
    store.close().await;
    std::fs::remove_file(&wal_link).unwrap();
    assert_eq!(listing(here), before);

    // The source: missing, not SQLite, another application's.
    let copy = elsewhere.path().join("copy.db");
    let missing = sqlite_url(&here.join("missing.db"));
    backup(here, &missing, &copy).assert_refused("does not exist");
    std::fs::write(here.join("notes.txt"), b"not a database at all, just some words ".repeat(200)).unwrap();
    backup(here, &sqlite_url(&here.join("notes.txt")), &copy).assert_refused("is not a teenpatti database");
    let foreign = here.join("other.db");
    foreign_db(&foreign).await;
    backup(here, &sqlite_url(&foreign), &copy).assert_refused("another application's tables (notes)");
    assert!(listing(elsewhere.path()).is_empty());
    assert!(!here.join("missing.db").exists());
    let mut grown = before.clone();
    grown.extend(["notes.txt".to_string(), "other.db".to_string()]);
    assert_eq!(listing(here), grown, "no -wal, -shm or copy left by a refused source");
    assert_eq!(std::fs::read(&db).unwrap(), bytes_before, "the database itself untouched");
}

/// An SQLite file of another application.
async fn foreign_db(path: &Path) {
    let mut conn = SqliteConnectOptions::new().filename(path).create_if_missing(true).connect().await.unwrap();
    sqlx::query("CREATE TABLE notes (body TEXT)").execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

/// A database from a newer version is refused by both tools, saying which and what to do; an older one is copied
/// (the backup before an upgrade, taken with the new binary) and refused by the audit, which reads with this
/// binary's statements.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_schema_is_refused_by_both_tools() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let url = sqlite_url(&db);
    simulated(dir.path(), &url);
    let older = dir.path().join("older.db");
    let newer = dir.path().join("newer.db");
    for copy in [&older, &newer] {
        backed_up(&backup(dir.path(), &url, copy), copy);
    }
    tamper(&older, &["DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)"]).await;
    tamper(
        &newer,
        &["INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
           VALUES (99991231000001, 'from the future', TRUE, x'00', 0)"],
    )
    .await;
    let out_dir = tempfile::tempdir().unwrap();
    let file = out_dir.path().join("x.db");
    let older_url = sqlite_url(&older);
    let newer_url = sqlite_url(&newer);
    let says_older = "older than this teenpatti-bot's";
    backed_up(&backup(dir.path(), &older_url, &file), &file);
    std::fs::remove_file(&file).unwrap();
    audit(dir.path(), &older_url).assert_refused(says_older);
    let out = audit(dir.path(), &older_url);
    assert!(out.stderr.contains("start this version of the bot on it once"), "what to do: {out:?}");
    backup(dir.path(), &newer_url, &file).assert_refused("holds schema migration 99991231000001");
    audit(dir.path(), &newer_url).assert_refused("a newer teenpatti-bot wrote it");
    assert!(listing(out_dir.path()).is_empty());
}

/// On PostgreSQL a backup is refused with the `pg_dump` line to run, which carries no password.
#[test]
fn a_postgres_backup_is_refused_with_the_pg_dump_line_and_no_password() {
    let dir = tempfile::tempdir().unwrap();
    let password = "Sup3rS3cretPassw0rd";
    let url = format!("postgres://bot:{password}@db.example:5433/teenpatti?sslmode=require");
    let out = backup(dir.path(), &url, Path::new("tp.dump"));
    out.assert_refused(
        "pg_dump --format=custom --file=tp.dump --dbname='postgres://bot@db.example:5433/teenpatti?sslmode=require'",
    );
    assert!(out.stderr.contains("PGPASSWORD or ~/.pgpass"), "{out:?}");
    assert!(!out.stderr.contains(password) && !out.stdout.contains(password), "{out:?}");
    assert!(listing(dir.path()).is_empty());
    // From the environment too (`DATABASE_URL`), as the bot reads it; its value is not shown in `--help`.
    let from_env = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .current_dir(dir.path())
        .args(["backup", "tp.dump"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert_eq!(from_env.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&from_env.stderr).contains("--dbname='postgres://bot@db.example"));
    let help = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .args(["backup", "--help"])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(help.status.success());
    assert!(!String::from_utf8_lossy(&help.stdout).contains(password));
}

/// A disk without room for the copy is refused before anything is written; and a disk that fills up during the
/// copy (the room check skipped by a test hook) fails with SQLite's full disk and leaves no temporary file.
#[test]
fn a_full_disk_refuses_the_backup_and_a_copy_cut_short_leaves_nothing() {
    let Some(small) = fixtures::tmpfs::Tmpfs::mount("128k") else { return };
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir.path().join("bot.db"));
    simulated(dir.path(), &url);
    assert!(std::fs::metadata(dir.path().join("bot.db")).unwrap().len() > 200 * 1024, "bigger than the disk");
    let file = small.join("copy.db");
    backup(dir.path(), &url, &file).assert_refused("and the copy needs about");
    assert!(listing(small.path()).is_empty());
    let out = run(dir.path(), &["backup", "--no-room-check", "--database-url", &url, &file.display().to_string()]);
    out.assert_refused("filled up during the copy");
    assert!(listing(small.path()).is_empty(), "the partial copy is removed: {:?}", listing(small.path()));
}

// ---------------------------------------------------------------- audit

/// Chips invented by hand in a copy are caught, naming the wallet; so is a pot changed after the hand; and a
/// balance made negative (past the schema's CHECK) with its ledger made to match, which only the negative-balance
/// check can see. Each problem is one line, and the exit status is 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_catches_chips_invented_in_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir.path().join("bot.db"));
    simulated(dir.path(), &url);
    let [wallets_n, ..] = audited_ok(&audit(dir.path(), &url));
    let (guild, user, balance) = wallets(&url).await[0];

    let invented = dir.path().join("invented.db");
    backed_up(&backup(dir.path(), &url, &invented), &invented);
    tamper(
        &invented,
        &[&format!("UPDATE wallets SET balance = balance + 100 WHERE guild_id = {guild} AND user_id = {user}")],
    )
    .await;
    let out = audit(dir.path(), &sqlite_url(&invented));
    assert_eq!(out.code, Some(1), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "wallet off its ledger: server {guild} user {user}: balance {}, ledger rows sum to {balance} (+100 chips)",
            balance + 100
        )
    );
    assert!(lines[1].starts_with("chips not conserved:") && lines[1].ends_with("(+100 chips)"), "{out:?}");
    assert!(lines[2].starts_with(&format!("audit FAILED: {wallets_n} wallets")), "{out:?}");
    assert_eq!(lines.len(), 3, "{out:?}");

    let pot = dir.path().join("pot.db");
    backed_up(&backup(dir.path(), &url, &pot), &pot);
    tamper(&pot, &["UPDATE hands SET pot = pot + 7 WHERE id = (SELECT MIN(id) FROM hands WHERE status = 'finished')"])
        .await;
    let out = audit(dir.path(), &sqlite_url(&pot));
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        Regex::new(r"(?m)^hand #\d+ \(finished\): pot (\d+) but its bets took \d+$").unwrap().is_match(&out.stdout),
        "{out:?}"
    );
    assert_eq!(out.stdout.lines().count(), 2, "{out:?}");

    let negative = dir.path().join("negative.db");
    backed_up(&backup(dir.path(), &url, &negative), &negative);
    tamper(
        &negative,
        &[
            &format!(
                "INSERT INTO ledger (guild_id, user_id, delta, reason, created_at) \
                 VALUES ({guild}, {user}, {}, 'admin_grant', 0)",
                -(balance + 5)
            ),
            &format!("UPDATE wallets SET balance = -5 WHERE guild_id = {guild} AND user_id = {user}"),
        ],
    )
    .await;
    let out = audit(dir.path(), &sqlite_url(&negative));
    assert_eq!(out.code, Some(1), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], format!("negative balance: server {guild} user {user}: -5"), "{out:?}");
    assert_eq!(lines.len(), 2, "the books balance otherwise: {out:?}");
}

/// However many wallets are off, at most 100 are listed, then how many more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audits_lines_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let url = sqlite_url(&db);
    simulated(dir.path(), &url);
    tamper(
        &db,
        &["WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250) \
           INSERT INTO wallets (guild_id, user_id, balance, created_at) SELECT 7, 1000 + i, 1, 0 FROM n"],
    )
    .await;
    let out = audit(dir.path(), &url);
    assert_eq!(out.code, Some(1), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    let listed = lines.iter().filter(|l| l.starts_with("wallet off its ledger: server 7 ")).count();
    assert_eq!(listed, 100, "{}", lines.len());
    assert!(lines.contains(&"… and 150 more wallets off their ledger"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("chips not conserved") && l.ends_with("(+250 chips)")), "{lines:?}");
    assert_eq!(lines.len(), 103, "100 wallets, the rest counted, conservation, the summary");
}

/// The audit reads without writing: the file keeps its bytes and its time, no -wal or -shm is left, and it runs
/// while another process holds the bot's lock on the file (as a running bot does); so does a backup.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_leaves_the_file_as_it_was_and_runs_beside_the_lock() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.db");
    let url = sqlite_url(&db);
    simulated(dir.path(), &url);
    let bytes = std::fs::read(&db).unwrap();
    let modified = std::fs::metadata(&db).unwrap().modified().unwrap();
    let files = listing(dir.path());
    // The bot's lock: a `flock` on the database file (`store::open::guard`), held here, in another process than
    // the tools'.
    let lock = std::fs::File::open(&db).unwrap();
    lock.try_lock().unwrap();
    let bot = Store::open(&url).await;
    assert!(bot.is_err_and(|e| e.to_string().contains("another teenpatti-bot process is using")), "the lock holds");

    audited_ok(&audit(dir.path(), &url));
    let copies = tempfile::tempdir().unwrap();
    let copy = copies.path().join("copy.db");
    backed_up(&backup(dir.path(), &url, &copy), &copy);
    assert_eq!(std::fs::read(&db).unwrap(), bytes, "not a byte changed");
    assert_eq!(std::fs::metadata(&db).unwrap().modified().unwrap(), modified);
    assert_eq!(listing(dir.path()), files, "no -wal or -shm left behind");
    let mut conn = sqlx::SqliteConnection::connect(&sqlite_url(&copy)).await.unwrap();
    let migrations: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    assert!(migrations > 0);
    lock.unlock().unwrap();
}

/// Without `--database-url`, the database is the one the bot would open here: DATABASE_URL from `.env`, else
/// the default file (which is not created).
#[test]
fn the_database_is_the_one_the_bot_would_open() {
    let dir = tempfile::tempdir().unwrap();
    simulated(dir.path(), &sqlite_url(&dir.path().join("bot.db")));
    std::fs::write(dir.path().join(".env"), "DATABASE_URL=sqlite://bot.db\n").unwrap();
    audited_ok(&run(dir.path(), &["audit"]));
    std::fs::remove_file(dir.path().join(".env")).unwrap();
    run(dir.path(), &["audit"]).assert_refused("teenpatti.db: the file does not exist");
    assert!(!dir.path().join("teenpatti.db").exists());
}

/// On PostgreSQL (when the test server is there): ok on the books a run left, then chips invented by hand in the
/// database are caught naming the wallet, and a negative balance (its CHECK dropped, its ledger made to match)
/// by its own line. A database with no schema, and one that does not exist, are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_on_postgres() {
    let Some(pg) = fixtures::pg::PgDb::new().await else { return };
    let dir = tempfile::tempdir().unwrap();
    simulated(dir.path(), &pg.url);
    let [wallets_n, hands, ..] = audited_ok(&audit(dir.path(), &pg.url));
    assert!(wallets_n > 0 && hands > 0);
    let pool = sqlx::PgPool::connect(&pg.url).await.unwrap();
    let (guild, user, balance): (i64, i64, i64) =
        sqlx::query_as("SELECT guild_id, user_id, balance FROM wallets ORDER BY guild_id, user_id LIMIT 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    let exec = |q: String| {
        let pool = pool.clone();
        async move { sqlx::query(&q).execute(&pool).await.unwrap_or_else(|e| panic!("{q}: {e}")).rows_affected() }
    };
    let one = format!("guild_id = {guild} AND user_id = {user}");
    assert_eq!(exec(format!("UPDATE wallets SET balance = balance + 100 WHERE {one}")).await, 1);
    let out = audit(dir.path(), &pg.url);
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stdout
            .starts_with(&format!("wallet off its ledger: server {guild} user {user}: balance {}", balance + 100)),
        "{out:?}"
    );
    assert!(out.stdout.contains("chips not conserved"), "{out:?}");
    assert_eq!(exec(format!("UPDATE wallets SET balance = balance - 100 WHERE {one}")).await, 1);
    audited_ok(&audit(dir.path(), &pg.url));

    exec("ALTER TABLE wallets DROP CONSTRAINT wallets_balance_check".into()).await;
    exec(format!(
        "INSERT INTO ledger (guild_id, user_id, delta, reason, created_at) VALUES ({guild}, {user}, {}, 'admin_grant', 0)",
        -(balance + 5)
    ))
    .await;
    exec(format!("UPDATE wallets SET balance = -5 WHERE {one}")).await;
    let out = audit(dir.path(), &pg.url);
    assert_eq!(out.code, Some(1), "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    assert_eq!(lines[0], format!("negative balance: server {guild} user {user}: -5"), "{out:?}");
    assert!(lines[1].starts_with("audit FAILED"), "{out:?}");
    pool.close().await;

    let Some(empty) = fixtures::pg::PgDb::new().await else { return };
    audit(dir.path(), &empty.url).assert_refused("has no teenpatti schema yet");
    let (base, _) = empty.url.rsplit_once('/').unwrap();
    audit(dir.path(), &format!("{base}/tp_no_such_database")).assert_refused("does not exist");
}
