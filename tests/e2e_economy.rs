//! The server's economy end to end (issue 18): a hand exported by `/history hand:N` and replayed by
//! `teenpatti-bot replay` to the same result; `/give` and each of its refusals; bet caps; seasons.

use serde_json::{json, Value};
use support::e2e_on_both_backends;
use support::world::{hand_id_of, World};

fn bot() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"));
    c.env_remove("DISCORD_TOKEN").env_remove("DATABASE_URL").env("NO_COLOR", "1");
    c
}

/// The newest file named `name` the bot uploaded.
fn uploaded(w: &World, name: &str) -> Option<Vec<u8>> {
    w.fake.requests().iter().rev().flat_map(|r| r.files.iter()).find(|f| f.filename == name).map(|f| f.bytes.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_hand_is_exported_and_replays_to_the_same_result() {
    let w = World::start().await;
    let [asha, bilal, chitra] = w.users(["asha", "bilal", "chitra"]);
    let msg = w.open_and_start(&[asha, bilal, chitra], json!({"boot": 5})).await;
    let hand = hand_id_of(&msg);
    // A live hand has no script: it would show every card.
    w.ephemeral_reply(chitra, "history", json!({"hand": hand})).await;
    assert!(uploaded(&w, &format!("hand-{hand}.tp")).is_none(), "a live hand was exported");

    // Play it out: a round of blind bets, a pack, then a show between the two left.
    for label in ["Blind", "Blind", "Blind", "Pack", "Show"] {
        let mut acted = false;
        for u in [asha, bilal, chitra] {
            if w.click(u, label).await.accepted() {
                acted = true;
                break;
            }
        }
        assert!(acted, "nobody could press {label}:\n{}", w.transcript());
    }
    w.wait_hand_over(hand).await;

    let text = w.ephemeral_reply(chitra, "history", json!({"hand": hand})).await;
    let script = uploaded(&w, &format!("hand-{hand}.tp")).unwrap_or_else(|| panic!("no script attached: {text}"));
    let script = String::from_utf8(script).unwrap();
    assert!(script.contains(&format!("hand #{hand}")) && !script.contains("\nseed"), "{script}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hand.tp");
    std::fs::write(&file, &script).unwrap();
    let out = bot().args(["replay", "--json"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let replay: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(replay["rejected"], json!([]), "{script}");

    let record = w.record(hand).await;
    let seat_names = replay["players"].as_array().unwrap().clone();
    let winners: Vec<u64> = replay["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| record.summary.users[seat_names.iter().position(|n| n == name).unwrap()].get())
        .collect();
    assert_eq!(winners, record.summary.winners.iter().map(|u| u.get()).collect::<Vec<_>>(), "{script}");
    assert_eq!(replay["pot"].as_i64(), Some(record.summary.pot), "{script}");
    let nets = w.store().await.hand_nets(record.summary.id).await.unwrap();
    for (seat, name) in seat_names.iter().enumerate() {
        let user = record.summary.users[seat];
        let ledger = nets.iter().find(|(u, _)| *u == user).map_or(0, |(_, n)| *n);
        assert_eq!(replay["net"][name.as_str().unwrap()].as_i64(), Some(ledger), "{name}: {script}");
    }
    w.assert_audit().await;
}

/// A snowflake for an account made `days_ago` days ago.
fn snowflake_days_ago(days_ago: u64) -> u64 {
    let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
    (now_ms - teenpatti::ids::DISCORD_EPOCH_MS - days_ago * 86_400_000) << 22
}

fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

async fn a_transfer_and_each_of_its_refusals(w: World) {
    let [asha, bilal] = w.users(["asha", "bilal"]);
    let boss = w.fake.add_admin("boss");
    // An account made two days ago, in the server since 2024; an old account that joined an hour ago; someone
    // who is not in the server.
    let newbie = w.fake.add_user_as("newbie", snowflake_days_ago(2), Some(1_704_067_200), false);
    let joiner = w.fake.add_user_as("joiner", snowflake_days_ago(900), Some(now_unix() - 3600), false);
    let stranger = w.fake.add_user_as("stranger", snowflake_days_ago(800), None, false);
    let start = w.balance(asha).await;

    let given = w.public_reply(asha, "give", json!({"user": bilal, "amount": 100})).await;
    assert!(given.content.contains(&format!("<@{asha}> gave <@{bilal}> **100** chips")), "{}", given.content);
    assert_eq!(w.balances(&[asha, bilal]).await, vec![start - 100, start + 100]);
    let ledger = w.ephemeral_reply(bilal, "ledger", json!({})).await;
    assert!(ledger.lines().nth(1).is_some_and(|l| l.contains("transfer") && l.contains("+100")), "{ledger}");

    let refused = |user: u64, to: u64, amount: i64| {
        let w = &w;
        async move { w.ephemeral_reply(user, "give", json!({"user": to, "amount": amount})).await }
    };
    let r = refused(asha, asha, 10).await;
    assert!(r.contains("yourself"), "{r}");
    // Discord checks the option's minimum; a client that does not (or a forged payload) gets what is wrong.
    let r = refused(asha, bilal, -5).await;
    assert!(r.contains("Give a positive amount") && !r.contains("non-zero"), "{r}");
    let r = refused(asha, newbie, 10).await;
    assert!(r.contains(&format!("<@{newbie}>'s Discord account is younger than 7 days")), "{r}");
    assert!(r.contains("give_min_account_days"), "{r}");
    let r = refused(newbie, asha, 10).await;
    assert!(r.contains("Your Discord account is younger than 7 days"), "{r}");
    let r = refused(asha, joiner, 10).await;
    assert!(r.contains(&format!("<@{joiner}> joined this server less than 24 hours ago")), "{r}");
    let r = refused(joiner, asha, 10).await;
    assert!(r.contains("You joined this server less than 24 hours ago") && r.contains("give_min_member_hours"), "{r}");
    let r = refused(asha, stranger, 10).await;
    assert!(r.contains("is not a member of this server"), "{r}");
    let r = refused(asha, w.fake.application_id(), 10).await;
    assert!(r.contains("Bots and computer players"), "{r}");
    let r = refused(asha, bilal, 5_000).await;
    assert!(r.contains(&format!("You have only {} chips", start - 100)), "{r}");

    // The daily cap counts the last 24 hours' gifts.
    w.ephemeral_reply(boss, "config set", json!({"option": "give_daily_cap", "value": "300"})).await;
    w.public_reply(asha, "give", json!({"user": bilal, "amount": 150})).await;
    let r = refused(asha, bilal, 100).await;
    assert!(
        r.contains("You can give 50 more chips in the next 24 hours") && r.contains("give_daily_cap is 300"),
        "{r}"
    );
    // A fee goes to the house.
    w.ephemeral_reply(boss, "config set", json!({"option": "give_fee_percent", "value": "10"})).await;
    let house = w.store().await.balance(w.guild(), teenpatti::ids::UserId::HOUSE).await.unwrap();
    let fee = w.public_reply(asha, "give", json!({"user": bilal, "amount": 50})).await;
    assert!(fee.content.contains("**45** chips; 5 went to the house"), "{}", fee.content);
    assert_eq!(w.balances(&[asha, bilal]).await, vec![start - 300, start + 295]);
    let house_now = w.store().await.balance(w.guild(), teenpatti::ids::UserId::HOUSE).await.unwrap();
    assert_eq!(house_now, house + 5);
    let ledger = w.ephemeral_reply(asha, "ledger", json!({})).await;
    assert!(ledger.lines().nth(1).is_some_and(|l| l.contains("transfer fee") && l.contains("-5")), "{ledger}");
    // Transfers off.
    w.ephemeral_reply(boss, "config set", json!({"option": "give_daily_cap", "value": "0"})).await;
    let r = refused(bilal, asha, 1).await;
    assert!(r.contains("Transfers are off") && r.contains("give_daily_cap is 0"), "{r}");

    // The account-age gate of /daily.
    w.ephemeral_reply(boss, "config set", json!({"option": "daily_min_account_days", "value": "30"})).await;
    let r = w.ephemeral_reply(newbie, "daily", json!({})).await;
    assert!(r.contains("younger than 30 days") && r.contains("daily_min_account_days"), "{r}");
    let r = w.ephemeral_reply(asha, "daily", json!({})).await;
    assert!(r.contains("You claimed"), "{r}");
    let view = w.ephemeral_reply(boss, "config view", json!({})).await;
    assert!(view.contains("`give_fee_percent` = 10") && view.contains("`daily_min_account_days` = 30"), "{view}");
    w.assert_audit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bets_over_the_servers_caps_are_refused() {
    let w = World::start().await;
    let [asha, bilal] = w.users(["asha", "bilal"]);
    let boss = w.fake.add_admin("boss");
    w.ephemeral_reply(boss, "config set", json!({"option": "max_boot", "value": "50"})).await;
    w.ephemeral_reply(boss, "config set", json!({"option": "max_bet", "value": "40"})).await;
    let r = w.slash(asha, "table open", json!({"boot": 60})).await;
    assert!(r.ephemeral && r.content.contains("caps the boot at 50 chips"), "{r:?}");
    let r = w.slash(asha, "table open", json!({"boot": 25})).await;
    assert!(r.ephemeral && r.content.contains("caps a single bet at 40 chips"), "{r:?}");
    w.open_and_start(&[asha, bilal], json!({"boot": 10})).await;
    assert_eq!(w.table().await.rules.chaal_limit, Some(40));
    // Blind, the first to act may bet at most half the cap; seen, at most the cap.
    let mut refused = Vec::new();
    for user in [asha, bilal] {
        refused.push(w.slash(user, "bet", json!({"amount": 100})).await.content);
    }
    assert!(refused.iter().any(|r| r.contains("A bet must be from 10 to 20")), "{refused:?}");
    w.assert_audit().await;
}

async fn a_season_rolls_over_with_its_board_posted_and_balances_carried_or_reset(w: World) {
    let [asha, bilal] = w.users(["asha", "bilal"]);
    let boss = w.fake.add_admin("boss");
    let hall = w.fake.add_channel("hall-of-fame");
    w.public_reply(boss, "grant", json!({"user": asha, "amount": 500})).await;
    w.balance(bilal).await;

    // Carried over, the board posted in the chosen channel.
    w.ephemeral_reply(boss, "config set", json!({"option": "season_channel", "value": format!("<#{hall}>")})).await;
    let said = w.ephemeral_reply(boss, "season new", json!({})).await;
    assert!(said.contains(&format!("Season 1's final leaderboard is posted in <#{hall}>")), "{said}");
    let posted = w.fake.channel_messages(hall);
    let board = posted.last().and_then(|m| m["content"].as_str()).unwrap_or_default().to_string();
    assert!(board.starts_with("**Season 1 is over.**"), "{board}");
    let first = board.lines().nth(1).unwrap_or_default();
    assert!(first.contains(&format!("<@{asha}>")) && first.contains("1500"), "{board}");
    assert!(board.contains("Season 2 begins now: every balance carries over"), "{board}");
    // Nobody on the board is pinged.
    let path = format!("/channels/{hall}/messages");
    let requests = w.fake.requests();
    let post = requests.iter().rev().find(|r| r.method == "POST" && r.path == path).expect("the board's request");
    let body = post.body.clone().unwrap_or_default();
    assert_eq!(body["allowed_mentions"]["parse"], json!([]), "{body}");
    assert_eq!(w.balances(&[asha, bilal]).await, vec![1500, 1000]);
    let kept = w.public_reply(bilal, "leaderboard", json!({"season": 1})).await.content;
    assert!(kept.contains("**Season 1**") && kept.contains(first), "{kept}");

    // Reset, the board said here.
    w.ephemeral_reply(boss, "config set", json!({"option": "season_channel", "value": "none"})).await;
    w.ephemeral_reply(boss, "config set", json!({"option": "season_reset", "value": "reset"})).await;
    let said = w.public_reply(boss, "season new", json!({})).await.content;
    assert!(said.starts_with("**Season 2 is over.**"), "{said}");
    assert!(said.contains("Season 3 begins now: every balance is back to 1000 chips (1 changed)"), "{said}");
    assert_eq!(w.balances(&[asha, bilal]).await, vec![1000, 1000]);
    let ledger = w.ephemeral_reply(asha, "ledger", json!({})).await;
    assert!(ledger.lines().nth(1).is_some_and(|l| l.contains("season reset") && l.contains("-500")), "{ledger}");
    let r = w.ephemeral_reply(bilal, "leaderboard", json!({"season": 3})).await;
    assert!(r.contains("Season 3 is still in play"), "{r}");
    let r = w.ephemeral_reply(bilal, "leaderboard", json!({"season": 9})).await;
    assert!(r.contains("no season 9"), "{r}");
    // Only Manage Server starts a season.
    let r = w.slash(asha, "season new", json!({})).await;
    assert!(r.ephemeral, "{r:?}");
    assert_eq!(w.store().await.current_season(w.guild()).await.unwrap().0, 3);
    w.assert_audit().await;
}

// Declared on both backends (`sqlite::name`, `postgres::name`; CI requires the PostgreSQL server).
e2e_on_both_backends!(
    a_transfer_and_each_of_its_refusals: support::world::NO_AUTO_DEAL,
    a_season_rolls_over_with_its_board_posted_and_balances_carried_or_reset: support::world::NO_AUTO_DEAL,
);
