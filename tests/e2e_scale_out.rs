//! Several bot processes on one PostgreSQL database (issue 12, docs/scale-out.md), end to end: the real binary,
//! twice or three times, against the sharded stand-in. Each process runs a range of the Discord shards and holds
//! their leases; a process killed mid-hand is replaced and its hands resume while the other process plays on; a
//! process frozen past its lease is fenced off when it wakes and steps down. The action log's `writer` column
//! says which process wrote each action, so "no table is ever acted on by two processes" is checked, not assumed.
//!
//! Needs the test PostgreSQL server (tests/fixtures/pg.rs): without `TEENPATTI_TEST_PG` each test says it was
//! skipped; CI (`TEENPATTI_REQUIRE_PG=1`) never skips.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};
use support::bot::BotProcess;
use support::world::{button_label, is_hand_message, is_over, poll, STARTING_BALANCE, T};
use support::{guild_on_shard, FakeDiscord, FakeOptions, InteractionResponse};
use teenpatti::ids::{GuildId, UserId};
use teenpatti::store::Store;

/// Room for serenity's shard queue and the lease wait of a replacement.
const BOOT: Duration = Duration::from_secs(30);
/// How long a process may take to exit once it must.
const BOUND: Duration = Duration::from_secs(10);
/// The lease of every process here (`LEASE_SECONDS`), short so that a take-over happens within the test.
const LEASE: &str = "3";
/// The exit status of `run` when it fails (docs/process.md): stepping down is one.
const FAILED: i32 = 1;

/// One table's channel in a guild of `shard`, and its three players.
struct Table {
    shard: u32,
    guild: u64,
    channel: u64,
    players: [u64; 3],
}

struct Cluster {
    fake: FakeDiscord,
    count: u32,
    db: support::pg::PgDb,
}

impl Cluster {
    async fn start(count: u32, opts: FakeOptions) -> Option<Cluster> {
        let db = support::pg::PgDb::new().await?;
        let fake = FakeDiscord::start(FakeOptions { shard_count: count, ..opts }).await;
        Some(Cluster { fake, count, db })
    }

    /// `per_shard` guilds on each shard, a channel in each and three new players.
    fn tables(&self, per_shard: u64) -> Vec<Table> {
        let mut tables = Vec::new();
        for shard in 0..self.count {
            for n in 0..per_shard {
                let guild = self.fake.add_guild(guild_on_shard(shard, self.count, n));
                let channel = self.fake.add_channel_in(guild, &format!("tables-{shard}-{n}"));
                let players =
                    ["asha", "bilal", "chitra"].map(|name| self.fake.add_user(&format!("{name}-{shard}-{n}")));
                tables.push(Table { shard, guild, channel, players });
            }
        }
        tables
    }

    /// `teenpatti-bot run` on the shared database, running `shards` (`DISCORD_SHARDS`).
    fn spawn(&self, shards: &str) -> BotProcess {
        let count = self.count.to_string();
        let env = [
            ("DATABASE_URL", self.db.url.as_str()),
            ("DISCORD_SHARD_COUNT", count.as_str()),
            ("DISCORD_SHARDS", shards),
            ("LEASE_SECONDS", LEASE),
            ("DEV_GUILD_ID", ""),
            ("TEENPATTI_HAND_BREAK_MS", "600000"),
        ];
        // The path is not used: DATABASE_URL above overrides the harness's SQLite one. Several processes run
        // behind one rate-limit proxy (docs/scale-out.md), so these run as they would: through DISCORD_API_URL.
        BotProcess::spawn_proxied(&self.fake, std::path::Path::new("unused.db"), &env)
    }

    async fn wait_live(&self, shards: &[u32]) {
        self.fake.wait_gateway(BOOT, |g| g.live_shards == shards).await;
    }

    /// Waits until `n` processes in all registered their commands (each does, once, after it connects).
    async fn wait_registered(&self, n: usize) {
        poll("the processes to register their commands", BOOT, || {
            (self.fake.command_registrations().len() >= n).then_some(())
        })
        .await;
    }

