//! Sit-and-go tournaments end to end (issue 18): the real bot against the local Discord stand-in. A four-player
//! tournament registers (each buy-in into the pool), plays with tournament chips under a rising boot until one
//! player is left, pays the pool 65/35 and posts the results; one is killed (SIGKILL) mid-hand and resumed by the
//! restarted process; and cancelled ones give every buy-in back, registering or mid-hand. The books are audited
//! after each.

use std::time::Duration;
use support::e2e_on_both_backends;

use serde_json::{json, Value};
use support::world::{hand_id_of, is_hand_message, is_over, World};
use teenpatti::ids::{TournamentId, UserId};

const START: i64 = 1000;

/// The newest channel message whose content has `needle`.
fn said(w: &World, needle: &str) -> Option<String> {
    w.fake
        .channel_messages(w.channel)
        .iter()
        .rev()
        .filter_map(|m| m["content"].as_str().map(str::to_string))
        .find(|c| c.contains(needle))
}

/// The newest hand message, if any.
fn newest_hand(w: &World) -> Option<Value> {
    w.fake.channel_messages(w.channel).into_iter().rev().find(is_hand_message)
}

/// The boot a hand message shows in its header (`… · boot N`) and the boot its deal line says was paid
/// (`… paid the boot of N …`): a tournament hand's header used to show the table's first boot at every level.
fn boots_shown(hand: &serde_json::Value) -> (Option<u64>, Option<u64>) {
    let text = hand.to_string();
    let grab = |pattern: &str| {
        let re = regex::Regex::new(pattern).unwrap();
        re.captures(&text).and_then(|c| c[1].parse().ok())
    };
    (grab(r"· boot (\d+)"), grab(r"paid the boot of (\d+)"))
}

