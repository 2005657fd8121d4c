//! Discord shard ranges (issue 12, docs/sharding.md): the bot runs the shards `DISCORD_SHARDS` of
//! `DISCORD_SHARD_COUNT` names, each guild's interactions reach only the process that runs its shard, DMs only the
//! process of shard 0, and bad settings are refused before anything connects. Against the stand-in, which routes
//! events by shard as Discord does (tests/support/gateway.rs). Each process here has its own SQLite file.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{json, Value};
use support::bot::BotProcess;
use support::world::{is_hand_message, is_over, table_in_db, T};
use support::{guild_on_shard, shard_of, FakeDiscord, FakeOptions};

/// The shard count of every scenario here.
const COUNT: u32 = 2;
/// Room for serenity's shard queue, which waits 5 s between two IDENTIFYs of one process.
const BOOT: Duration = Duration::from_secs(30);
/// How long a stopped (or refused) bot may take to exit.
const BOUND: Duration = Duration::from_secs(10);
/// The exit status of `run` for a refused setting (docs/process.md).
const CONFIG_REFUSED: i32 = 2;

/// A stand-in Discord that shards this bot in [`COUNT`], and a guild with a channel on each shard.
struct Guilds {
    fake: FakeDiscord,
    /// `channels[s]`: a channel of a guild on shard `s`.
    channels: Vec<u64>,
    dir: tempfile::TempDir,
}

async fn sharded_discord() -> Guilds {
    let fake = FakeDiscord::start(FakeOptions { shard_count: COUNT, ..Default::default() }).await;
    let channels = (0..COUNT)
        .map(|s| {
            let guild = fake.add_guild(guild_on_shard(s, COUNT, 0));
            assert_eq!(shard_of(guild, COUNT), s);
            fake.add_channel_in(guild, &format!("tables-{s}"))
        })
        .collect();
    Guilds { fake, channels, dir: tempfile::tempdir().unwrap() }
}

impl Guilds {
    fn db(&self, name: &str) -> PathBuf {
        self.dir.path().join(format!("{name}.db"))
    }

    /// `teenpatti-bot run` on its own database `name.db`, commands registered globally (no dev guild: the
    /// guilds here are several), with these shard settings.
    fn spawn(&self, name: &str, shards: &[(&str, &str)]) -> BotProcess {
        let mut env = vec![("DEV_GUILD_ID", ""), ("TEENPATTI_HAND_BREAK_MS", "600000")];
        env.extend_from_slice(shards);
        BotProcess::spawn(&self.fake, &self.db(name), &env)
    }

    /// Waits until every shard has a live session and `processes` bots registered their commands.
    async fn wait_all_shards(&self, processes: usize) {
        let all: Vec<u32> = (0..COUNT).collect();
        self.fake.wait_gateway(BOOT, |g| g.live_shards == all).await;
        let registered = || self.fake.command_registrations().len() >= processes;
        support::world::poll("every process to register its commands", BOOT, || registered().then_some(())).await;
    }

    /// `/table open` by `user` in `channel`; the interaction's id and the answer.
    async fn open_table(&self, user: u64, channel: u64) -> (u64, support::InteractionResponse) {
        let h = self.fake.slash(user, channel, "table open", json!({"boot": 1})).await;
        (h.id, h.response(T).await)
    }

    /// Clicks the button starting with `label` on the newest message of `channel` that has one.
    async fn click(&self, user: u64, channel: u64, label: &str) -> support::InteractionResponse {
        support::world::click_in(&self.fake, user, channel, label).await
    }

    /// Two players open a table in `channel`, join, start, and play a hand to its end (the player to act packs).
    /// Returns the id of the `/table open` interaction.
    async fn play_a_hand(&self, channel: u64) -> u64 {
        let players = [self.fake.add_user("asha"), self.fake.add_user("bilal")];
        let (open, answer) = self.open_table(players[0], channel).await;
        assert_eq!(answer.kind, 4, "{answer:?}");
        assert!(self.click(players[1], channel, "Join").await.accepted(), "Join");
        assert!(self.click(players[0], channel, "Start").await.accepted(), "Start");
        let dealt = self.fake.wait_for_message(channel, T, is_hand_message).await;
        assert!(dealt.is_some(), "no hand was dealt in channel {channel}");
        let mut packed = false;
        for p in players {
            if self.click(p, channel, "Pack").await.accepted() {
                packed = true;
                break;
            }
        }
        assert!(packed, "neither player could pack");
        let over = self.fake.wait_for_message(channel, T, |m: &Value| is_hand_message(m) && is_over(m)).await;
        assert!(over.is_some(), "the hand in channel {channel} did not end");
        open
    }
}

/// SIGTERM, and the bot's exit code (it must end by itself within [`BOUND`]).
fn stop(bot: &mut BotProcess) -> Option<i32> {
    let code = bot.stop(BOUND);
    assert_eq!(code, Some(0), "SIGTERM did not stop the bot cleanly:\n{}", bot.log());
    code
}

/// (a) `DISCORD_SHARD_COUNT=2` alone: one process identifies both shards, says so once, plays a table in a guild
/// of each, and a stop closes both shards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_every_shard_of_the_count() {
    let g = sharded_discord().await;
    let mut bot = g.spawn("all", &[("DISCORD_SHARD_COUNT", "2")]);
    g.wait_all_shards(1).await;
    assert_eq!(g.fake.gateway_stats().identifies, 2, "one IDENTIFY per shard");
    for (shard, &channel) in g.channels.iter().enumerate() {
        let open = g.play_a_hand(channel).await;
        assert_eq!(g.fake.interaction_shard(open), Some(shard as u32));
    }
    stop(&mut bot);
    let log = bot.log();
    assert_eq!(log.lines().filter(|l| l.contains("running shards 0-1 of 2")).count(), 1, "{log}");
    for &channel in &g.channels {
        assert!(table_in_db(&g.db("all"), channel).await.is_some(), "no table in channel {channel}");
    }
    g.fake.assert_no_violations();
}

