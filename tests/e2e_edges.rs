//! End-to-end edge cases: a player richer than a hand allows, a table closed
//! mid-hand, a button forged for another channel's table, a deal that cannot happen.

use std::time::Duration;

use serde_json::json;
use support::world::{id_of, labels, render_message, World, T};

/// A player whose wallet holds more than the largest stack the engine takes
/// (10^12 chips, reachable with two `/grant`s or by winning) must still be
/// dealt in: the table used to refuse every deal ("a stack may hold at most
/// 10^12 chips"), so nobody at it could play again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_very_rich_player_does_not_stop_the_table() {
    let w = World::start().await;
    let boss = w.fake.add_admin("boss");
    let [a, b] = w.users(["asha", "bilal"]);
    for _ in 0..2 {
        let r = w.slash(boss, "grant", json!({"user": a, "amount": 1_000_000_000_000i64})).await;
        assert!(r.content.contains("balance now"), "{r:?}");
    }
    assert_eq!(w.balance(a).await, 2_000_000_001_000);

    let hand = w.open_and_start(&[a, b], json!({"boot": 1})).await;
    assert!(labels(&hand).iter().any(|l| l == "Blind 1"), "{}", render_message(&hand));
    // The hand plays normally: a raises to the top of the blind range, b packs.
    w.act(a, "Raise 2").await;
    w.act(b, "Pack").await;
    assert_eq!(w.balance(a).await, 2_000_000_001_001);
    assert_eq!(w.balance(b).await, 999);
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// `/table close` during a hand refunds it; the hand message must stop
/// offering the hand's buttons and naming a player to act (it used to keep
/// "it's your turn" and live bet buttons for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_mid_hand_retires_the_hand_message() {
    let w = World::start().await;
    let [a, b] = w.users(["asha", "bilal"]);
    let id = id_of(&w.open_and_start(&[a, b], json!({"boot": 1})).await);
    w.act(a, "Blind 1").await;

    let closed = w.slash(a, "table close", json!({})).await;
    assert!(closed.content.contains("refunded"), "{closed:?}");
    let msg = w.message(&id);
    let shown = render_message(&msg);
    assert!(!shown.contains("it's your turn"), "the closed table's message still asks for a move:\n{shown}");
    let left = labels(&msg);
    assert!(left.is_empty(), "the closed table's hand message still has buttons {left:?}:\n{shown}");
    assert!(shown.contains("closed"), "{shown}");

    assert_eq!((w.balance(a).await, w.balance(b).await), (1000, 1000));
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A button's custom_id names its table. A click whose custom_id names a
/// table in another channel (a forged interaction, or a copied message) must
/// be refused: it used to seat the clicker at that table, with that guild's
/// wallet, from a channel where they may not even see it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_acts_only_on_the_table_of_its_own_channel() {
    let w = World::start().await;
    let [a, b, x] = w.users(["asha", "bilal", "xena"]);
    let other = w.fake.add_channel("private-room");
    // Table #1 here, table #2 in the other channel.
    w.slash(a, "table open", json!({"boot": 1})).await;
    let r = w.fake.slash(b, other, "table open", json!({"boot": 1})).await.response(T).await;
    assert_eq!(r.kind, 4, "{r:?}");
    let t2 = w.table_id_in(other).await;
    let t1 = w.table_id().await;
    assert_ne!(t1, t2);

    let lobby = w.message_with("Join");
    let r = w.fake.click_custom(x, &lobby, &format!("tp:{t2}:0:0:join")).await.response(T).await;
    assert_eq!(r.kind, 4, "{r:?}");
    assert!(r.ephemeral, "{r:?}");
    let seated = w.seated(t2).await;
    assert_eq!(seated, vec![b], "a click in another channel seated someone at table #{t2}");
    // The real Join button still works.
    w.act(x, "Join").await;
    let seated = w.seated(t1).await;
    assert_eq!(seated, vec![a, x]);
    w.fake.assert_no_violations();
}

/// When the automatic deal finds too few players (one left between hands, or
/// went broke), the last hand's message must stop promising "Next hand in
/// ..." (it kept the countdown, running into the past, for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_that_cannot_happen_does_not_leave_a_countdown() {
    let w = World::start_with_break(Duration::from_millis(1000)).await;
    let [a, b] = w.users(["asha", "bilal"]);
    let id = id_of(&w.open_and_start(&[a, b], json!({"boot": 1})).await);
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

/// Long or hostile text in an option gets a short ephemeral refusal that quotes it briefly and pings nobody.
/// A 5,000-character `rules:` used to be echoed whole: the reply passed Discord's 2,000-character limit, was
/// refused, and the user saw the internal-error text (or nothing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_or_hostile_input_gets_a_short_refusal() {
    let w = World::start().await;
    let a = w.fake.add_user("asha");
    let boss = w.fake.add_admin("boss");
    let long = "x".repeat(5000);
    let hostile = "@everyone <@&1> `**bold**`\n\u{7}";
    let internal = teenpatti::tr!(teenpatti::i18n::Lang::En, "error-internal");
    let check = |what: &str, text: &str| {
        assert!(text.chars().count() <= 300, "{what}: {} characters: {text}", text.chars().count());
        assert!(!text.contains(&internal), "{what}: {text}");
        assert!(!text.contains("@everyone") && !text.contains("<@&1>"), "{what} echoes a mention: {text}");
        assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{what}: {text:?}");
    };
    for rules in [long.clone(), format!("show_tie={long}"), format!("{long}=1"), hostile.to_string()] {
        let r = w.ephemeral_reply(a, "table open", json!({"rules": rules})).await;
        assert!(r.contains("Rule options not valid"), "{r}");
        check("/table open rules:", &r);
    }
    assert!(w.fake.channel_messages(w.channel).is_empty(), "no table was opened");
    for (option, value) in [("boot", long.as_str()), (long.as_str(), "1"), ("starting_balance", hostile)] {
        let r = w.ephemeral_reply(boss, "config set", json!({"option": option, "value": value})).await;
        assert!(r.contains("is not valid") || r.contains("is not a valid") || r.contains("unknown option"), "{r}");
        check("/config set", &r);
    }
    for cards in [long.as_str(), hostile] {
        let r = w.ephemeral_reply(a, "rank", json!({"cards": cards})).await;
        assert!(r.contains("is not a card"), "{r}");
        check("/rank", &r);
    }
    let r = w.ephemeral_reply(a, "rank", json!({"cards": "As Ks Qs", "joker": long})).await;
    assert!(r.contains("is not a rank"), "{r}");
    check("/rank joker:", &r);
    w.fake.assert_no_violations();
}

