//! A server's data after the bot leaves it (issue 37), end to end: the bot as production runs it, removed from a
//! server by the stand-in (a GUILD_DELETE, or missing from READY after a restart), deletes everything of that
//! server at the deadline (made short here: `TEENPATTI_TEST_RETENTION_MS`), keeps it when it is added back in
//! time, and the other server's books stay exact.

#[path = "fixtures/sweep.rs"]
mod sweep;

use std::time::Duration;

use serde_json::json;
use support::world::{Backend, World};

const T: Duration = Duration::from_secs(10);

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

/// The newest file named `name` the bot uploaded.
fn uploaded(w: &World, name: &str) -> Option<Vec<u8>> {
    w.fake.requests().iter().rev().flat_map(|r| r.files.iter()).find(|f| f.filename == name).map(|f| f.bytes.clone())
}

/// A player's own data through Discord: `/privacy info` in their language, `/privacy export` as a JSON file that
/// matches the ledger, `/privacy delete` refused while seated, its button refused to anyone else and after its
/// deadline, then their id in no column of any table and the books exact.
async fn a_player_sees_exports_and_deletes_their_data(backend: Backend) {
    let Some(w) = World::start_on_with_env(backend, &[]).await else { return };
    let [a, b] = w.users(["Asha", "Bilal"]);
    w.open_and_start(&[a, b], json!({"boot": 5})).await;
    // An export while the hand is in play has it without its deck or seed.
    w.slash(a, "privacy export", json!({})).await;
    let live = uploaded(&w, "teenpatti-data-part1-of-1.json").expect("the export attached");
    let record = w.record(1).await;
    let (live, seed) = (String::from_utf8(live).unwrap(), record.fair.clone().unwrap().secret);
    assert!(live.contains("\"status\":\"live\"") && !live.contains(&seed), "{live}");
    assert!(!live.contains("\"deck\""), "{live}");
    if !w.click(a, "Pack").await.accepted() {
        w.act(b, "Pack").await;
    }
    w.wait_hand_over(1).await;

    // What is kept, in her own language (Hindi), privately.
    w.fake.set_locale(a, "hi");
    let info = w.ephemeral_reply(a, "privacy info", json!({})).await;
    assert!(info.contains("यह बॉट आपके बारे में क्या रखता है") && info.contains("चिप्स"), "{info}");
    w.fake.set_locale(a, "en-US");

    // The export: one part, her ledger row for row.
    let r = w.slash(a, "privacy export", json!({})).await;
    assert!(r.ephemeral && r.content.contains("part 1 of 1"), "{r:?}");
    let file = uploaded(&w, "teenpatti-data-part1-of-1.json").expect("the export attached");
    let export: serde_json::Value = serde_json::from_slice(&file).unwrap();
    let store = w.store().await;
    let me = teenpatti::ids::UserId(a);
    let ledger = store.ledger(w.guild(), me, 1000).await.unwrap();
    let rows = export["ledger"].as_array().unwrap();
    assert_eq!(rows.len(), ledger.len(), "{export:#}");
    let sum: i64 = rows.iter().map(|r| r["delta"].as_i64().unwrap()).sum();
    assert_eq!(sum, w.balance(a).await);
    assert_eq!(export["user_id"], a.to_string());
    assert_eq!(export["hands"][0]["players"], json!([a.to_string(), b.to_string()]));
    let none = w.slash(a, "privacy export", json!({"part": 2})).await;
    assert!(none.ephemeral && none.content.contains("There is no part 2"), "{none:?}");

    // Deletion: refused while she is seated; the button is hers alone, and only for a while.
    let ask = w.slash(a, "privacy delete", json!({})).await;
    let confirm = ask.message.clone().expect("the confirmation message");
    let done = w.fake.click(a, &confirm, "Delete my data").await.response(T).await;
    assert!(done.content.contains("You are seated at the table in"), "{done:?}");
    let ask = w.slash(a, "privacy delete", json!({})).await;
    let confirm = ask.message.clone().expect("the confirmation message");
    let id = support::world::custom_id(&confirm, "Delete my data");
    let forged = w.fake.click_custom(b, &confirm, &id).await.response(T).await;
    assert!(forged.followups.is_empty() && forged.content.contains("someone else's"), "{forged:?}");
    let stale = w.fake.click_custom(a, &confirm, &format!("privacy:delete:{a}:1")).await.response(T).await;
    assert!(stale.content.contains("expired"), "{stale:?}");
    let junk = w.fake.click_custom(a, &confirm, "privacy:delete:x").await.response(T).await;
    assert!(junk.ephemeral && !junk.content.is_empty(), "{junk:?}");
    assert!(!sweep::columns_naming(store, me).await.is_empty(), "nothing deleted yet");

    w.ephemeral_reply(a, "table leave", json!({})).await;
    let ask = w.slash(a, "privacy delete", json!({})).await;
    let confirm = ask.message.clone().expect("the confirmation message");
    let done = w.fake.click(a, &confirm, "Delete my data").await.response(T).await;
    assert!(done.accepted() && done.content.contains("Done"), "{done:?}");
    assert!(done.components.is_empty(), "the button is gone: {done:?}");
    assert_eq!(sweep::columns_naming(store, me).await, Default::default(), "{}", w.bot.log());
    w.assert_audit().await;
    // Bilal's record of the hand keeps its chips; his seat-mate is anonymous.
    let history = w.ephemeral_reply(b, "history", json!({"hand": 1})).await;
    assert!(!history.contains(&a.to_string()), "{history}");
    let info = w.ephemeral_reply(a, "privacy info", json!({})).await;
    assert!(info.contains("Nothing"), "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_sees_exports_and_deletes_their_data_on_sqlite() {
    a_player_sees_exports_and_deletes_their_data(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_sees_exports_and_deletes_their_data_on_postgres() {
    a_player_sees_exports_and_deletes_their_data(Backend::Postgres).await;
}