/// Plays hands until the tournament's results are posted: in each hand, the players press Pack one after
/// another until one is left (who wins the boots). Returns the results message, and the boots the hands were
/// dealt at, in order (each hand's header checked against its deal line).
async fn play_out(w: &World, players: &[u64], number: i64) -> (String, Vec<u64>) {
    let over = format!("Tournament #{number} is over");
    let mut boots: Vec<(i64, u64)> = Vec::new();
    for _ in 0..200 {
        if let Some(text) = said(w, &over) {
            return (text, boots.into_iter().map(|(_, b)| b).collect());
        }
        let Some(hand) = newest_hand(w) else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let id = hand_id_of(&hand);
        if boots.last().is_none_or(|&(h, _)| h != id) {
            let (header, paid) = boots_shown(&hand);
            assert!(header.is_some() && header == paid, "hand #{id}: header boot {header:?}, paid {paid:?}:\n{hand}");
            boots.push((id, header.unwrap_or(0)));
        }
        if !is_over(&hand) {
            for &p in players {
                let m = newest_hand(w).unwrap();
                if is_over(&m) {
                    break;
                }
                if support::world::button_label(&m, "Pack").is_some() {
                    let _ = w.click(p, "Pack").await;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the tournament never ended:\n{}", w.transcript())
}

async fn pool(w: &World, number: i64) -> i64 {
    w.store().await.balance(w.guild(), UserId::pool(TournamentId(number))).await.unwrap()
}

async fn four_players_play_a_tournament_to_the_end_and_the_pool_is_paid(w: World) {
    let players = w.users(["asha", "bilal", "chen", "dev"]);
    let host = w.fake.add_user("host");
    let open = w
        .public_reply(
            host,
            "tournament open",
            json!({"buy_in": 100, "seats": 4, "stack": 100, "boots": "10,20,40", "every_hands": 1}),
        )
        .await;
    assert!(open.content.contains("**Tournament #1**") && open.content.contains("10 → 20 → 40"), "{}", open.content);
    assert!(open.content.contains("65% / 35%"), "{}", open.content);
    // A table cannot open in its channel meanwhile.
    let r = w.slash(host, "table open", json!({})).await;
    assert!(r.content.contains("Tournament #1 is registering or playing"), "{r:?}");
    for (k, &p) in players.iter().enumerate() {
        let r = w.public_reply(p, "tournament register", json!({})).await;
        assert!(r.content.contains(&format!("({} of 4; prize pool {} chips)", k + 1, 100 * (k + 1))), "{}", r.content);
        if k == 0 {
            let again = w.ephemeral_reply(p, "tournament register", json!({})).await;
            assert!(again.contains("registered already"), "{again}");
        }
    }
    assert_eq!(pool(&w, 1).await, 400);
    assert_eq!(w.balances(&players).await, vec![START - 100; 4]);
    // Full: the table deals by itself, with tournament chips (the wallets stay where the buy-ins left them).
    let first = w.wait_new_hand(&[]).await;
    assert!(first.to_string().contains("4 players paid the boot of 10 (pot 40)"), "{first}");
    let r = w.slash(players[0], "table leave", json!({})).await;
    assert!(r.content.contains("plays tournament #1"), "{r:?}");

    let (results, boots) = play_out(&w, &players, 1).await;
    // One level a hand: 10, 20, then 40 for the rest.
    assert_eq!(&boots[..3.min(boots.len())], &[10, 20, 40][..3.min(boots.len())], "{boots:?}");
    assert!(boots.len() >= 2, "the tournament played at more than one level: {boots:?}");
    let lines: Vec<&str> = results.lines().collect();
    assert!(lines[1].starts_with("1. ") && lines[1].contains("prize 260"), "{results}");
    assert!(lines[2].starts_with("2. ") && lines[2].contains("prize 140"), "{results}");
    assert!(lines[3].contains("prize 0") && lines[4].contains("prize 0"), "{results}");
    assert!(said(&w, "Out of the tournament").is_some(), "knock-outs are said");
    let winner = players.iter().copied().find(|p| lines[1].contains(&format!("<@{p}>"))).unwrap();
    let second = players.iter().copied().find(|p| lines[2].contains(&format!("<@{p}>"))).unwrap();
    for &p in &players {
        let expected = START - 100
            + if p == winner {
                260
            } else if p == second {
                140
            } else {
                0
            };
        assert_eq!(w.balance(p).await, expected, "<@{p}>");
    }
    assert_eq!(pool(&w, 1).await, 0, "the pool is paid out");
    let ledger = w.ephemeral_reply(winner, "ledger", json!({})).await;
    assert!(ledger.lines().nth(1).is_some_and(|l| l.contains("tournament prize") && l.contains("+260")), "{ledger}");
    let stats = w.ephemeral_reply(winner, "stats", json!({})).await;
    assert!(stats.contains("Tournaments: **1** played, **1** won, prizes **260** chips"), "{stats}");
    // The tournament's hands are this server's to look at.
    let hand = hand_id_of(&first);
    let history = w.ephemeral_reply(host, "history", json!({"hand": hand})).await;
    assert!(history.contains(&format!("#{hand}")), "{history}");
    // Its table is closed: a table opens here again.
    let r = w.slash(host, "table open", json!({})).await;
    assert!(!r.ephemeral, "{r:?}");
    w.assert_audit().await;
}

async fn a_tournament_killed_mid_hand_resumes_after_a_restart(mut w: World) {
    let players = w.users(["asha", "bilal", "chen", "dev"]);
    w.public_reply(
        players[0],
        "tournament open",
        json!({"buy_in": 50, "seats": 4, "stack": 60, "boots": "10,20", "every_hands": 2}),
    )
    .await;
    for &p in &players {
        w.public_reply(p, "tournament register", json!({})).await;
    }
    let first = w.wait_new_hand(&[]).await;
    let hand = hand_id_of(&first);
    // Someone packs, then the process dies with the hand in play.
    let mut packed = None;
    for &p in &players {
        if w.click(p, "Pack").await.accepted() {
            packed = Some(p);
            break;
        }
    }
    assert!(packed.is_some(), "nobody could pack:\n{}", w.transcript());
    let before = w.actions(hand).await;
    w.restart().await;
    assert_eq!(w.actions(hand).await, before, "the hand's actions survive the kill");
    assert!(w.live_hands().await.contains(&hand), "the hand is resumed, not refunded");
    let (results, _) = play_out(&w, &players, 1).await;
    assert!(results.contains("prize 130") && results.contains("prize 70"), "65/35 of 200: {results}");
    assert_eq!(pool(&w, 1).await, 0);
    let total: i64 = w.balances(&players).await.iter().sum();
    assert_eq!(total, 4 * START, "every buy-in went into the prizes");
    w.assert_audit().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_tournament_refunds_every_buy_in() {
    let w = World::start_with_break(Duration::from_millis(150)).await;
    let [asha, bilal, chen] = w.users(["asha", "bilal", "chen"]);
    let boss = w.fake.add_admin("boss");
    // Registering: two of four seats taken, one taken back.
    w.public_reply(asha, "tournament open", json!({"buy_in": 200, "seats": 4})).await;
    for p in [asha, bilal, chen] {
        w.public_reply(p, "tournament register", json!({})).await;
    }
    let r = w.public_reply(chen, "tournament unregister", json!({})).await;
    assert!(r.content.contains("the buy-in of 200 chips went back"), "{}", r.content);
    assert_eq!(w.balances(&[asha, bilal, chen]).await, vec![800, 800, 1000]);
    let r = w.ephemeral_reply(bilal, "tournament cancel", json!({}));
    assert!(r.await.contains("Only <@"), "only its opener or Manage Server cancels");
    let r = w.public_reply(asha, "tournament cancel", json!({})).await;
    assert!(r.content.contains("went back to each of its 2 players"), "{}", r.content);
    assert_eq!(w.balances(&[asha, bilal, chen]).await, vec![START; 3]);
    assert_eq!(pool(&w, 1).await, 0);

    // Running, mid-hand: cancelled by an admin; the table closes, the hand is refunded in tournament chips.
    w.public_reply(bilal, "tournament open", json!({"buy_in": 300, "seats": 2})).await;
    for p in [bilal, chen] {
        w.public_reply(p, "tournament register", json!({})).await;
    }
    let hand = hand_id_of(&w.wait_new_hand(&[]).await);
    for p in [bilal, chen] {
        let _ = w.click(p, "Blind").await;
    }
    let r = w.public_reply(boss, "tournament cancel", json!({})).await;
    assert!(r.content.contains("Tournament #2 was cancelled") && r.content.contains("its 2 players"), "{}", r.content);
    assert_eq!(w.balances(&[asha, bilal, chen]).await, vec![START; 3]);
    assert_eq!(pool(&w, 2).await, 0);
    assert!(!w.live_hands().await.contains(&hand), "the hand in play was refunded");
    let r = w.ephemeral_reply(chen, "tournament status", json!({})).await;
    assert!(r.contains("no tournament"), "{r}");
    w.assert_audit().await;
}

// Declared on both backends (`sqlite::name`, `postgres::name`; CI requires the PostgreSQL server).
e2e_on_both_backends!(
    four_players_play_a_tournament_to_the_end_and_the_pool_is_paid: std::time::Duration::from_millis(150),
    a_tournament_killed_mid_hand_resumes_after_a_restart: std::time::Duration::from_millis(150),
);
