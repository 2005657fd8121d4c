//! Bad files give clear errors, never a panic or silent data loss.

mod fixtures;

use fixtures::{temp_db, temp_store, ADMIN, ALICE, G};
use teenpatti::engine::hand::EndedBy;
use teenpatti::engine::Rules;
use teenpatti::ids::{ChannelId, UserId};
use teenpatti::store::{HandEnd, HandStatus, NewTable, OpenOptions, Reason, Store, StoreError, TableStatus};

#[tokio::test]
async fn a_corrupt_file_is_refused_and_left_alone() {
    let db = temp_db("garbage.db");
    let garbage: Vec<u8> = (0..16_384u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    std::fs::write(&db.path, &garbage).unwrap();
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("is not a teenpatti database"), "{msg}");
    assert!(msg.contains("garbage.db"), "{msg}");
    assert_eq!(std::fs::read(&db.path).unwrap(), garbage, "the file was not touched");
}

#[tokio::test]
async fn a_schema_from_a_newer_binary_is_refused() {
    let (db, store) = temp_store().await;
    store.balance(G, UserId(1)).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time) \
         VALUES (29990101000000, 'from the future', CURRENT_TIMESTAMP, TRUE, X'00', 0)",
    )
    .execute(store.sqlite_pool().unwrap())
    .await
    .unwrap();
    store.close().await;
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(matches!(err, StoreError::NewerSchema { version: 29990101000000 }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("database was written by a newer teenpatti-bot"), "{msg}");
    assert!(msg.contains("29990101000000"), "{msg}");
}

