//! The real path's benchmark (`benches/realpath.rs`; at a small size in `tests/realpath.rs`): the release binary
//! as production runs it (serenity's rate limiter on, `discord.com` over TLS to the stand-in), tables of players
//! clicking the buttons of each hand message with a think time, and beside it in the same run the floor
//! (`teenpatti-bot floor`: the same Discord layer answering every click with one fixed update).
//!
//! A click's time runs from the stand-in creating the interaction (just before it sends INTERACTION_CREATE) to
//! its receiving the first callback. The bot's CPU is read from `/proc/<pid>/stat`; the stand-in runs in this
//! process, its CPU read apart from `/proc/self/stat`. Memory per table is the bot's resident memory with the
//! tables playing (its peak) less before they opened, over the tables.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use super::bot::BotProcess;
use super::world::{button_label, render_message};
use super::{components, FakeDiscord, FakeOptions};

/// What a run plays.
#[derive(Clone, Debug)]
pub struct Options {
    pub tables: usize,
    /// Players a table (3 to 6).
    pub players: usize,
    /// Each player thinks a random time from 0 to this before a click (0: clicks as fast as the bot answers).
    pub think_ms: u64,
    /// Seconds of clicking, after the tables opened.
    pub seconds: u64,
    pub seed: u64,
    /// Web pages requested a second while the tables play (issue 38: the bot serves its servers' pages on
    /// `WEB_ADDR` beside the clicks); 0, none. The floor serves no pages: its runs are the same without.
    pub web_rate: u64,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub mode: &'static str,
    /// Under `web_rate`: the pages answered while the tables played, and their p99 (ms).
    pub web: Option<(usize, f64)>,
    pub clicks: usize,
    /// Clicks the bot never answered within the timeout.
    pub unanswered: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub bot_cpu_us_per_click: f64,
    pub standin_cpu_us_per_click: f64,
    pub bot_rss_per_table_kib: f64,
    /// Hands dealt during the clicking (the bot), and the calls it made to Discord a hand, interaction answers
    /// apart: channel posts and edits, DMs (and DM channels opened).
    pub hands: usize,
    pub api_calls_per_hand: f64,
    /// The same two as the bot's own metrics count them (`/metrics`, round 3's issue 7): the clicks it answered
    /// (every outcome) and its channel posts, edits and DM channels opened a hand. The floor has no metrics (0).
    pub counted_clicks: usize,
    pub counted_calls_per_hand: f64,
    pub audit: &'static str,
}

impl Report {
    /// The one summary line, in a fixed form.
    pub fn line(&self, o: &Options) -> String {
        format!(
            "realpath mode={} tables={} players={} think_ms={} seconds={} clicks={} unanswered={} p50_ms={:.2} \
             p99_ms={:.2} max_ms={:.2} bot_cpu_us_per_click={:.0} standin_cpu_us_per_click={:.0} \
             bot_rss_per_table_kib={:.1} hands={} api_calls_per_hand={:.2} counted_clicks={} \
             counted_calls_per_hand={:.2} audit={}",
            self.mode,
            o.tables,
            o.players,
            o.think_ms,
            o.seconds,
            self.clicks,
            self.unanswered,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.bot_cpu_us_per_click,
            self.standin_cpu_us_per_click,
            self.bot_rss_per_table_kib,
            self.hands,
            self.api_calls_per_hand,
            self.counted_clicks,
            self.counted_calls_per_hand,
            self.audit
        ) + &self.web.map(|(n, p99)| format!(" web_pages={n} web_p99_ms={p99:.2}")).unwrap_or_default()
    }
}

/// CPU time (user + system) of process `pid` ("self" for this one), in microseconds.
fn cpu_us(pid: &str) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th
    // and 13th of them, in clock ticks.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest.split_whitespace().map(|x| x.parse().unwrap_or(0)).collect();
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    ticks * 1_000_000 / clock_ticks()
}

fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        let out = std::process::Command::new("getconf").arg("CLK_TCK").output();
        out.ok().and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok()).unwrap_or(100)
    })
}

/// Resident memory of process `pid`, in KiB.
fn rss_kib(pid: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// The bot process, on a database in `dir`, as production runs it; its log kept quiet (warnings).
fn spawn(fake: &FakeDiscord, dir: &Path, floor: bool, metrics: &str, web: &str) -> BotProcess {
    let db = dir.join("realpath.db");
    // REALPATH_RUST_LOG: the bot's log filter while profiling (docs/performance.md), its log kept in REALPATH_LOG_DIR.
    let filter = std::env::var("REALPATH_RUST_LOG").unwrap_or_else(|_| "warn".into());
    let public = format!("http://{web}");
    let mut env = vec![
        ("TEENPATTI_HAND_BREAK_MS", "300"),
        ("TEENPATTI_BOT_DELAY_MS", "50"),
        ("RUST_LOG", filter.as_str()),
        ("METRICS_ADDR", metrics),
    ];
    if !web.is_empty() {
        env.extend([("WEB_ADDR", web), ("PUBLIC_URL", public.as_str())]);
    }
    match floor {
        false => BotProcess::spawn(fake, &db, &env),
        true => BotProcess::spawn_floor(fake, &env),
    }
}

/// A table's players and the newest message with buttons, as a player sees them.
struct Seat {
    channel: u64,
    users: Vec<u64>,
}

/// The player to act on a hand message (`Turn: <@id>`), if any.
fn to_act(message: &Value) -> Option<u64> {
    let text = render_message(message);
    let at = text.find("Turn: <@")? + "Turn: <@".len();
    text[at..].split('>').next()?.parse().ok()
}

/// What a player clicks on a hand message: a show now and then when there is one, a pack sometimes, else the
/// first bet (blind or chaal).
fn choose(message: &Value, rng: &mut impl Rng) -> Option<String> {
    let custom = |label: &str| {
        let full = button_label(message, label)?;
        components(message).find(|b| b["label"] == full.as_str())?["custom_id"].as_str().map(String::from)
    };
    let roll: f64 = rng.gen();
    if roll < 0.3 {
        if let Some(id) = custom("Show") {
            return Some(id);
        }
    }
    if roll > 0.9 {
        return custom("Pack");
    }
    custom("Blind").or_else(|| custom("Chaal")).or_else(|| custom("Pack"))
}

/// Opens a table in a channel of its own and seats its players (the bot's tables).
async fn open_table(fake: &FakeDiscord, n: usize, players: usize) -> Seat {
    let channel = fake.add_channel(&format!("table-{n}"));
    let users: Vec<u64> = (0..players).map(|p| fake.add_user(&format!("p{n}x{p}"))).collect();
    let open = fake.slash(users[0], channel, "table open", json!({"boot": 1})).await.response(T).await;
    assert_eq!(open.kind, 4, "table open: {open:?}");
    for &u in &users[1..] {
        let lobby = fake.wait_for_message(channel, T, |m| button_label(m, "Join").is_some()).await;
        let lobby = lobby.unwrap_or_else(|| panic!("no lobby in table {n}"));
        fake.click(u, &lobby, "Join").await.response(T).await;
    }
    let lobby = fake.wait_for_message(channel, T, |m| button_label(m, "Start").is_some()).await;
    let lobby = lobby.unwrap_or_else(|| panic!("no Start button in table {n}"));
    fake.click(users[0], &lobby, "Start").await.response(T).await;
    Seat { channel, users }
}

/// A player's timeout for anything the bot should do at once.
const T: Duration = Duration::from_secs(20);

/// One table's players clicking until `until`: the player to act clicks a button of the newest hand message.
async fn play(fake: FakeDiscord, seat: Seat, think_ms: u64, seed: u64, until: Instant) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    while Instant::now() < until {
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(rng.gen_range(0..=think_ms))).await;
        }
        let left = until.saturating_duration_since(Instant::now());
        let playable = |m: &Value| to_act(m).is_some() && button_label(m, "Pack").is_some();
        let shown = fake.wait_for_message(seat.channel, left, playable).await;
        let Some(message) = shown else { break };
        let (Some(user), Some(id)) = (to_act(&message), choose(&message, &mut rng)) else { continue };
        if !seat.users.contains(&user) {
            continue;
        }
        fake.click_custom(user, &message, &id).await.try_response(T).await;
    }
}