    /// Clicks the button starting with `label` on the newest message of `channel` that has one.
    async fn click(&self, user: u64, channel: u64, label: &str) -> InteractionResponse {
        support::world::click_in(&self.fake, user, channel, label).await
    }

    /// The player whose turn it is presses `label` (each is tried: only the one to act is answered with an update
    /// of the table message, kind 7). Returns who acted.
    async fn act(&self, t: &Table, label: &str) -> u64 {
        for p in t.players {
            if self.click(p, t.channel, label).await.accepted() {
                return p;
            }
        }
        panic!("nobody at the table in channel {} could press {label:?}", t.channel)
    }

    /// The player the newest hand message of `t` asks to act (its content mentions them).
    fn to_act(&self, t: &Table) -> u64 {
        let messages = self.fake.channel_messages(t.channel);
        let hand = messages.iter().rev().find(|m| is_hand_message(m)).expect("no hand message");
        let content = hand["content"].as_str().unwrap_or("");
        let found = t.players.into_iter().find(|p| content.starts_with(&format!("<@{p}>")));
        found.unwrap_or_else(|| panic!("the hand message names nobody to act: {content:?}"))
    }

    /// Opens a table (boot 1), the other two join, the first starts; returns once the hand is dealt.
    async fn deal(&self, t: &Table) {
        let [a, b, c] = t.players;
        let answer = self.fake.slash(a, t.channel, "table open", json!({"boot": 1})).await.response(T).await;
        assert_eq!(answer.kind, 4, "{answer:?}");
        for p in [b, c] {
            assert!(self.click(p, t.channel, "Join").await.accepted(), "Join");
        }
        assert!(self.click(a, t.channel, "Start").await.accepted(), "Start");
        assert!(self.fake.wait_for_message(t.channel, T, is_hand_message).await.is_some(), "no hand dealt");
    }

    /// The players to act pack until the hand is over.
    async fn finish(&self, t: &Table) {
        for _ in 0..2 {
            self.act(t, "Pack").await;
        }
        let over = self.fake.wait_for_message(t.channel, T, |m: &Value| is_hand_message(m) && is_over(m)).await;
        assert!(over.is_some(), "the hand in channel {} did not end", t.channel);
    }

    async fn sql(&self) -> PgConnection {
        PgConnection::connect(&self.db.url).await.unwrap()
    }

    /// Who wrote each action, per channel, in the order written: `(hand, seq, writer)`.
    async fn writers(&self) -> BTreeMap<u64, Vec<(i64, i64, String)>> {
        let rows: Vec<(i64, i64, i64, Option<String>)> = sqlx::query_as(
            "SELECT h.channel_id, a.hand_id, a.seq, a.writer FROM hand_actions a JOIN hands h ON h.id = a.hand_id \
             ORDER BY a.hand_id, a.seq",
        )
        .fetch_all(&mut self.sql().await)
        .await
        .unwrap();
        let mut by_channel: BTreeMap<u64, Vec<(i64, i64, String)>> = BTreeMap::new();
        for (channel, hand, seq, writer) in rows {
            let writer = writer.unwrap_or_else(|| panic!("hand {hand} action {seq} has no writer"));
            by_channel.entry(channel as u64).or_default().push((hand, seq, writer));
        }
        by_channel
    }

    /// Hands by status (`live`, `finished`, `refunded`).
    async fn hand_statuses(&self) -> BTreeMap<String, i64> {
        let rows: Vec<(String, i64)> = sqlx::query_as("SELECT status, COUNT(*) FROM hands GROUP BY status")
            .fetch_all(&mut self.sql().await)
            .await
            .unwrap();
        rows.into_iter().collect()
    }

    /// Every player still holds their starting chips together with the others of their guild, no hand was
    /// refunded, and the store's audit of the whole database balances.
    async fn assert_books(&self, tables: &[Table]) {
        let store = Store::open(&self.db.url).await.unwrap();
        let audit = store.audit().await.unwrap();
        assert!(audit.ok(), "{audit:?}");
        for t in tables {
            let mut sum = 0;
            for &p in &t.players {
                sum += store.balance(GuildId(t.guild), UserId(p)).await.unwrap();
            }
            assert_eq!(sum, STARTING_BALANCE * 3, "chips were created or lost in channel {}", t.channel);
        }
        store.close().await;
        let refunds: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM ledger WHERE reason = 'refund'")
            .fetch_one(&mut self.sql().await)
            .await
            .unwrap();
        assert_eq!(refunds.0, 0, "a hand was refunded");
    }
}