#[tokio::test]
async fn a_full_disk_is_a_clear_error_and_loses_nothing() {
    let (db, store) = temp_store().await;
    store.balance(G, UserId(1)).await.unwrap();
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    store.close().await;

    // Cap the file at its current size: the next page it needs is "disk full".
    let opts = OpenOptions { max_page_count: Some(pages as u64), ..OpenOptions::default() };
    let store = Store::open_with(&db.url, opts).await.unwrap();
    let mut full = None;
    let mut granted = 0;
    for user in (2..5_000u64).map(UserId) {
        match store.admin_grant(G, user, 123_456_789, ADMIN, "a long note to fill pages quickly").await {
            Ok(_) => granted += 1,
            Err(e) => {
                full = Some((user, e));
                break;
            }
        }
    }
    let (user, err) = full.expect("the capped database never filled up");
    assert!(matches!(err, StoreError::DiskFull { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("disk is full"), "{msg}");
    assert!(msg.contains("nothing was written"), "{msg}");
    // The failed transaction left no trace; every earlier one is intact.
    let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wallets WHERE user_id = ?")
        .bind(user)
        .fetch_one(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    assert_eq!(exists, 0);
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "{audit:?}");
    assert_eq!(audit.total_balances, 1000 + granted * (1000 + 123_456_789));
    store.close().await;

    // With room again, writing goes on.
    let store = Store::open(&db.url).await.unwrap();
    assert_eq!(store.balance(G, user).await.unwrap(), 1000);
    assert!(store.audit().await.unwrap().ok());
}

#[tokio::test]
async fn a_bad_url_is_an_error() {
    let err = Store::open("mysql://nope").await.unwrap_err();
    assert!(matches!(err, StoreError::Invalid(_)), "{err:?}");
    assert!(err.to_string().contains("postgres://"), "says what is supported: {err}");
    // A PostgreSQL server that cannot be reached is named, without its password.
    let err = Store::open("postgres://bot:s3cret@nope.invalid/tp").await.unwrap_err();
    assert!(matches!(err, StoreError::Unreachable { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("postgres://bot:***@nope.invalid/tp") && !msg.contains("s3cret"), "{msg}");
}

#[tokio::test]
async fn a_missing_folder_is_a_clear_error() {
    let db = temp_db("no/such/folder/t.db");
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(matches!(err, StoreError::CannotOpen { .. }), "{err:?}");
    assert!(err.to_string().starts_with("cannot open the database file"), "{err}");
}

/// Runs raw SQL on one connection with the schema's CHECK constraints off: a
/// value this binary never writes, as a damaged or foreign file could hold.
async fn tamper(store: &Store, sql: &str) {
    let mut conn = store.sqlite_pool().unwrap().acquire().await.unwrap();
    sqlx::query("PRAGMA ignore_check_constraints = ON").execute(&mut *conn).await.unwrap();
    sqlx::query(sql).execute(&mut *conn).await.unwrap();
    sqlx::query("PRAGMA ignore_check_constraints = OFF").execute(&mut *conn).await.unwrap();
}

/// The message of a [`StoreError::Corrupt`]; anything else fails the test.
fn corrupt<T: std::fmt::Debug>(result: Result<T, StoreError>) -> String {
    match result {
        Err(StoreError::Corrupt(msg)) => msg,
        other => panic!("expected a corruption error, got {other:?}"),
    }
}

async fn open_table(store: &Store) -> teenpatti::store::TableRow {
    let new = NewTable {
        guild: G,
        channel: ChannelId(10),
        opener: ALICE,
        rules: Rules::default(),
        max_players: 6,
        turn_seconds: 60,
    };
    store.open_table(new).await.unwrap()
}

#[tokio::test]
async fn an_unknown_table_status_is_corrupt_never_closed() {
    let (_db, store) = temp_store().await;
    let t = open_table(&store).await;
    let err = sqlx::query("UPDATE game_tables SET status = 'paused'")
        .execute(store.sqlite_pool().unwrap())
        .await
        .unwrap_err();
    assert!(err.to_string().contains("CHECK constraint failed"), "the schema refuses it: {err}");
    tamper(&store, "UPDATE game_tables SET status = 'paused'").await;
    let msg = corrupt(store.table(t.id).await);
    assert!(msg.contains("paused"), "{msg}");
    corrupt(store.add_seat(t.id, UserId(7)).await);
}

#[tokio::test]
async fn an_unknown_hand_status_or_ending_is_corrupt() {
    let (_db, store) = temp_store().await;
    let t = open_table(&store).await;
    let insert = |status: &str, ended_by: &str| {
        format!(
            "INSERT INTO hands (table_id, guild_id, channel_id, rules, seats, setup, status, pot, ended_by, started_at) \
             VALUES ({}, {G}, 10, '{{}}', '[]', '{{}}', '{status}', 0, {ended_by}, 0)",
            t.id
        )
    };
    tamper(&store, &insert("paused", "NULL")).await;
    let msg = corrupt(store.recent_hands(G, None, None, 10).await);
    assert!(msg.contains("paused"), "{msg}");
    sqlx::query("DELETE FROM hands").execute(store.sqlite_pool().unwrap()).await.unwrap();
    tamper(&store, &insert("finished", "'timeout'")).await;
    let msg = corrupt(store.recent_hands(G, None, None, 10).await);
    assert!(msg.contains("timeout"), "{msg}");
}

#[tokio::test]
async fn an_unknown_ledger_reason_is_corrupt() {
    let (_db, store) = temp_store().await;
    store.balance(G, ALICE).await.unwrap();
    tamper(&store, "UPDATE ledger SET reason = 'gift'").await;
    let msg = corrupt(store.ledger(G, ALICE, 10).await);
    assert!(msg.contains("gift"), "{msg}");
}

#[tokio::test]
async fn malformed_json_is_corrupt() {
    let (_db, store) = temp_store().await;
    let t = open_table(&store).await;
    sqlx::query("UPDATE game_tables SET rules = 'not json'").execute(store.sqlite_pool().unwrap()).await.unwrap();
    corrupt(store.table(t.id).await);
    corrupt(store.open_tables().await);
}

/// Writes `value` as SQL stores it and reads `name` back as the type.
async fn assert_stored_as<T>(store: &Store, value: T, name: &str)
where
    T: for<'q> sqlx::Encode<'q, sqlx::Sqlite>
        + for<'r> sqlx::Decode<'r, sqlx::Sqlite>
        + sqlx::Type<sqlx::Sqlite>
        + std::fmt::Debug
        + PartialEq
        + Copy
        + Send
        + Unpin
        + 'static,
{
    let stored: String =
        sqlx::query_scalar("SELECT ?").bind(value).fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    assert_eq!(stored, name, "{value:?} is stored as");
    let read: T = sqlx::query_scalar("SELECT ?").bind(name).fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    assert_eq!(read, value, "{name:?} reads as");
}

/// Statuses, reasons and endings are stored under the names databases
/// written before they were enums hold, and those names read back.
#[tokio::test]
async fn stored_names_are_unchanged() {
    let (_db, store) = temp_store().await;
    for (status, name) in [(TableStatus::Open, "open"), (TableStatus::Closed, "closed")] {
        assert_stored_as(&store, status, name).await;
    }
    for (status, name) in
        [(HandStatus::Live, "live"), (HandStatus::Finished, "finished"), (HandStatus::Refunded, "refunded")]
    {
        assert_stored_as(&store, status, name).await;
    }
    for (end, name) in [
        (HandEnd::LastStanding, "last_standing"),
        (HandEnd::Show, "show"),
        (HandEnd::PotLimit, "pot_limit"),
        (HandEnd::Refund, "refund"),
    ] {
        assert_stored_as(&store, end, name).await;
    }
    for e in [EndedBy::LastStanding, EndedBy::Show, EndedBy::PotLimit] {
        assert_stored_as(&store, HandEnd::from(e), e.name()).await;
    }
    for (reason, name) in [
        (Reason::StartingGrant, "starting_grant"),
        (Reason::Daily, "daily"),
        (Reason::Bet, "bet"),
        (Reason::PotWon, "pot_won"),
        (Reason::Refund, "refund"),
        (Reason::AdminGrant, "admin_grant"),
        (Reason::Transfer, "transfer"),
    ] {
        assert_stored_as(&store, reason, name).await;
    }
}

/// Another application's SQLite file (plain tables, or another sqlx application's migrations) is refused before
/// anything is written into it.
#[tokio::test]
async fn another_applications_database_is_refused_and_left_alone() {
    for (name, schema) in [
        ("contacts.db", "CREATE TABLE contacts (id INTEGER, name TEXT)"),
        (
            "other-sqlx.db",
            "CREATE TABLE _sqlx_migrations (version BIGINT PRIMARY KEY); INSERT INTO _sqlx_migrations VALUES (1)",
        ),
    ] {
        let db = temp_db(name);
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&db.path).create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
        sqlx::raw_sql(schema).execute(&pool).await.unwrap();
        pool.close().await;
        let err = Store::open(&db.url).await.unwrap_err();
        assert!(matches!(err, StoreError::NotOurs { .. }), "{name}: {err:?}");
        let msg = err.to_string();
        assert!(msg.contains("is not a teenpatti database") && msg.contains(name), "{msg}");
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&db.path);
        let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
        let tables: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(tables, 1, "{name}: nothing was written into it");
        pool.close().await;
    }
}

// ---- Start-up checks (issue 11, findings 2, 4, 5 and 16): one check at open, one line saying what to do. ----

/// The message of a refused open; an open that succeeds fails the test.
async fn refused(url: &str) -> String {
    match Store::open(url).await {
        Ok(store) => {
            store.close().await;
            panic!("{url} was opened; it must be refused")
        }
        Err(e) => e.to_string(),
    }
}

/// A database of ours with some history: grants to users spread over the key space, so its trees have
/// interior pages.
async fn store_with_history(db: &fixtures::TempDb, opts: OpenOptions) -> Store {
    let store = Store::open_with(&db.url, opts).await.unwrap();
    add_history(&store, 0..600).await;
    store
}

async fn add_history(store: &Store, users: std::ops::Range<u64>) {
    for i in users {
        let user = UserId(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 8);
        store.admin_grant(G, user, 10 + i as i64, ADMIN, "filling the trees").await.unwrap();
    }
}

/// Copies every page of a closed database's WAL into its main file and empties the WAL (never through the store),
/// waiting up to 10 s for a connection still closing.
async fn checkpoint(path: &std::path::Path) {
    let pool = sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(path)).await.unwrap();
    for _ in 0..100 {
        let (busy, _, _): (i64, i64, i64) =
            sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)").fetch_one(&pool).await.unwrap();
        if busy == 0 {
            pool.close().await;
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the checkpoint of {} stayed blocked", path.display());
}

/// Raw read-only SQL on a closed database file (never through the store).
async fn raw_scalar(path: &std::path::Path, sql: &str) -> i64 {
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(path).read_only(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let v: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
    pool.close().await;
    v
}

#[tokio::test]
async fn a_table_whose_root_page_is_overwritten_is_refused_at_open() {
    let db = temp_db("damaged.db");
    store_with_history(&db, OpenOptions::default()).await.close().await;
    // Every page in the main file: the connection closing last checkpoints the WAL, but under load the store's
    // last connection can still be closing when `close` returns (seen: 1 run in 12 with 12 at once), and a page
    // left in the WAL would hide the damage below.
    checkpoint(&db.path).await;
    let root = raw_scalar(&db.path, "SELECT rootpage FROM sqlite_master WHERE name = 'ledger'").await as u64;
    let page = raw_scalar(&db.path, "PRAGMA page_size").await as u64;
    // The file's header (page 1) stays valid: only the ledger's root page is garbage.
    let mut bytes = std::fs::read(&db.path).unwrap();
    let at = ((root - 1) * page) as usize;
    bytes[at..at + page as usize].iter_mut().enumerate().for_each(|(i, b)| *b = (i * 7 + 0xab) as u8);
    std::fs::write(&db.path, &bytes).unwrap();

    let msg = refused(&db.url).await;
    assert!(msg.contains("damaged.db is damaged"), "{msg}");
    assert!(msg.contains("restore"), "says what to do: {msg}");
    assert!(!msg.contains('\n'), "one line: {msg}");
    assert_eq!(std::fs::read(&db.path).unwrap(), bytes, "the damaged file is left as it was");
}

/// Runs `PRAGMA wal_checkpoint(mode)` until it is not busy and `done` holds of its (busy, log, checkpointed).
async fn checkpoint_fully(store: &Store, mode: &str, done: impl Fn((i64, i64, i64)) -> bool) {
    for _ in 0..400 {
        let got: (i64, i64, i64) = sqlx::query_as(&format!("PRAGMA wal_checkpoint({mode})"))
            .fetch_one(store.sqlite_pool().unwrap())
            .await
            .unwrap();
        if got.0 == 0 && done(got) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("a {mode} checkpoint never completed");
}

/// A WAL that loses its middle (cut mid-frame) after its frames were checkpointed: SQLite replays the frames
/// before the cut over a file that already holds later pages, and the mix is a damaged tree. (A WAL torn at its
/// end is ordinary recovery and loses only the transaction it cut.) Every cut SQLite itself finds damaged must
/// be refused at open; the others must open and write.
#[tokio::test]
async fn a_wal_cut_mid_frame_over_checkpointed_pages_is_refused_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let db = temp_db("wal.db");
    let store = Store::open_with(&db.url, OpenOptions { wal_restart_frames: i64::MAX, ..OpenOptions::default() })
        .await
        .unwrap();
    // A history in the file itself, the WAL emptied.
    add_history(&store, 0..600).await;
    // A checkpoint answers busy, doing nothing, while the store's background one runs (every 20 ms). Had this
    // one not emptied the WAL, the reader below would pin its frames and the cuts would fall elsewhere (seen in
    // CI: no cut damaged anything).
    checkpoint_fully(&store, "TRUNCATE", |(_, log, _)| log == 0).await;
    // More history in the WAL. A reader holding the file's own snapshot keeps every checkpoint out (and so the
    // WAL from starting over) meanwhile: the WAL holds all of it, whatever the background checkpoints' timing.
    let mut reader = store.sqlite_pool().unwrap().acquire().await.unwrap();
    sqlx::query("BEGIN").execute(&mut *reader).await.unwrap();
    sqlx::query("SELECT COUNT(*) FROM wallets").execute(&mut *reader).await.unwrap();
    add_history(&store, 600..1200).await;
    sqlx::query("COMMIT").execute(&mut *reader).await.unwrap();
    drop(reader);
    checkpoint_fully(&store, "PASSIVE", |(_, log, done)| log > 0 && log == done).await;
    let wal = std::fs::read(db.path.with_extension("db-wal")).unwrap();
    let file = std::fs::read(&db.path).unwrap();
    store.close().await;
    // The WAL header's page size (big-endian, bytes 8..12): a frame is that page and a 24-byte header.
    let frame = u32::from_be_bytes([wal[8], wal[9], wal[10], wal[11]]) as usize + 24;
    let frames = (wal.len() - 32) / frame;
    assert!(frames > 100, "the WAL holds {frames} frames");

    let mut damaged = 0;
    for (i, k) in (1..40).map(|n| frames * n / 40).enumerate() {
        let cut = 32 + k * frame + 1000;
        let place = |name: &str| {
            let path = dir.path().join(format!("{i}-{name}.db"));
            std::fs::write(&path, &file).unwrap();
            std::fs::write(path.with_extension("db-wal"), &wal[..cut]).unwrap();
            path
        };
        // SQLite's own verdict, on a copy.
        let oracle = {
            let path = place("oracle");
            let pool = sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(&path))
                .await
                .unwrap();
            // Damaged enough, the check itself stops with "malformed".
            let rows: Result<Vec<String>, _> = sqlx::query_scalar("PRAGMA quick_check").fetch_all(&pool).await;
            pool.close().await;
            rows.map_or(true, |rows| rows != ["ok"])
        };
        let path = place("bot");
        let url = format!("sqlite://{}", path.display());
        if oracle {
            damaged += 1;
            let msg = refused(&url).await;
            assert!(msg.contains("is damaged"), "cut at frame {k}: {msg}");
        } else {
            let store = Store::open(&url).await.unwrap();
            store.balance(G, UserId(424_242)).await.unwrap();
            assert!(store.audit().await.is_ok());
            store.close().await;
        }
    }
    assert!(damaged > 0, "no cut damaged the database: the test proves nothing");
}

/// Every subcommand writes (chips, hands, a drill's books): a database that vanishes at exit, is read-only, or
/// takes parameters the bot does not use is refused, naming what is wrong.
#[tokio::test]
async fn urls_the_bot_cannot_keep_chips_in_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    for (url, says) in [
        ("sqlite::memory:".to_string(), "in memory"),
        ("sqlite://:memory:".to_string(), "in memory"),
        ("sqlite://".to_string(), "no file"),
        ("sqlite:".to_string(), "no file"),
        (format!("sqlite://{d}/m.db?mode=memory"), "in memory"),
        (format!("sqlite://{d}/ro.db?mode=ro"), "read-only"),
        (format!("sqlite://{d}/c.db?cache=shared"), "cache"),
        (format!("sqlite://{d}/u.db?journal=off"), "journal"),
    ] {
        let msg = refused(&url).await;
        assert!(msg.contains(says), "{url}: {msg}");
        assert!(!msg.contains('\n'), "{url}: {msg}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was created");
}

/// `?mode=rwc` is the default spelled out: the parameters are not part of the file's name.
#[tokio::test]
async fn url_parameters_are_not_part_of_the_file_name() {
    let db = temp_db("p.db");
    let store = Store::open(&format!("{}?mode=rwc", db.url)).await.unwrap();
    store.balance(G, ALICE).await.unwrap();
    store.close().await;
    assert!(db.path.exists(), "{:?}", std::fs::read_dir(db.dir.path()).unwrap().collect::<Vec<_>>());
    // `mode=rw`: the file must exist.
    let missing = temp_db("absent.db");
    let msg = refused(&format!("{}?mode=rw", missing.url)).await;
    assert!(msg.contains("absent.db") && !msg.contains("?mode"), "{msg}");
}

#[tokio::test]
async fn a_missing_folder_is_named() {
    let db = temp_db("no/such/folder/t.db");
    let msg = refused(&db.url).await;
    let folder = db.path.parent().unwrap().display().to_string();
    assert!(msg.contains(&format!("the folder {folder} does not exist")), "{msg}");
}

/// An integrity check that runs out of its time budget lets the bot start (and says so in the log): the
/// check is bounded on big files.
#[tokio::test]
async fn the_integrity_check_is_bounded_in_time() {
    let db = temp_db("big.db");
    store_with_history(&db, OpenOptions::default()).await.close().await;
    let opts = OpenOptions { integrity_budget: std::time::Duration::ZERO, ..OpenOptions::default() };
    let store = Store::open_with(&db.url, opts).await.unwrap();
    assert!(store.audit().await.unwrap().ok());
    store.close().await;
}

/// An existing database on a disk with no room left: the disk-full message at open, not "disk I/O error".
#[tokio::test]
async fn a_full_disk_at_open_is_named() {
    let Some(fs) = fixtures::tmpfs::Tmpfs::mount("2m") else { return };
    let path = fs.join("full.db");
    let url = format!("sqlite://{}", path.display());
    let store = Store::open(&url).await.unwrap();
    store.balance(G, ALICE).await.unwrap();
    store.close().await;
    // The last connection removes the -wal and -shm files as it closes, a moment later.
    for _ in 0..100 {
        if !fs.join("full.db-wal").exists() && !fs.join("full.db-shm").exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    for leave in [0, 48 * 1024] {
        fs.fill(leave);
        let msg = refused(&url).await;
        assert!(msg.contains("disk") && msg.contains("is full") && msg.contains("free some space"), "{leave}: {msg}");
        assert!(!msg.contains("I/O error"), "{msg}");
        std::fs::remove_file(fs.join("fill")).unwrap();
    }
    // With room again, it opens.
    Store::open(&url).await.unwrap().close().await;
}

/// Two processes on one SQLite file would harm each other (the second one's start-up recovery would refund the
/// first one's live hands): while a store has the file, a second one is refused, naming the way to run several;
/// once the first is closed, the file opens again.
#[tokio::test]
async fn a_second_store_on_one_sqlite_file_is_refused() {
    let db = temp_db("one.db");
    let first = Store::open(&db.url).await.unwrap();
    first.balance(G, UserId(1)).await.unwrap();
    let err = Store::open(&db.url).await.unwrap_err();
    assert!(matches!(err, StoreError::InUse { .. }), "{err:?}");
    let msg = err.to_string();
    assert!(msg.contains("one.db") && msg.contains("PostgreSQL"), "{msg}");
    assert_eq!(first.balance(G, UserId(1)).await.unwrap(), 1000, "the first store goes on");
    first.close().await;
    let again = Store::open(&db.url).await.unwrap();
    assert!(again.audit().await.unwrap().ok());
}

/// `TEENPATTI_REQUIRE_TMPFS=1` (CI) turns a mount that is refused into a failure, not a skipped full-disk test.
#[test]
fn a_required_tmpfs_that_cannot_be_mounted_fails_instead_of_skipping() {
    use fixtures::tmpfs::Tmpfs;
    let e = Tmpfs::try_mount("2m", "false", true).err().unwrap_or_default();
    assert!(e.contains("TEENPATTI_REQUIRE_TMPFS=1"), "{e}");
    assert!(matches!(Tmpfs::try_mount("2m", "false", false), Ok(None)));
}