/// (b) Two processes, `DISCORD_SHARDS=0-0` and `1-1` of 2, each on its own file: a `/table open` in a guild of
/// shard 1 is answered by the second process only, one in a guild of shard 0 by the first only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_process_gets_only_its_own_shards_guilds() {
    let g = sharded_discord().await;
    let mut bots = [
        g.spawn("shard0", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "0-0")]),
        g.spawn("shard1", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "1-1")]),
    ];
    g.wait_all_shards(2).await;
    let user = g.fake.add_user("asha");
    for shard in [1, 0] {
        let (open, answer) = g.open_table(user, g.channels[shard]).await;
        assert_eq!((answer.kind, answer.ephemeral), (4, false), "{answer:?}");
        assert_eq!(g.fake.interaction_shard(open), Some(shard as u32));
    }
    // Answered once each (a second answer is a violation: 40060 already acknowledged).
    g.fake.assert_no_violations();
    for bot in &mut bots {
        stop(bot);
    }
    assert!(bots[0].log().contains("running shard 0 of 2"), "{}", bots[0].log());
    assert!(bots[1].log().contains("running shard 1 of 2"), "{}", bots[1].log());
    for (shard, &channel) in g.channels.iter().enumerate() {
        let owner = table_in_db(&g.db(&format!("shard{shard}")), channel).await;
        let other = table_in_db(&g.db(&format!("shard{}", 1 - shard)), channel).await;
        assert!(owner.is_some(), "the table of shard {shard}'s guild is not in its process's database");
        assert_eq!(other, None, "the process of the other shard opened a table in shard {shard}'s guild");
    }
}

/// (d) A slash command in a DM arrives on shard 0 only: the shard-0 process answers it, and with that process
/// gone nobody does (the shard-1 process never sees it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_reaches_only_the_process_of_shard_0() {
    let g = sharded_discord().await;
    let mut shard0 = g.spawn("shard0", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "0")]);
    let _shard1 = g.spawn("shard1", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "1")]);
    g.wait_all_shards(2).await;
    let user = g.fake.add_user("asha");
    let dm = g.fake.dm_channel(user);
    let h = g.fake.slash(user, dm, "balance", json!({})).await;
    let answer = h.response(T).await;
    assert!(answer.ephemeral && answer.content.contains("only in a server"), "{answer:?}");
    assert_eq!(g.fake.interaction_shard(h.id), Some(0));
    g.fake.assert_no_violations();

    shard0.kill();
    g.fake.wait_gateway(T, |s| s.live_shards == [1]).await;
    let h = g.fake.slash(user, dm, "balance", json!({})).await;
    assert!(h.try_response(Duration::from_secs(3)).await.is_none(), "the shard-1 process answered a DM");
    assert_eq!(g.fake.interaction_shard(h.id), Some(0));
    g.fake.assert_no_violations();
}

/// (c) A malformed, reversed or out-of-range setting, or a range without a count, ends the bot at once with exit
/// 2 and one line naming the variable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_shard_settings_exit_2_naming_the_variable() {
    let g = sharded_discord().await;
    let cases: [(&[(&str, &str)], &str); 5] = [
        (&[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "2")], "DISCORD_SHARDS is not valid: `2` is outside"),
        (&[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "1-0")], "DISCORD_SHARDS is not valid: `1-0` is reversed"),
        (&[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "0..1")], "DISCORD_SHARDS is not valid: `0..1` is not"),
        (&[("DISCORD_SHARDS", "0-1")], "DISCORD_SHARDS is not valid: `0-1` needs DISCORD_SHARD_COUNT"),
        (&[("DISCORD_SHARD_COUNT", "0")], "DISCORD_SHARD_COUNT is not valid: `0` is not a number of shards"),
    ];
    for (i, (env, said)) in cases.into_iter().enumerate() {
        let mut bot = g.spawn(&format!("bad{i}"), env);
        let status = bot.wait_exit(BOUND);
        let log = bot.log();
        assert_eq!(status.and_then(|s| s.code()), Some(CONFIG_REFUSED), "{env:?}:\n{log}");
        let errors: Vec<&str> = log.lines().filter(|l| l.starts_with("error: ")).collect();
        assert!(errors.len() == 1 && errors[0].starts_with(&format!("error: {said}")), "{env:?}:\n{log}");
    }
    assert_eq!(g.fake.gateway_stats().connections, 0, "a refused setting connected to the gateway");
    g.fake.assert_no_violations();
}

/// The stand-in holds the bot to Discord's sharding: a process that does not shard when Discord requires it is
/// closed with 4011, and a second process on a shard that another runs is refused (4010).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_refuses_a_wrong_count_and_a_shard_run_twice() {
    let g = sharded_discord().await;
    let mut unsharded = g.spawn("unsharded", &[]);
    let saw = |needle: &'static str| {
        let fake = g.fake.clone();
        move || fake.violations().iter().any(|v| v.message.contains(needle)).then_some(())
    };
    support::world::poll("a 4011 for an unsharded IDENTIFY", BOOT, saw("closed with 4011")).await;
    unsharded.kill();
    g.fake.clear_violations();

    let _first = g.spawn("first", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "1")]);
    g.fake.wait_gateway(BOOT, |s| s.live_shards == [1]).await;
    let mut second = g.spawn("second", &[("DISCORD_SHARD_COUNT", "2"), ("DISCORD_SHARDS", "1")]);
    support::world::poll("a 4010 for shard 1 twice", BOOT, saw("already runs on another connection")).await;
    second.kill();
    g.fake.clear_violations();
}