/// The writers of one table's actions, each once, in the order they first wrote: a table handed from one
/// process to the next reads `[first, second]`; `[first, second, first]` would be two processes at once.
fn runs(actions: &[(i64, i64, String)]) -> Vec<String> {
    let mut runs: Vec<String> = Vec::new();
    for (_, _, writer) in actions {
        if runs.last() != Some(writer) {
            runs.push(writer.clone());
        }
    }
    runs
}

/// `host:pid` of a process, as it signs the action log (ownership::owner_name).
fn owner(bot: &BotProcess) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    format!("{}:{}", host.trim(), bot.pid().unwrap())
}

fn signal(bot: &BotProcess, sig: &str) {
    let pid = bot.pid().unwrap().to_string();
    assert!(std::process::Command::new("kill").args([sig, &pid]).status().unwrap().success(), "kill {sig}");
}

/// Two processes, shards 0 and 1 of 2, play a table in each of four guilds (two per shard) on one database.
/// The shard-0 process is killed mid-hand and started again: it waits for its lease, resumes both its hands
/// (nothing refunded), and they play to the end; the shard-1 process's tables are played all along, answered
/// at once, and never touched by anyone else; every table's actions come from one process at a time; and the
/// chips of every guild add up, as does the audit of the whole database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_is_replaced_and_the_other_plays_on() {
    let Some(c) = Cluster::start(2, FakeOptions::default()).await else { return };
    let tables = c.tables(2);
    let mut first = c.spawn("0");
    let second = c.spawn("1");
    c.wait_live(&[0, 1]).await;
    c.wait_registered(2).await;
    for t in &tables {
        c.deal(t).await;
        c.act(t, "Blind").await;
    }
    let (mine, theirs): (Vec<&Table>, Vec<&Table>) = tables.iter().partition(|t| t.shard == 0);
    let (first_name, second_name) = (owner(&first), owner(&second));

    first.kill();
    c.wait_live(&[1]).await;
    // The other process's tables play on while shard 0 has no process.
    for t in &theirs {
        c.act(t, "Blind").await;
    }
    let mut replacement = c.spawn("0");
    c.wait_live(&[0, 1]).await;
    let replacement_name = owner(&replacement);
    for t in &tables {
        c.act(t, "Blind").await;
    }
    assert_eq!(c.hand_statuses().await, BTreeMap::from([("live".to_string(), 4)]), "every hand is still live");
    for t in &tables {
        c.finish(t).await;
    }

    let writers = c.writers().await;
    for t in &mine {
        assert_eq!(runs(&writers[&t.channel]), [first_name.clone(), replacement_name.clone()], "{writers:?}");
    }
    for t in &theirs {
        assert_eq!(runs(&writers[&t.channel]), std::slice::from_ref(&second_name), "{writers:?}");
    }
    assert_eq!(c.hand_statuses().await, BTreeMap::from([("finished".to_string(), 4)]));
    c.assert_books(&tables).await;
    let log = replacement.log();
    assert_eq!(log.matches("resumed hand").count(), 2, "{log}");
    assert_eq!(replacement.stop(BOUND), Some(0), "{}", replacement.log());
    let log = second.log();
    assert!(!log.contains("resumed hand") && !log.contains("refunding"), "the other process noticed:\n{log}");
    c.fake.assert_no_violations();
}

