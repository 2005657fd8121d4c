//! Crash drill: SIGKILL the real binary mid-play, then check that every chip
//! is accounted for, that live hands rebuild exactly from their logs, and
//! that refunding them restores the books.

mod fixtures;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fixtures::temp_db;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};
use teenpatti::engine::Hand;
use teenpatti::store::Store;

fn simulate(url: &str, hands: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    cmd.args(["simulate", "--database-url", url, "--tables", "4", "--players", "4", "--seed", "7", "--hands", hands]);
    cmd.env_remove("DATABASE_URL");
    cmd
}

/// Live actions recorded so far, read without touching the schema.
async fn live_actions(path: &std::path::Path) -> i64 {
    let Ok(mut conn) = SqliteConnectOptions::new().filename(path).create_if_missing(false).connect().await else {
        return 0;
    };
    let n = sqlx::query_scalar(
        "SELECT COUNT(*) FROM hand_actions a JOIN hands h ON h.id = a.hand_id WHERE h.status = 'live'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap_or(0);
    let finished: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM hands WHERE status = 'finished'")
        .fetch_one(&mut conn)
        .await
        .unwrap_or(0);
    let _ = conn.close().await;
    if finished >= 20 {
        n
    } else {
        0
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_play_loses_and_invents_nothing() {
    let db = temp_db("crash.db");

    let mut child = simulate(&db.url, "1000000").stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if live_actions(&db.path).await >= 3 {
            break;
        }
        assert!(child.try_wait().unwrap().is_none(), "simulate exited before it could be killed");
        assert!(Instant::now() < deadline, "simulate never got going");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child.kill().unwrap(); // SIGKILL on unix: no clean-up runs
    child.wait().unwrap();

    let store = Store::open(&db.url).await.unwrap();
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "books after the crash: {audit:?}");
    assert_eq!(audit.total_balances + audit.live_pots, audit.total_granted);
    let live = store.live_hands().await.unwrap();
    assert!(!live.is_empty(), "the kill left no live hand");
    let mut pots = 0;
    for h in &live {
        let (hand, _) = Hand::replay(&h.setup, &h.actions).unwrap();
        assert!(!hand.is_over(), "hand {} is live in the store but over in its log", h.summary.id);
        let contributions = store.hand_contributions(h.summary.id).await.unwrap();
        for (seat, user) in h.summary.users.iter().enumerate() {
            let paid = contributions.iter().find(|(u, _)| u == user).map_or(0, |&(_, c)| c);
            assert_eq!(hand.seats()[seat].put_in as i64, paid, "hand {} seat {seat}: engine vs ledger", h.summary.id);
        }
        assert_eq!(store.live_pot(h.summary.id).await.unwrap(), Some(hand.pot() as i64));
        pots += hand.pot() as i64;
    }
    assert_eq!(audit.live_pots, pots);
    store.close().await;

    // The next run recovers (refunds) them and plays on.
    let out = simulate(&db.url, "2").output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(&format!("recovered {} live hands", live.len())), "{stdout}");
    assert!(stdout.contains("audit ok"), "{stdout}");

    let store = Store::open(&db.url).await.unwrap();
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "{audit:?}");
    assert_eq!(audit.live_pots, 0);
    assert_eq!(audit.total_balances, audit.total_granted, "no chip lost or duplicated");
    for h in &live {
        assert!(store.refund_hand(h.summary.id, "again").await.unwrap().is_empty(), "refunds are idempotent");
        assert!(store.hand_contributions(h.summary.id).await.unwrap().iter().all(|&(_, c)| c == 0));
    }
    let min: i64 = sqlx::query_scalar("SELECT MIN(balance) FROM wallets").fetch_one(store.pool()).await.unwrap();
    assert!(min >= 0);
}
