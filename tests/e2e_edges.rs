//! End-to-end edge cases: a player richer than a hand allows, a table closed
//! mid-hand, a button forged for another channel's table, a deal that cannot happen.

mod support;

use serde_json::{json, Value};
use support::world::{render_message, World, T};
use teenpatti::ids::{ChannelId, GuildId, UserId};

fn labels(msg: &Value) -> Vec<String> {
    msg["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

fn message_by_id(w: &World, id: &str) -> Value {
    w.fake.channel_messages(w.channel).into_iter().find(|m| m["id"].as_str() == Some(id)).expect("message exists")
}

/// A player whose wallet holds more than the largest stack the engine takes
/// (10^12 chips, reachable with two `/grant`s or by winning) must still be
/// dealt in: the table used to refuse every deal ("a stack may hold at most
/// 10^12 chips"), so nobody at it could play again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_very_rich_player_does_not_stop_the_table() {
    let w = World::start(&[("TEENPATTI_HAND_BREAK_MS", "600000")]).await;
    let boss = w.fake.add_admin("boss");
    let [a, b] = ["asha", "bilal"].map(|n| w.fake.add_user(n));
    for _ in 0..2 {
        let r = w.slash(boss, "grant", json!({"user": a, "amount": 1_000_000_000_000i64})).await;
        assert!(r.content.contains("balance now"), "{r:?}");
    }
    let g = w.fake.guild_id();
    let store = w.store().await;
    assert_eq!(store.balance(GuildId(g), UserId(a)).await.unwrap(), 2_000_000_001_000);

    w.slash(a, "table open", json!({"boot": 1})).await;
    w.act(b, "Join").await;
    w.act(a, "Start").await;
    let hand = w.wait_new_hand(&[]).await;
    assert!(labels(&hand).iter().any(|l| l == "Blind 1"), "{}", render_message(&hand));
    // The hand plays normally: a raises to the top of the blind range, b packs.
    w.act(a, "Raise 2").await;
    w.act(b, "Pack").await;
    assert_eq!(store.balance(GuildId(g), UserId(a)).await.unwrap(), 2_000_000_001_001);
    assert_eq!(store.balance(GuildId(g), UserId(b)).await.unwrap(), 999);
    assert!(store.audit().await.unwrap().ok());
    w.fake.assert_no_violations();
}

/// `/table close` during a hand refunds it; the hand message must stop
/// offering the hand's buttons and naming a player to act (it used to keep
/// "it's your turn" and live bet buttons for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_mid_hand_retires_the_hand_message() {
    let w = World::start(&[("TEENPATTI_HAND_BREAK_MS", "600000")]).await;
    let [a, b] = ["asha", "bilal"].map(|n| w.fake.add_user(n));
    w.slash(a, "table open", json!({"boot": 1})).await;
    w.act(b, "Join").await;
    w.act(a, "Start").await;
    let hand = w.wait_new_hand(&[]).await;
    let id = hand["id"].as_str().unwrap().to_string();
    w.act(a, "Blind 1").await;

    let closed = w.slash(a, "table close", json!({})).await;
    assert!(closed.content.contains("refunded"), "{closed:?}");
    let msg = message_by_id(&w, &id);
    let shown = render_message(&msg);
    assert!(!shown.contains("it's your turn"), "the closed table's message still asks for a move:\n{shown}");
    let left = labels(&msg);
    assert!(left.is_empty(), "the closed table's hand message still has buttons {left:?}:\n{shown}");
    assert!(shown.contains("closed"), "{shown}");

    let store = w.store().await;
    let g = w.fake.guild_id();
    assert_eq!(
        (store.balance(GuildId(g), UserId(a)).await.unwrap(), store.balance(GuildId(g), UserId(b)).await.unwrap()),
        (1000, 1000)
    );
    assert!(store.audit().await.unwrap().ok());
    w.fake.assert_no_violations();
}

/// A button's custom_id names its table. A click whose custom_id names a
/// table in another channel (a forged interaction, or a copied message) must
/// be refused: it used to seat the clicker at that table, with that guild's
/// wallet, from a channel where they may not even see it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_acts_only_on_the_table_of_its_own_channel() {
    let w = World::start(&[("TEENPATTI_HAND_BREAK_MS", "600000")]).await;
    let [a, b, x] = ["asha", "bilal", "xena"].map(|n| w.fake.add_user(n));
    let other = w.fake.add_channel("private-room");
    // Table #1 here, table #2 in the other channel.
    w.slash(a, "table open", json!({"boot": 1})).await;
    let r = w.fake.slash(b, other, "table open", json!({"boot": 1})).await.response(T).await;
    assert_eq!(r.kind, 4, "{r:?}");
    let store = w.store().await;
    let t2 = store.table_in_channel(ChannelId(other)).await.unwrap().unwrap().id;
    let t1 = store.table_in_channel(ChannelId(w.channel)).await.unwrap().unwrap().id;
    assert_ne!(t1, t2);

    let lobby = w.message_with("Join");
    let r = w.fake.click_custom(x, &lobby, &format!("tp:{t2}:0:0:join")).await.response(T).await;
    assert_eq!(r.kind, 4, "{r:?}");
    assert!(r.ephemeral, "{r:?}");
    let seated: Vec<u64> = store.seats(t2).await.unwrap().iter().map(|s| s.user.get()).collect();
    assert_eq!(seated, vec![b], "a click in another channel seated someone at table #{t2}");
    // The real Join button still works.
    w.act(x, "Join").await;
    let seated: Vec<u64> = store.seats(t1).await.unwrap().iter().map(|s| s.user.get()).collect();
    assert_eq!(seated, vec![a, x]);
    w.fake.assert_no_violations();
}

/// When the automatic deal finds too few players (one left between hands, or
/// went broke), the last hand's message must stop promising "Next hand in
/// ..." (it kept the countdown, running into the past, for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_that_cannot_happen_does_not_leave_a_countdown() {
    let w = World::start(&[("TEENPATTI_HAND_BREAK_MS", "1000")]).await;
    let [a, b] = ["asha", "bilal"].map(|n| w.fake.add_user(n));
    w.slash(a, "table open", json!({"boot": 1})).await;
    w.act(b, "Join").await;
    w.act(a, "Start").await;
    let hand = w.wait_new_hand(&[]).await;
    let id = hand["id"].as_str().unwrap().to_string();
    let over = w.act(a, "Pack").await;
    assert!(render_message(over.message.as_ref().unwrap()).contains("Next hand"));
    // b leaves before the next deal: only a is left.
    w.act(b, "Leave").await;
    let waiting = w
        .fake
        .wait_for_message(w.channel, T, |m| {
            m["id"].as_str() == Some(id.as_str()) && render_message(m).contains("Waiting for players.")
        })
        .await;
    assert!(waiting.is_some(), "the hand message still counts down to a deal that failed:\n{}", w.transcript());
    assert_eq!(w.fake.channel_messages(w.channel).iter().filter(|m| render_message(m).contains("hand #")).count(), 1);
    w.fake.assert_no_violations();
}