/// A process frozen (SIGSTOP) past its lease: Discord closes its silent connection, a replacement takes its
/// shard over and resumes its hand, and play goes on there. Woken (SIGCONT), the frozen process writes nothing
/// more (the click it was sent while frozen is refused, not recorded), says nothing more on Discord (it was
/// frozen while Discord's answer to its last click was on its way: woken, it finds that call timed out, and
/// must not redraw the table message a step behind the replacement), and steps down with exit 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frozen_process_is_fenced_off_and_steps_down() {
    let opts = FakeOptions { silence_timeout: Some(Duration::from_secs(4)), ..Default::default() };
    let Some(c) = Cluster::start(1, opts).await else { return };
    let tables = c.tables(1);
    let t = &tables[0];
    let mut frozen = c.spawn("0");
    c.wait_live(&[0]).await;
    c.wait_registered(1).await;
    c.deal(t).await;
    let blind = c.to_act(t);
    // Discord takes this answer at once, but its reply reaches the bot only after the freeze below.
    c.fake.lag_next("POST /interactions/{interaction_id}/{interaction_token}/callback", Duration::from_secs(60), 1);
    assert_eq!(c.click(blind, t.channel, "Blind").await.kind, 7, "the first player's Blind");
    let frozen_name = owner(&frozen);

    signal(&frozen, "-STOP");
    // A click while it is frozen: delivered to its connection, read only when it wakes.
    let next = t.players[(t.players.iter().position(|&p| p == blind).unwrap() + 1) % 3];
    let messages = c.fake.channel_messages(t.channel);
    let hand = messages.iter().rev().find(|m| button_label(m, "Blind").is_some()).unwrap().clone();
    let late = c.fake.click(next, &hand, &button_label(&hand, "Blind").unwrap()).await;
    // Discord closes the silent connection; the lease runs out.
    c.wait_live(&[]).await;
    let mut replacement = c.spawn("0");
    c.wait_live(&[0]).await;
    poll("the replacement to resume the hand", BOOT, || replacement.log().contains("resumed hand").then_some(())).await;
    let replacement_name = owner(&replacement);
    c.act(t, "Blind").await;

    let woke = std::time::Instant::now();
    signal(&frozen, "-CONT");
    let status = frozen.wait_exit(BOUND);
    let log = frozen.log();
    assert_eq!(status.and_then(|s| s.code()), Some(FAILED), "the fenced process did not step down:\n{log}");
    let stepped = log.lines().filter(|l| l.contains("stepping down") && l.contains("another process has taken over"));
    assert_eq!(stepped.count(), 1, "one line says why it stopped:\n{log}");
    // The click it was sent while frozen: if it got to it before it stepped down, the write was refused, and it
    // gave no answer (the player clicks again, at the replacement).
    assert!(late.try_response(Duration::from_millis(100)).await.is_none(), "a frozen process answered:\n{log}");
    if log.contains("recording an action") {
        let refused = "a request failed (recording an action: fenced off by another process) error=another process has";
        assert!(log.contains(refused), "{log}");
    }
    // Woken past its lease, it answers nothing (an answer now would come past Discord's 3 s); what Discord may
    // still refuse from it is its shard's reconnection (the replacement runs that shard).
    for v in c.fake.violations() {
        let expected = v.message.contains("closed with 4010");
        assert!(expected, "{v:?}\n{log}");
    }
    c.fake.clear_violations();
    // Its last click's answer timed out while it was frozen: it must not redraw the table message now. Either it
    // tried and the call was withheld, or it stepped down first; no edit of the table's messages reached Discord
    // between its waking and its exit (the replacement, idle then, made none either).
    let withheld = "could not edit a hand message error=this process's shard leases have run out";
    if !log.contains(withheld) {
        let channel = format!("/channels/{}/messages/", t.channel);
        let edits: Vec<_> = c
            .fake
            .requests()
            .into_iter()
            .filter(|r| r.at >= woke && r.method == "PATCH" && r.path.starts_with(&channel))
            .collect();
        assert!(edits.is_empty(), "the woken process redrew the table message: {edits:?}\n{log}");
    }

    c.act(t, "Blind").await;
    c.finish(t).await;
    let writers = c.writers().await;
    assert_eq!(runs(&writers[&t.channel]), [frozen_name.clone(), replacement_name], "{writers:?}");
    let by_frozen = writers[&t.channel].iter().filter(|(_, _, w)| *w == frozen_name).count();
    assert_eq!(by_frozen, 1, "the frozen process wrote after it was fenced off: {writers:?}");
    c.assert_books(&tables).await;
    assert_eq!(replacement.stop(BOUND), Some(0), "{}", replacement.log());
    c.fake.assert_no_violations();
}
