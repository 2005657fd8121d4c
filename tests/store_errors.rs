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
    .execute(store.pool())
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
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(store.pool()).await.unwrap();
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
        .fetch_one(store.pool())
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
    let err = Store::open("postgres://nope").await.unwrap_err();
    assert!(matches!(err, StoreError::Invalid(_)), "{err:?}");
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
    let mut conn = store.pool().acquire().await.unwrap();
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
    let err = sqlx::query("UPDATE game_tables SET status = 'paused'").execute(store.pool()).await.unwrap_err();
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
    sqlx::query("DELETE FROM hands").execute(store.pool()).await.unwrap();
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
    sqlx::query("UPDATE game_tables SET rules = 'not json'").execute(store.pool()).await.unwrap();
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
    let stored: String = sqlx::query_scalar("SELECT ?").bind(value).fetch_one(store.pool()).await.unwrap();
    assert_eq!(stored, name, "{value:?} is stored as");
    let read: T = sqlx::query_scalar("SELECT ?").bind(name).fetch_one(store.pool()).await.unwrap();
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