/// The floor's table: a message with one button in a channel of its own, which its players click in turn.
async fn floor_table(
    fake: &FakeDiscord,
    http: &poise::serenity_prelude::Http,
    n: usize,
    players: usize,
) -> (Seat, Value) {
    let channel = fake.add_channel(&format!("floor-{n}"));
    let users: Vec<u64> = (0..players).map(|p| fake.add_user(&format!("f{n}x{p}"))).collect();
    let buttons = json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "Click", "custom_id": "click"}]}]);
    let body = json!({"content": "floor", "components": buttons});
    let posted = http.send_message(poise::serenity_prelude::ChannelId::new(channel), vec![], &body).await;
    let message = serde_json::to_value(posted.unwrap_or_else(|e| panic!("posting the floor's message: {e}"))).unwrap();
    (Seat { channel, users }, message)
}

async fn play_floor(fake: FakeDiscord, seat: Seat, message: Value, think_ms: u64, seed: u64, until: Instant) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut turn = 0;
    while Instant::now() < until {
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(rng.gen_range(0..=think_ms))).await;
        }
        let user = seat.users[turn % seat.users.len()];
        turn += 1;
        fake.click_custom(user, &message, "click").await.try_response(T).await;
    }
}

/// One run: the bot (`floor` false) or the floor, on a stand-in of its own.
/// Turns the web pages on in the stand-in's server (an admin's `/config set web on`): their slug.
async fn web_on(fake: &FakeDiscord, channel: u64, web: &str) -> String {
    let admin = fake.add_admin("Admin");
    let on = fake.slash(admin, channel, "config set", json!({"option": "web", "value": "on"})).await;
    let content = on.response(Duration::from_secs(10)).await.content;
    let link = format!("http://{web}/s/");
    let at = content.find(&link).unwrap_or_else(|| panic!("no link to the pages: {content}")) + link.len();
    content[at..].chars().take_while(char::is_ascii_hexdigit).collect()
}

/// Leaderboard pages of the server at `rate` a second until `until`, from 16 clients at their own loopback
/// addresses (each under its own rate limit), one kept-alive connection each, at a fixed schedule: each page's
/// time from when it was due to its whole answer.
async fn web_load(addr: String, slug: String, rate: u64, until: Instant) -> Vec<Duration> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
    const CLIENTS: u64 = 16;
    let every = Duration::from_secs_f64(CLIENTS as f64 / rate as f64);
    let server: std::net::SocketAddr = addr.parse().unwrap();
    let start = Instant::now();
    let clients = (0..CLIENTS).map(|c| {
        let (slug, addr) = (slug.clone(), addr.clone());
        async move {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(std::net::SocketAddr::from(([127, 0, 1, 2 + c as u8], 0))).unwrap();
            let stream = socket.connect(server).await.unwrap();
            let (read, mut write) = stream.into_split();
            let mut read = tokio::io::BufReader::new(read);
            let mut times = Vec::new();
            for i in 0u64.. {
                let due = start + every.mul_f64(i as f64 + c as f64 / CLIENTS as f64);
                if due >= until {
                    break;
                }
                tokio::time::sleep_until(due.into()).await;
                let by = if i % 2 == 0 { "balance" } else { "winnings" };
                let path = format!("/s/{slug}?by={by}&page={}", 1 + (i + c) % 4);
                write.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await.unwrap();
                let (mut line, mut length) = (String::new(), 0usize);
                read.read_line(&mut line).await.unwrap();
                assert!(line.contains(" 200 "), "a page refused under load: {line}");
                loop {
                    line.clear();
                    read.read_line(&mut line).await.unwrap();
                    let header = line.trim_end().to_ascii_lowercase();
                    if header.is_empty() {
                        break;
                    }
                    if let Some(v) = header.strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                read.read_exact(&mut body).await.unwrap();
                times.push(due.elapsed());
            }
            times
        }
    });
    futures::future::join_all(clients).await.into_iter().flatten().collect()
}

