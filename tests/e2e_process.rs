//! The bot as a process (issue 11, findings 14 and 15): a stop signal ends it within a bound in every state
//! (connecting to a Discord that hangs, retrying an unreachable one, playing), with its tables safe for the next
//! start; a token Discord rejects ends it at once with one clear line; an unreachable Discord is retried with
//! backoff, each retry said in the log. The bounds are liveness bounds, not speed measurements.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::json;
use support::bot::BotProcess;
use support::world::{hand_id_of, World};
use support::{FakeDiscord, FakeOptions};

/// How long a stopped (or refused) bot may take to exit.
const BOUND: Duration = Duration::from_secs(10);
/// The exit status of `run` for a configuration Discord or the bot refuses (docs/process.md).
const CONFIG_REFUSED: i32 = 2;

fn lines_with<'a>(log: &'a str, needle: &str) -> Vec<&'a str> {
    log.lines().filter(|l| l.contains(needle)).collect()
}

/// A database path in a fresh folder.
fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("teenpatti.db");
    (dir, db)
}

/// A local port nothing listens on (bound, then released).
fn closed_port_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

/// The delays the log announced for the next tries, in seconds (`next try in 1.9 s`).
fn announced_delays(log: &str) -> Vec<f64> {
    lines_with(log, "next try in ")
        .iter()
        .filter_map(|l| l.split("next try in ").nth(1)?.split(" s").next()?.parse().ok())
        .collect()
}

/// Waits for the bot to end by itself on a rejected token: exit 2 and one `error:` line, once. Returns its log.
fn refused_token(bot: &mut BotProcess, within: Duration) -> String {
    let status = bot.wait_exit(within);
    let log = bot.log();
    let status = status.unwrap_or_else(|| panic!("the bot kept running with a rejected token:\n{log}"));
    assert_eq!(status.code(), Some(CONFIG_REFUSED), "{log}");
    let said = lines_with(&log, "Discord rejected the token");
    assert_eq!(said.len(), 1, "one line, once:\n{log}");
    assert!(said[0].starts_with("error: ") && said[0].contains("check DISCORD_TOKEN"), "{log}");
    log
}

/// SIGTERM, then the exit code if the bot ended by itself within `BOUND` (None: it had to be killed).
fn stop_within_bound(bot: &mut BotProcess) -> Option<i32> {
    let sent = Instant::now();
    let code = bot.stop(BOUND);
    eprintln!("stopped in {:?} with {code:?}", sent.elapsed());
    code
}

/// Finding 14: Discord refuses connections (a closed port). The bot retries with growing delays, saying so, and
/// SIGTERM ends it (it used to log "shutting down" and retry for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_while_discord_is_unreachable() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let (_dir, db) = temp_db();
    let mut bot = BotProcess::spawn(&fake, &db, &[("DISCORD_API_URL", &closed_port_url())]);
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert!(bot.is_running(), "the bot gave up on an unreachable Discord:\n{}", bot.log());
    assert_eq!(stop_within_bound(&mut bot), Some(0), "SIGTERM did not stop the bot:\n{}", bot.log());
    let log = bot.log();
    let delays = announced_delays(&log);
    assert!(delays.len() >= 2, "each retry is announced with its delay:\n{log}");
    assert!(delays[1] > delays[0], "the delays grow: {delays:?}\n{log}");
    assert!(lines_with(&log, "could not reach Discord").len() >= 2, "{log}");
    assert!(!log.contains("Re-queueing"), "{log}");
}

/// Finding 14: every call to Discord hangs (no answer at all). SIGTERM still ends the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_while_a_discord_call_hangs() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    fake.stall_next("*", Duration::from_secs(600), 1000);
    let (_dir, db) = temp_db();
    let mut bot = BotProcess::spawn(&fake, &db, &[]);
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(bot.is_running(), "{}", bot.log());
    assert_eq!(stop_within_bound(&mut bot), Some(0), "SIGTERM did not stop the bot:\n{}", bot.log());
}

/// Finding 14: SIGTERM mid-hand stops the bot cleanly (exit 0, the database closed), and the next start resumes
/// the hand from its log (src/table/recovery.rs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_hand_stops_cleanly_and_the_hand_resumes() {
    let mut w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, _] = players;
    let msg = w.open_and_start(&players, json!({"boot": 1})).await;
    w.act(a, "Blind 1").await;
    assert_eq!(stop_within_bound(&mut w.bot), Some(0), "SIGTERM did not stop the bot:\n{}", w.bot.log());
    let log = w.bot.log();
    assert_eq!(lines_with(&log, "stopped: the database is closed").len(), 1, "{log}");

    w.restart().await;
    assert_eq!(w.live_hands().await, vec![hand_id_of(&msg)], "the hand did not survive the stop");
    w.act(players[1], "Pack").await;
    assert!(w.live_hands().await.is_empty());
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Finding 15: a token Discord rejects (401 on every request) ends the bot at once with one clear line and a
/// non-zero exit, instead of one warning and "Re-queueing start of shard 0" every 5 s for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_stops_the_bot_with_one_clear_line() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    fake.revoke_token();
    let (_dir, db) = temp_db();
    let mut bot = BotProcess::spawn(&fake, &db, &[]);
    let log = refused_token(&mut bot, BOUND);
    assert!(!log.contains(fake.token()), "the token leaked:\n{log}");
    fake.assert_no_violations();
}

/// Finding 15: the token is reset while the bot runs; at its next connection the gateway closes with 4004
/// (Authentication failed), and the bot ends the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_revoked_while_running_stops_the_bot() {
    let mut w = World::start().await;
    w.fake.revoke_token();
    w.fake.drop_gateway();
    let log = refused_token(&mut w.bot, Duration::from_secs(20));
    assert!(lines_with(&log, "stopped: the database is closed").len() == 1, "{log}");
    w.fake.assert_no_violations();
}

/// Finding 15: Discord answers 503 twice at start; the bot says what it retries and when, backs off, then
/// connects and plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_at_start_is_retried_with_backoff_then_the_bot_connects() {
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    fake.fail_next("GET /users/@me", 503, 2);
    let (_dir, db) = temp_db();
    let bot = BotProcess::spawn(&fake, &db, &[]);
    fake.wait_ready(Duration::from_secs(30)).await;
    let log = bot.log();
    let delays = announced_delays(&log);
    assert_eq!(delays.len(), 2, "{log}");
    assert!(delays[1] > delays[0], "{delays:?}");
    assert!(lines_with(&log, "could not reach Discord").iter().all(|l| l.contains("503")), "{log}");
    fake.assert_no_violations();
}

/// `run` whose log stream is closed (stdout and stderr a pipe nobody reads any more) used to panic at its first
/// log line that could not be written (tracing reported the failure with `eprintln!` to the same closed
/// stream). It keeps serving: a hand is played to its end, and SIGTERM still stops it with exit 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_log_stream_never_stops_the_bot() {
    let mut w = World::start().await;
    w.restart_with_closed_log().await;
    let [a, b] = w.users(["asha", "bilal"]);
    let hand = w.open_and_start(&[a, b], json!({"boot": 1})).await;
    let n = hand_id_of(&hand);
    w.act(a, "Blind 1").await;
    w.act(b, "Pack").await;
    let over = w.wait_hand_over(n).await;
    assert!(support::world::is_over(&over));
    assert_eq!((w.balance(a).await, w.balance(b).await), (1001, 999));
    assert!(w.bot.is_running(), "the bot is still serving");
    assert_eq!(w.bot.stop(BOUND), Some(0));
    w.assert_audit().await;
    w.fake.assert_no_violations();
}
