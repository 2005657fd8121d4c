//! Shard leases and fencing (docs/scale-out.md): at most one process runs a shard's tables, a lease that is
//! not renewed passes to another process, and from then on every write of the first one is refused.

mod fixtures;

use std::time::Duration;

use fixtures::{assert_books, ADMIN, ALICE, G};
use teenpatti::store::{new_token, LeaseRefusal, Store, StoreError};

// Long enough that a loaded machine never lets a lease lapse by accident between two steps of a test.
const SHORT: Duration = Duration::from_millis(1500);
const LONG: Duration = Duration::from_secs(60);

/// On PostgreSQL (on SQLite, one process has the file: see below).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leases_pass_on_only_when_they_expire() {
    let Some((_db, store)) = fixtures::store_on(teenpatti::store::Backend::Postgres).await else { return };
    let (a, b) = (new_token(), new_token());
    let fence_a = store.take_leases("a:1", a, 4, 0..=1, SHORT).await.unwrap().unwrap();
    assert!(store.renew_leases(&fence_a, SHORT).await.unwrap(), "the owner renews");
    // Held: refused, naming who holds it; nothing taken.
    let held = store.take_leases("b:2", b, 4, 1..=2, LONG).await.unwrap().unwrap_err();
    assert!(matches!(&held, LeaseRefusal::Held { shard: 1, owner, .. } if owner == "a:1"), "{held:?}");
    assert!(held.to_string().contains("shard 1 is run by a:1"), "{held}");
    let rows = store.leases().await.unwrap();
    assert_eq!(rows.iter().map(|r| (r.0, r.2.as_str())).collect::<Vec<_>>(), [(0, "a:1"), (1, "a:1")]);
    // Another shard count while a process lives: refused.
    let other = store.take_leases("b:2", b, 8, 4..=5, LONG).await.unwrap().unwrap_err();
    assert!(matches!(other, LeaseRefusal::OtherCount { count: 4, .. }), "{other:?}");
    // Not renewed: it expires and passes on.
    tokio::time::sleep(SHORT + Duration::from_millis(200)).await;
    let fence_b = store.take_leases("b:2", b, 4, 1..=2, LONG).await.unwrap().unwrap();
    assert!(!store.renew_leases(&fence_a, SHORT).await.unwrap(), "the first owner lost shard 1");
    // The first owner's writes are fenced off; nothing they try is written.
    store.balance(G, ALICE).await.unwrap();
    store.set_fence(fence_a.clone());
    let err = store.admin_grant(G, ALICE, 5, ADMIN, "from the old owner").await.unwrap_err();
    assert!(matches!(err, StoreError::Fenced), "{err:?}");
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1000);
    // The new owner writes.
    store.set_fence(fence_b.clone());
    assert_eq!(store.admin_grant(G, ALICE, 5, ADMIN, "from the new owner").await.unwrap(), 1005);
    assert!(store.renew_leases(&fence_b, LONG).await.unwrap());
    // Given up at a clean stop: free at once.
    store.release_leases(&fence_b).await.unwrap();
    let c = new_token();
    let fence_c = store.take_leases("c:3", c, 4, 0..=3, LONG).await.unwrap().unwrap();
    store.set_fence(fence_c);
    store.admin_grant(G, ALICE, 1, ADMIN, "from the third owner").await.unwrap();
    assert_books(&store).await;
}

/// On SQLite the file's lock keeps every other process out, so a lease row left by another process is a dead
/// one's: it is taken at once (a restart after a crash does not wait for the expiry).
#[tokio::test]
async fn on_sqlite_a_dead_process_lease_is_taken_at_once() {
    let (_db, store) = fixtures::temp_store().await;
    store.take_leases("dead:1", new_token(), 2, 0..=1, LONG).await.unwrap().unwrap();
    let fence = store.take_leases("alive:2", new_token(), 2, 0..=1, LONG).await.unwrap().unwrap();
    store.set_fence(fence);
    store.admin_grant(G, ALICE, 1, ADMIN, "after the restart").await.unwrap();
}

/// Two processes on one PostgreSQL database: the second waits while the first renews; when the first stops
/// renewing (frozen), the second takes over and the first's writes are refused from the next batch on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frozen_owner_is_fenced_off_on_postgres() {
    let Some(db) = fixtures::pg::PgDb::new().await else { return };
    let first = Store::open(&db.url).await.unwrap();
    let second = Store::open(&db.url).await.unwrap();
    let fence_1 = first.take_leases("one:1", new_token(), 2, 0..=1, SHORT).await.unwrap().unwrap();
    first.set_fence(fence_1.clone());
    first.balance(G, ALICE).await.unwrap();
    for _ in 0..3 {
        tokio::time::sleep(SHORT / 8).await;
        assert!(first.renew_leases(&fence_1, SHORT).await.unwrap());
        assert!(second.take_leases("two:2", new_token(), 2, 0..=1, LONG).await.unwrap().is_err());
    }
    // The first stops renewing (as if frozen); its lease runs out and the second takes over.
    tokio::time::sleep(SHORT + Duration::from_millis(200)).await;
    let fence_2 = second.take_leases("two:2", new_token(), 2, 0..=1, LONG).await.unwrap().unwrap();
    second.set_fence(fence_2);
    let err = first.admin_grant(G, ALICE, 7, ADMIN, "late write").await.unwrap_err();
    assert!(matches!(err, StoreError::Fenced), "{err:?}");
    assert!(matches!(first.renew_leases(&fence_1, SHORT).await, Err(StoreError::Fenced) | Ok(false)));
    assert_eq!(second.admin_grant(G, ALICE, 7, ADMIN, "owner's write").await.unwrap(), 1007);
    assert_books(&second).await;
    first.close().await;
    second.close().await;
}