/// A custom_id is read canonically: a sign, a leading zero or an amount past the engine's limit is a forged
/// id, refused at the door with the unrecognised-button message (`tp:+1:0:0:join` used to seat the clicker).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn non_canonical_button_ids_are_refused_at_the_door() {
    let w = World::start().await;
    let [a, x] = w.users(["asha", "xena"]);
    w.slash(a, "table open", json!({"boot": 1})).await;
    let t = w.table_id().await;
    let lobby = w.message_with("Join");
    for id in [
        format!("tp:+{t}:0:0:join"),
        format!("tp:0{t}:0:0:join"),
        format!("tp:{t}:00:0:join"),
        format!("tp:{t}:0:+0:join"),
    ] {
        let r = w.fake.click_custom(x, &lobby, &id).await.response(T).await;
        assert_eq!(r.kind, 4, "{id}: {r:?}");
        assert!(r.ephemeral, "{id}: {r:?}");
        assert!(r.content.contains("not recognised"), "{id}: {}", r.content);
        assert_eq!(w.seated(t).await, vec![a], "{id} seated someone");
    }
    w.act(x, "Join").await;
    assert_eq!(w.seated(t).await, vec![a, x]);
    w.fake.assert_no_violations();
}

/// The bot needs Attach Files in a table's channel (the hand message carries `table.png`): the invite asks for
/// it (README), and a channel where it is missing is named to the opener privately at `/table open` and at
/// Start rather than failing the first hand. Taken away while the table plays, the next hand is posted without
/// its picture (Discord refuses the post with it: 403, 50013) and the opener is told by DM which permission is
/// missing; the hand plays on, nothing refunded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_channel_permission_is_named_to_the_opener_and_no_hand_fails() {
    use support::model::{PERM_ATTACH_FILES, PERM_BOT};
    let w = World::start_with_break(Duration::from_millis(300)).await;
    let [a, b] = w.users(["asha", "bilal"]);
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let invite = teenpatti::discord::permissions::INVITE;
    assert!(readme.contains(&format!("permissions={invite}")), "the README's invite link asks for {invite}");
    assert!(readme.contains(&format!("permission integer `{invite}`")), "the README names {invite}");

    w.fake.set_bot_permissions(w.channel, PERM_BOT & !PERM_ATTACH_FILES);
    let r = w.slash(a, "table open", json!({"boot": 1, "variant": 2})).await;
    assert!(r.ephemeral && r.content.contains("Attach Files"), "{r:?}");
    let here = teenpatti::ids::ChannelId(w.channel);
    assert!(w.store().await.table_in_channel(here).await.unwrap().is_none(), "no table was opened");

    // With the permission, the table opens; without it again, Start is refused the same way.
    w.fake.set_bot_permissions(w.channel, PERM_BOT);
    w.open_table(&[a, b], json!({"boot": 1, "variant": 2})).await;
    w.fake.set_bot_permissions(w.channel, PERM_BOT & !PERM_ATTACH_FILES);
    let refused = w.click(a, "Start").await;
    assert!(refused.ephemeral && refused.content.contains("Attach Files"), "{refused:?}");
    w.fake.set_bot_permissions(w.channel, PERM_BOT);
    w.act(a, "Start").await;
    let first = w.wait_hand(1).await;
    assert!(!first["attachments"].as_array().is_none_or(Vec::is_empty), "a joker hand shows its turned-up card");

    // Taken away mid-table: hand 2 is posted without its picture, and plays.
    w.fake.set_bot_permissions(w.channel, PERM_BOT & !PERM_ATTACH_FILES);
    w.act(a, "Pack").await;
    let second = w.wait_hand(2).await;
    assert!(second["attachments"].as_array().is_none_or(Vec::is_empty), "{}", render_message(&second));
    let told = w.wait_dm(a, "Attach Files").await;
    assert!(told.contains("pictures"), "{told}");
    assert!(w.fake.dms(b).iter().all(|m| !m["content"].as_str().unwrap_or("").contains("Attach Files")));
    let live = w.live_hands().await;
    assert_eq!(live.len(), 1, "hand 2 is in play, not refunded: {live:?}");
    w.act(b, "Pack").await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A hand message shows the boot the hand was dealt at, not the table's: under `4x_boot` four times it (the
/// header read `boot 1` while the deal line said `paid the boot of 4`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_message_shows_the_boot_of_its_deal() {
    let w = World::start().await;
    let [a, b] = w.users(["asha", "bilal"]);
    // Variant 15 is 4x_boot (`Variant::ALL` order).
    let hand = w.open_and_start(&[a, b], json!({"boot": 1, "variant": 15})).await;
    let text = render_message(&hand);
    assert!(text.contains("paid the boot of 4") && text.contains("· boot 4"), "{text}");
    w.fake.assert_no_violations();
}
