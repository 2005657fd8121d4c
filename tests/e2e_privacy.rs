//! A server's data after the bot leaves it (issue 37), end to end: the bot as production runs it, removed from a
//! server by the stand-in (a GUILD_DELETE, or missing from READY after a restart), deletes everything of that
//! server at the deadline (made short here: `TEENPATTI_TEST_RETENTION_MS`), keeps it when it is added back in
//! time, and the other server's books stay exact.

mod support;

use std::time::Duration;

use serde_json::json;
use support::world::{Backend, World};

/// Rows that name `guild` in the tables that hold a server's id.
async fn rows_of(w: &World, guild: u64) -> i64 {
    let mut n = 0;
    for table in
        ["guild_settings", "wallets", "ledger", "game_tables", "hands", "hand_players", "seasons", "tournaments"]
    {
        let q = format!("SELECT COUNT(*) FROM {table} WHERE guild_id = {}", guild as i64);
        n += w.store().await.raw_i64(&q).await.unwrap().unwrap_or(0);
    }
    n
}

/// A table played in the world's server, and a wallet in a second server; that second server's id.
async fn two_servers(w: &World) -> u64 {
    let [a, b] = w.users(["Asha", "Bilal"]);
    w.open_and_start(&[a, b], json!({"boot": 5})).await;
    let other = w.fake.add_guild(support::guild_on_shard(0, 1, 7));
    let there = w.fake.add_channel_in(other, "elsewhere");
    w.fake.slash(a, there, "balance", json!({})).await.response(Duration::from_secs(10)).await;
    assert!(rows_of(w, w.fake.guild_id()).await > 0 && rows_of(w, other).await > 0);
    other
}

async fn wait_rows(w: &World, guild: u64, want_zero: bool, within: Duration) -> i64 {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let n = rows_of(w, guild).await;
        if (n == 0) == want_zero || tokio::time::Instant::now() > deadline {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn a_removed_server_is_deleted_at_the_deadline(backend: Backend) {
    let Some(w) = World::start_on_with_env(backend, &[("TEENPATTI_TEST_RETENTION_MS", "3000")]).await else { return };
    let other = two_servers(&w).await;
    let kept = rows_of(&w, other).await;
    let guild = w.fake.guild_id();
    w.fake.remove_guild(guild);
    // Marked at once, with its deadline; nothing deleted before it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(rows_of(&w, guild).await > 0, "deleted before the deadline");
    assert_eq!(wait_rows(&w, guild, true, Duration::from_secs(20)).await, 0, "{}", w.bot.log());
    assert_eq!(rows_of(&w, other).await, kept, "the other server untouched");
    w.assert_audit().await;
    assert!(w.bot.log().contains("deleted the data of a server the bot was removed from"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_server_is_deleted_at_the_deadline_on_sqlite() {
    a_removed_server_is_deleted_at_the_deadline(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removed_server_is_deleted_at_the_deadline_on_postgres() {
    a_removed_server_is_deleted_at_the_deadline(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_adds_the_bot_back_in_time_keeps_everything() {
    let w = World::start_with_env(&[("TEENPATTI_TEST_RETENTION_MS", "3000")]).await;
    two_servers(&w).await;
    let guild = w.fake.guild_id();
    let before = rows_of(&w, guild).await;
    w.fake.remove_guild(guild);
    tokio::time::sleep(Duration::from_millis(500)).await;
    w.fake.add_guild_back(guild);
    // Well past the deadline: everything kept.
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(rows_of(&w, guild).await, before, "{}", w.bot.log());
    assert!(w.bot.log().contains("added back to a server before its data was deleted"));
    w.assert_audit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_survives_a_restart_and_a_server_missing_from_ready_is_marked() {
    let mut w = World::start_with_env(&[("TEENPATTI_TEST_RETENTION_MS", "4000")]).await;
    // Two servers besides the world's (which the bot registers its commands in, so it stays).
    let second = two_servers(&w).await;
    let third = w.fake.add_guild(support::guild_on_shard(0, 1, 8));
    let there = w.fake.add_channel_in(third, "third");
    let [c] = w.users(["Chen"]);
    w.fake.slash(c, there, "balance", json!({})).await.response(Duration::from_secs(10)).await;
    let home = rows_of(&w, w.fake.guild_id()).await;
    // Removed, then the bot killed before the deadline: the next process deletes at the stored deadline.
    w.fake.remove_guild(second);
    tokio::time::sleep(Duration::from_millis(300)).await;
    w.restart().await;
    assert!(rows_of(&w, second).await > 0, "deleted before the deadline");
    assert_eq!(wait_rows(&w, second, true, Duration::from_secs(20)).await, 0, "{}", w.bot.log());
    // Removed while the bot was down: missing from READY at the next start, then deleted the same way.
    w.bot.kill();
    w.fake.remove_guild_quietly(third);
    w.restart().await;
    assert!(rows_of(&w, third).await > 0, "deleted before the deadline");
    assert_eq!(wait_rows(&w, third, true, Duration::from_secs(20)).await, 0, "{}", w.bot.log());
    assert_eq!(rows_of(&w, w.fake.guild_id()).await, home, "the server the bot is in keeps everything");
    w.assert_audit().await;
}
