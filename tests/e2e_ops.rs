//! The operator's view of a running bot (issue 36): `/metrics` moved by a hand by the right amounts and read by
//! `promtool`, the Grafana dashboard's every metric served, `/readyz` following the gateway and the database
//! while `/healthz` stays up, and JSON logs.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Value};
use support::scrape::{free_addr, get, http, samples};
use support::world::{Backend, World};

/// The names a scrape declares (its `# TYPE` lines) and every sample's name.
fn names(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE ").and_then(|r| r.split(' ').next()).map(str::to_string))
        .collect();
    names.extend(samples(text).keys().map(|k| k.split('{').next().unwrap().to_string()));
    names.sort();
    names.dedup();
    names
}

fn value(s: &BTreeMap<String, f64>, key: &str) -> f64 {
    s.get(key).copied().unwrap_or(0.0)
}

/// Polls `/readyz` until its status is `want`; the last body.
async fn ready_becomes(addr: &str, want: u16, within: Duration) -> String {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let (status, body) = get(addr, "/readyz").await;
        if status == want {
            return body;
        }
        assert!(tokio::time::Instant::now() < deadline, "/readyz stayed {status} ({body}), wanted {want}");
        // Meanwhile the process is healthy, whatever it is waiting for.
        assert_eq!(get(addr, "/healthz").await.0, 200);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// `promtool check metrics` on a scrape; `None` if promtool is not installed (CI installs it and sets
/// TEENPATTI_REQUIRE_PROMTOOL=1, which turns its absence into a failure).
fn promtool(text: &str) -> Option<std::process::Output> {
    use std::io::Write;
    let child = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(_) if std::env::var("TEENPATTI_REQUIRE_PROMTOOL").as_deref() != Ok("1") => {
            eprintln!("skipped: promtool is not installed (Debian's `prometheus` package)");
            return None;
        }
        Err(e) => panic!("promtool is required (TEENPATTI_REQUIRE_PROMTOOL=1) and could not run: {e}"),
    };
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    Some(child.wait_with_output().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_moves_the_metrics_by_what_it_did() {
    a_hand_moves_the_metrics(Backend::Sqlite).await;
}

/// The same on PostgreSQL, where the shard's lease is a row another process could take.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_moves_the_metrics_by_what_it_did_on_postgres() {
    a_hand_moves_the_metrics(Backend::Postgres).await;
}

async fn a_hand_moves_the_metrics(backend: Backend) {
    let addr = free_addr();
    let Some(w) = World::start_on_with_env(backend, &[("METRICS_ADDR", &addr)]).await else { return };
    ready_becomes(&addr, 200, Duration::from_secs(30)).await;
    let [a, b] = w.users(["Asha", "Bilal"]);
    w.open_and_start(&[a, b], json!({"boot": 5})).await;
    // The hand is dealt: its boots are in the pot, and nothing is queued for the writer.
    let pots = w.audit().await.live_pots;
    assert_eq!(pots, 10);
    let (status, before) = get(&addr, "/metrics").await;
    assert_eq!(status, 200);
    let s0 = samples(&before);
    assert_eq!(value(&s0, "teenpatti_live_pot_chips"), 10.0, "{before}");
    assert_eq!(value(&s0, "teenpatti_hands_live"), 1.0);
    assert_eq!(value(&s0, "teenpatti_tables_live"), 1.0);

    // One click ends the hand: the player to act packs, the other wins.
    let to_act =
        if w.hand_message()["content"].as_str().unwrap_or_default().contains(&format!("<@{a}>")) { a } else { b };
    w.act(to_act, "Pack").await;
    let after = loop {
        let (_, text) = get(&addr, "/metrics").await;
        if value(&samples(&text), "teenpatti_hands_live") == 0.0 {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let s1 = samples(&after);
    let moved = |key: &str| value(&s1, key) - value(&s0, key);
    assert_eq!(moved(r#"teenpatti_hands_finished_total{variant="classic"}"#), 1.0, "{after}");
    assert_eq!(value(&s1, "teenpatti_live_pot_chips"), 0.0);
    assert_eq!(moved(r#"teenpatti_interactions_total{kind="button",outcome="answered"}"#), 1.0, "{after}");
    assert_eq!(moved(r#"teenpatti_interaction_answer_seconds_count{kind="button"}"#), 1.0);
    let callback = r#"teenpatti_discord_requests_total{route="POST /interactions/{interaction_id}/{interaction_token}/callback",status="2xx"}"#;
    assert_eq!(moved(callback), 1.0, "the click's one answer\n{after}");
    // The pack and the pot paid: committed by the writer, in one batch or more.
    assert!(moved("teenpatti_store_batch_writes_count") >= 1.0);
    assert!(value(&s1, "teenpatti_store_last_commit_timestamp_seconds") > 1.7e9);
    assert_eq!(value(&s1, r#"teenpatti_build_info{version="0.1.0"}"#), 1.0);
    assert!(value(&s1, "process_start_time_seconds") > 1.7e9);
    assert_eq!(value(&s1, r#"teenpatti_gateway_shard_up{shard="0"}"#), 1.0);
    assert_eq!(value(&s1, r#"teenpatti_lease_held{shard="0"}"#), 1.0);
    assert_eq!(value(&s1, "teenpatti_ready"), 1.0);
    // No label carries a server, channel, user or table: none of their ids is anywhere in the scrape.
    let table = w.table_id().await;
    for id in [w.fake.guild_id(), w.channel, a, b] {
        assert!(!after.contains(&id.to_string()), "{id} in the scrape");
    }
    assert!(!after.contains(&format!("table=\"{table}\"")));

    // The scrape is valid for Prometheus's own linter.
    if let Some(out) = promtool(&after) {
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success() && said.trim().is_empty(), "promtool check metrics: {said}\n{after}");
    }

    // The dashboard in docs/ queries only metrics that exist.
    let dashboard: Value =
        serde_json::from_str(&std::fs::read_to_string("docs/grafana-dashboard.json").unwrap()).unwrap();
    let mut exprs = Vec::new();
    collect_exprs(&dashboard, &mut exprs);
    assert!(exprs.len() >= 8, "the dashboard has {} queries", exprs.len());
    let served = names(&after);
    let metric = regex::Regex::new(r"\b(teenpatti_[a-z_]+|process_[a-z_]+)").unwrap();
    for expr in &exprs {
        for m in metric.find_iter(expr) {
            assert!(
                served.iter().any(|n| n == m.as_str()),
                "the dashboard queries {} (in `{expr}`), not served",
                m.as_str()
            );
        }
    }
    // Anything else on the port is refused, bounded: another path, another method, a hostile request.
    assert_eq!(get(&addr, "/").await.0, 404);
    assert_eq!(get(&addr, "/metrics/../readyz").await.0, 404);
    assert_eq!(
        http(&addr, b"POST /readyz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").await.0,
        405
    );
    let huge =
        format!("GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n", "a".repeat(1 << 20));
    assert!(matches!(http(&addr, huge.as_bytes()).await.0, 0 | 400 | 431), "a 1 MiB header is refused");
    let (status, body) = http(&addr, b"\x00\x01\xff garbage\r\n\r\n").await;
    assert!(matches!(status, 0 | 400), "{status} {body}");
    // ... and the bot goes on serving.
    assert_eq!(get(&addr, "/readyz").await.0, 200);
}

/// Every `expr` of a Grafana dashboard's panels.
fn collect_exprs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(fields) => {
            for (k, v) in fields {
                match (k.as_str(), v) {
                    ("expr", Value::String(e)) => out.push(e.clone()),
                    _ => collect_exprs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_exprs(v, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_follows_the_gateway_and_the_database_while_healthz_stays_up() {
    let addr = free_addr();
    let w = World::start_with_env(&[("METRICS_ADDR", &addr)]).await;
    assert_eq!(ready_becomes(&addr, 200, Duration::from_secs(30)).await.trim(), r#"{"ready":true}"#);

    // A gateway outage: the shard's connection is down, so not ready; then back.
    w.fake.refuse_gateway(true);
    let body = ready_becomes(&addr, 503, Duration::from_secs(30)).await;
    let said: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(said["ready"], false);
    assert!(said["not_ready"].to_string().contains("shard 0 is not connected"), "{body}");
    w.fake.refuse_gateway(false);
    ready_becomes(&addr, 200, Duration::from_secs(90)).await;

    // The database refuses writes: another connection holds SQLite's write lock past the bot's busy timeout.
    use sqlx::Connection;
    let mut holder = sqlx::SqliteConnection::connect(&format!("sqlite://{}", w.db.display())).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.unwrap();
    let [a, b] = w.users(["Asha", "Bilal"]);
    // A write the bot must make (a first balance: the starting grant), refused by the database after its 5 s
    // busy timeout: its apology comes past the interaction's 3 s, which the stand-in rightly calls a violation.
    drop(w.fake.slash(a, w.channel, "balance", json!({})).await);
    let body = ready_becomes(&addr, 503, Duration::from_secs(30)).await;
    assert!(body.contains("the database refused the last write"), "{body}");
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    // Ready again once a write succeeds. (Not asserted "still not ready" here: the writes queued behind the lock,
    // such as the player's shown name kept from their interaction for the web pages, may succeed the moment it is
    // released, and they rightly make the bot ready: a race, not a verdict.)
    w.ephemeral_reply(b, "balance", json!({})).await;
    ready_becomes(&addr, 200, Duration::from_secs(30)).await;
    let (_, text) = get(&addr, "/metrics").await;
    assert!(
        samples(&text).iter().any(|(k, v)| k.starts_with("teenpatti_store_batch_failures_total") && *v >= 1.0),
        "{text}"
    );
    // The late apology, and nothing else, broke Discord's rules.
    let broken = w.fake.violations();
    assert!(broken.len() == 1 && broken[0].message.contains("answered after"), "{broken:?}");
    w.fake.clear_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_are_one_safe_object_a_line() {
    let w = World::start_with_env(&[("LOG_FORMAT", "json")]).await;
    let [a] = w.users(["Asha"]);
    w.ephemeral_reply(a, "balance", json!({})).await;
    let log = w.bot.log();
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines.len() >= 3, "{log}");
    for line in &lines {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(v["level"].is_string() && v["timestamp"].is_string(), "{line}");
    }
    assert!(lines.iter().any(|l| l.contains("connected to Discord")), "{log}");
    assert!(!log.contains(w.fake.token()), "the token in the log");
    assert!(w.bot.log_leaks().is_empty(), "{:?}", w.bot.log_leaks());
}

/// The bot with this environment and no Discord to reach: its exit status and what it wrote.
fn refused_with(env: &[(&str, &str)]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .current_dir(dir.path())
        .env_clear()
        .env("DISCORD_TOKEN", "a-token-never-sent")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // Nothing was created: the refusal comes before the database is opened.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "{said}");
    (out.status.code(), said)
}

#[test]
fn a_bad_metrics_address_or_log_format_is_one_line_and_exit_2() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = taken.local_addr().unwrap().to_string();
    let hostile = "9464\n\u{1b}[31m<@123> ".repeat(200);
    for (env, needle) in [
        (("METRICS_ADDR", "localhost:9464"), "METRICS_ADDR is not valid"),
        (("METRICS_ADDR", "127.0.0.1:99999"), "METRICS_ADDR is not valid"),
        (("METRICS_ADDR", hostile.as_str()), "METRICS_ADDR is not valid"),
        (("METRICS_ADDR", taken.as_str()), "cannot be listened on"),
        (("LOG_FORMAT", "xml"), "LOG_FORMAT is not valid"),
        (("LOG_FORMAT", hostile.as_str()), "LOG_FORMAT is not valid"),
    ] {
        let (code, said) = refused_with(&[env]);
        assert_eq!(code, Some(2), "{env:?}: {said}");
        assert_eq!(said.lines().count(), 1, "{env:?}: one line, not {said:?}");
        assert!(said.contains(needle) && said.len() < 400, "{env:?}: {said}");
        assert!(!said.contains('\u{1b}') && !said.contains("a-token-never-sent"), "{said:?}");
    }
}