pub async fn run(o: &Options, floor: bool) -> Report {
    assert!((3..=6).contains(&o.players), "3 to 6 players a table");
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let metrics = super::scrape::free_addr();
    let web = if o.web_rate > 0 && !floor { super::scrape::free_addr() } else { String::new() };
    let mut bot = spawn(&fake, dir.path(), floor, &metrics, &web);
    fake.wait_ready(Duration::from_secs(60)).await;
    let pid = bot.pid().map(|p| p.to_string()).unwrap_or_default();
    // Settled: the connection made and the commands registered; memory before any table.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_before = rss_kib(&pid);
    let opening = Instant::now();
    let mut seats = Vec::new();
    let mut floor_messages = Vec::new();
    let http =
        poise::serenity_prelude::HttpBuilder::new(fake.token()).proxy(fake.url()).ratelimiter_disabled(true).build();
    // The tables are opened a few at a time: a join waits for its player's DM channel, which Discord opens at
    // most 10 in 10 s (the bot gives up on one after 1.5 s and answers in ephemeral replies instead).
    let batches: Vec<Vec<usize>> = (0..o.tables).collect::<Vec<_>>().chunks(10).map(<[usize]>::to_vec).collect();
    for batch in batches {
        if floor {
            let opened = futures::future::join_all(batch.iter().map(|&n| floor_table(&fake, &http, n, o.players)));
            for (seat, message) in opened.await {
                seats.push(seat);
                floor_messages.push(message);
            }
        } else {
            seats.extend(futures::future::join_all(batch.iter().map(|&n| open_table(&fake, n, o.players))).await);
        }
    }
    // Every click of the opening answered before the bot's count is read: only the clicking is counted.
    for _ in 0..100 {
        if fake.click_latencies(opening).1 == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The stand-in records an answer when it arrives; the bot counts it once Discord's reply is back: a moment later.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let counted0 = counted(&metrics, floor).await;
    let slug = match (web.is_empty(), seats.first()) {
        (false, Some(seat)) => Some(web_on(&fake, seat.channel, &web).await),
        _ => None,
    };
    let started = Instant::now();
    eprintln!("clicking pid={pid} tables={}", seats.len());
    let until = started + Duration::from_secs(o.seconds);
    let (bot_cpu0, me_cpu0) = (cpu_us(&pid), cpu_us("self"));
    let mut r_web = None;
    let mut tasks = Vec::new();
    for (n, seat) in seats.into_iter().enumerate() {
        let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(n as u64);
        let fake = fake.clone();
        tasks.push(match floor {
            false => tokio::spawn(play(fake, seat, o.think_ms, seed, until)),
            true => tokio::spawn(play_floor(fake, seat, floor_messages[n].clone(), o.think_ms, seed, until)),
        });
    }
    // The bot's peak resident memory while the tables play, sampled.
    let peak = Arc::new(std::sync::atomic::AtomicU64::new(rss_before));
    let sampler = {
        let (peak, pid) = (peak.clone(), pid.clone());
        tokio::spawn(async move {
            while Instant::now() < until {
                peak.fetch_max(rss_kib(&pid), std::sync::atomic::Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    let pages = slug.map(|slug| tokio::spawn(web_load(web.clone(), slug, o.web_rate, until)));
    let mut last_progress = Instant::now();
    for t in tasks {
        let _ = t.await;
        if last_progress.elapsed() > Duration::from_secs(5) {
            eprintln!("progress t={:.0}s", started.elapsed().as_secs_f64());
            last_progress = Instant::now();
        }
    }
    let _ = sampler.await;
    let (bot_cpu, me_cpu) = (cpu_us(&pid) - bot_cpu0, cpu_us("self") - me_cpu0);
    if let Some(pages) = pages {
        let mut times = pages.await.unwrap_or_default();
        times.sort();
        r_web = Some((times.len(), percentile(&times, 0.99)));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let counted1 = counted(&metrics, floor).await;
    let (latencies, unanswered) = fake.click_latencies(started);
    let calls = fake.calls_by_route(started);
    let mut r = Report { mode: if floor { "floor" } else { "bot" }, web: r_web, ..Report::default() };
    let mut sorted = latencies;
    sorted.sort();
    r.clicks = sorted.len();
    r.unanswered = unanswered;
    r.p50_ms = percentile(&sorted, 0.50);
    r.p99_ms = percentile(&sorted, 0.99);
    r.max_ms = sorted.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    let per_click = |us: u64| if r.clicks == 0 { 0.0 } else { us as f64 / r.clicks as f64 };
    r.bot_cpu_us_per_click = per_click(bot_cpu);
    r.standin_cpu_us_per_click = per_click(me_cpu);
    let peak = peak.load(std::sync::atomic::Ordering::Relaxed);
    r.bot_rss_per_table_kib = peak.saturating_sub(rss_before) as f64 / o.tables.max(1) as f64;
    r.hands = fake.hands_posted_since(started);
    let outside: usize = api_calls(&calls);
    r.api_calls_per_hand = if r.hands == 0 { 0.0 } else { outside as f64 / r.hands as f64 };
    r.counted_clicks = (counted1.0 - counted0.0).round() as usize;
    r.counted_calls_per_hand = if r.hands == 0 { 0.0 } else { (counted1.1 - counted0.1) / r.hands as f64 };
    bot.stop(Duration::from_secs(10));
    if let Ok(to) = std::env::var("REALPATH_LOG_DIR") {
        let name = if floor { "floor.log" } else { "bot.log" };
        let _ = std::fs::write(Path::new(&to).join(name), bot.log());
    }
    r.audit = match floor {
        true => "none",
        false => {
            let url = format!("sqlite://{}", dir.path().join("realpath.db").display());
            let store = teenpatti::store::Store::open(&url).await.unwrap();
            let audit = store.audit().await.unwrap();
            store.close().await;
            if audit.ok() {
                "ok"
            } else {
                "FAILED"
            }
        }
    };
    r
}

/// What the bot's `/metrics` counts so far: clicks answered (buttons and menus, every outcome) and calls to
/// Discord other than interaction answers (as [`api_calls`] reads the stand-in's). The floor serves none: 0.
async fn counted(addr: &str, floor: bool) -> (f64, f64) {
    use super::scrape::{get, samples, sum};
    if floor {
        return (0.0, 0.0);
    }
    let s = samples(&get(addr, "/metrics").await.1);
    let clicks = sum(&s, "teenpatti_interactions_total", &[r#"kind="button""#])
        + sum(&s, "teenpatti_interactions_total", &[r#"kind="menu""#]);
    let calls = ["route=\"POST /channels/", "route=\"PATCH /channels/", "route=\"POST /users/@me/channels"]
        .iter()
        .map(|route| sum(&s, "teenpatti_discord_requests_total", &[route]))
        .sum();
    (clicks, calls)
}

/// The bot's calls to Discord other than interaction answers (which are not rate-limited): channel posts and
/// edits, DMs and DM channels opened.
fn api_calls(calls: &BTreeMap<String, usize>) -> usize {
    calls
        .iter()
        .filter(|(route, _)| route.contains("/channels/") || route.starts_with("POST /users/@me/channels"))
        .map(|(_, n)| n)
        .sum()
}
