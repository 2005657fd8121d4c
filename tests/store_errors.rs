//! Bad files give clear errors, never a panic or silent data loss.

mod fixtures;

use fixtures::{temp_db, temp_store, ADMIN, G};
use teenpatti::ids::UserId;
use teenpatti::store::{OpenOptions, Store, StoreError};

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
