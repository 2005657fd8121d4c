//! Crash drills: SIGKILL the real binary mid-play, then check that every chip
//! is accounted for, that live hands rebuild exactly from their logs, and
//! that refunding them restores the books; and SIGKILL it while the store's
//! writer commits batches of many tables' actions, then check that every
//! action whose request was answered as applied is in the database.

mod fixtures;

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
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
    let min: i64 =
        sqlx::query_scalar("SELECT MIN(balance) FROM wallets").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    assert!(min >= 0);
}

/// One action the binary reported as applied (`--ack-log`): its hand, its place in the hand's log and its
/// idempotency key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Ack {
    hand: i64,
    seq: i64,
    key: String,
}

/// A line of `loadtest --ack-log`'s output that the test reads.
enum Line {
    /// `ack hand=<hand> seq=<seq> key=<key>`
    Ack(Ack),
    /// `writer batches=<B> writes=<W>`: the store writer's transactions so far and the writes in them.
    Writer { batches: u64, writes: u64 },
}

fn field<'l>(line: &'l str, name: &str) -> &'l str {
    line.split_whitespace()
        .find_map(|f| f.strip_prefix(name)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no {name} in the line {line:?}"))
}

fn number<T: std::str::FromStr<Err: std::fmt::Debug>>(line: &str, name: &str) -> T {
    field(line, name).parse().unwrap_or_else(|e| panic!("{name} in {line:?}: {e:?}"))
}

fn parse_line(line: &str) -> Option<Line> {
    if line.starts_with("ack ") {
        let key = field(line, "key").to_owned();
        Some(Line::Ack(Ack { hand: number(line, "hand"), seq: number(line, "seq"), key }))
    } else if line.starts_with("writer ") {
        Some(Line::Writer { batches: number(line, "batches"), writes: number(line, "writes") })
    } else {
        None
    }
}

/// Kills the child on drop, so that a failed test leaves no load test running.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Acks to collect before the kill: a second or two of play at 64 tables in a debug build.
const ACKS_BEFORE_KILL: usize = 5_000;

/// SIGKILL the real binary while its store writer commits batches of many tables' actions; every action whose
/// request was answered as applied (and printed, before that table's next request) must be in the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_batch_loses_nothing_acknowledged() {
    let db = temp_db("acks.db");
    let log_path = db.dir.path().join("loadtest.log");
    let log = || std::fs::read_to_string(&log_path).unwrap_or_default();
    // 64 tables clicking as fast as they are answered: the writer's batches hold many tables' actions.
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
            .args(["loadtest", "--tables", "64", "--rate", "0", "--seconds", "600", "--seed", "11"])
            .args(["--database-url", &db.url, "--ack-log"])
            .env_remove("DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap(),
    );

    // Every line the binary wrote, read on a thread until EOF (after the kill, what it had written still counts).
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<Line>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if let Some(line) = parse_line(&line.unwrap()) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        }
    });

    let mut acks = Vec::new();
    let mut writer = None;
    let mut take = |line, acks: &mut Vec<Ack>| match line {
        Line::Ack(ack) => acks.push(ack),
        Line::Writer { batches, writes } => writer = Some((batches, writes)),
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    while acks.len() < ACKS_BEFORE_KILL {
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(line) => take(line, &mut acks),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                panic!("loadtest closed its output after {} acks: {:?}\n{}", acks.len(), child.0.try_wait(), log())
            }
        }
        assert!(child.0.try_wait().unwrap().is_none(), "loadtest exited before it could be killed\n{}", log());
        assert!(Instant::now() < deadline, "only {} acks in 120 s (wanted {ACKS_BEFORE_KILL})\n{}", acks.len(), log());
    }
    child.0.kill().unwrap(); // SIGKILL on unix: mid-batch, no clean-up runs
    child.0.wait().unwrap();
    for line in rx.iter() {
        take(line, &mut acks); // until EOF
    }
    reader.join().unwrap();
    let (batches, writes) = writer.expect("no writer line before the kill");
    assert!(
        writes >= 2 * batches,
        "the writer's batches held {writes} writes in {batches} transactions: not mid-batch"
    );

    let store = Store::open(&db.url).await.unwrap();
    let rows: Vec<(i64, i64, Option<String>)> = sqlx::query_as("SELECT hand_id, seq, idem_key FROM hand_actions")
        .fetch_all(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    let keys: HashMap<(i64, i64), Option<String>> = rows.into_iter().map(|(h, s, k)| ((h, s), k)).collect();
    let acked: HashSet<(i64, i64)> = acks.iter().map(|a| (a.hand, a.seq)).collect();
    assert_eq!(acked.len(), acks.len(), "an action was acknowledged twice");

    let missing: Vec<&Ack> = acks.iter().filter(|a| !keys.contains_key(&(a.hand, a.seq))).collect();
    if let Some(first) = missing.first() {
        panic!(
            "{} of {} acknowledged actions are not in hand_actions after the kill; the first: hand {} seq {} ({})",
            missing.len(),
            acks.len(),
            first.hand,
            first.seq,
            first.key
        );
    }
    for a in &acks {
        let stored = keys[&(a.hand, a.seq)].as_deref();
        assert_eq!(stored, Some(a.key.as_str()), "hand {} seq {}: another action is stored there", a.hand, a.seq);
    }
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "books after the crash: {audit:?}");
    println!(
        "checked {} acknowledged actions: all in hand_actions ({} rows there; writer batches before the kill: {writes} \
         writes in {batches} transactions)",
        acks.len(),
        keys.len()
    );
    store.close().await;
}
