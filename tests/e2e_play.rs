//! End-to-end play scenarios: the real `teenpatti-bot` binary against the local
//! Discord stand-in (tests/support), one bot process and one SQLite file per test.
//! Privacy of cards, sideshows accepted and denied, the turn timer, refused
//! clicks (out of turn, not seated, stale, forged, double) and a restart in the
//! middle of a hand.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};
use support::e2e_on_both_backends;

use regex::Regex;
use serde_json::{json, Value};
use support::privacy::{CardFinder, Privacy};
use support::world::{
    custom_id, hand_id_of, id_of, labels, render_message, wait_until, World, CALLBACK, FOLLOW_UP, POST_MESSAGE, T,
};
use teenpatti::engine::{evaluate, Action, Card};

// ---------------------------------------------------------------- helpers

/// The `<t:N:R>` deadline shown on a hand message.
fn deadline_of(msg: &Value) -> Option<i64> {
    let re = Regex::new(r"<t:(\d+):R>").unwrap();
    re.captures(&render_message(msg)).and_then(|c| c[1].parse().ok())
}

/// A refused click: an ephemeral type-4 reply, and nothing else.
fn assert_refused(r: &support::InteractionResponse, what: &str) {
    assert_eq!(r.kind, 4, "{what} was not refused: {r:?}");
    assert!(r.ephemeral, "{what}: the refusal is not ephemeral: {r:?}");
    assert!(!r.content.is_empty(), "{what}: empty refusal");
    assert!(r.components.is_empty() && r.embeds.is_empty(), "{what}: {r:?}");
}

fn calls(list: &[(&str, usize)]) -> std::collections::BTreeMap<String, usize> {
    list.iter().map(|(r, n)| (r.to_string(), *n)).collect()
}

fn pretty(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.pretty()).collect()
}

fn assert_has_cards(text: &str, cards: &[Card], hand_id: i64, link: &str) {
    for c in pretty(cards) {
        assert!(text.contains(&c), "{c} missing from {text:?}");
    }
    assert!(text.contains(&format!("hand #{hand_id}")), "no hand number in {text:?}");
    assert!(text.contains(link), "no link back to the table ({link}) in {text:?}");
}

#[test]
fn card_finder_reads_every_card_format() {
    let cards = teenpatti::engine::cards::parse_cards("As 10h 2c").unwrap();
    let f = CardFinder::new(&cards);
    let none = HashSet::new();
    assert_eq!(f.find("**A♠ 9♠ 7♠**", &none), vec![cards[0]]);
    assert_eq!(f.find("Your cards: 10♥, K♦", &none), vec![cards[1]]);
    assert_eq!(f.find("cards=[\"As\", \"Kd\"]", &none), vec![cards[0]]);
    assert_eq!(f.find("Th 2c", &none), vec![cards[1], cards[2]]);
    assert_eq!(f.find(&format!("{:?}", cards[2]), &none), vec![cards[2]]);
    assert!(f.find("60s per turn · tp:1:2:3:bet:2 · <@12> Has 2 chips · 110h", &none).is_empty());
    assert!(f.find("A♠", &cards.iter().copied().collect()).is_empty());
}

// ---------------------------------------------------------------- scenario 2: privacy

/// Four players: one packs blind, three see, a sideshow is accepted, a show
/// ends the hand. No card reaches anyone who may not know it, at any step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cards_reach_only_the_players_who_may_see_them() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen", "dev"]);
    let [a, b, c, d] = players;
    let g = w.fake.guild_id();
    let hand_msg = w.open_and_start(&players, json!({"boot": 1})).await;
    let hand_id = hand_id_of(&hand_msg);
    let link = format!("https://discord.com/channels/{g}/{}/{}", w.channel, hand_msg["id"].as_str().unwrap());
    let dealt = w.hand_from_db(hand_id).await;
    let (users, cards) = (dealt.users, dealt.cards);
    assert_eq!(users, players.to_vec());
    let dealt: Vec<Card> = cards.concat();
    assert_eq!(dealt.len(), 12);
    let mut p = Privacy::for_hand(&w, &players, &cards);
    p.check(&w, "deal");

    // A bet costs one API call: the interaction response that updates the hand message.
    let since = Instant::now();
    w.act(a, "Blind 1").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(w.fake.calls_by_route(since), calls(&[(CALLBACK, 1)]));
    p.check(&w, "asha bets blind");

    // Bilal sees: his cards by DM (hand number, link back) and ephemerally, to him only: three calls.
    let since = Instant::now();
    w.act(b, "See cards").await;
    p.allow(b, &cards[1]);
    let eph = w.wait_ephemeral(b, "Your cards").await;
    assert_has_cards(&eph, &cards[1], hand_id, &link);
    let dm = w.wait_dm(b, "Your cards").await;
    assert_has_cards(&dm, &cards[1], hand_id, &link);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(w.fake.calls_by_route(since), calls(&[(CALLBACK, 1), (FOLLOW_UP, 1), (POST_MESSAGE, 1)]));
    p.check(&w, "bilal sees");
    w.act(b, "Chaal 2").await;
    p.check(&w, "bilal bets");

    // Chen packs without ever looking.
    w.act(c, "Pack").await;
    p.check(&w, "chen packs blind");

    w.act(d, "See cards").await;
    p.allow(d, &cards[3]);
    assert_has_cards(&w.wait_ephemeral(d, "Your cards").await, &cards[3], hand_id, &link);
    assert_has_cards(&w.wait_dm(d, "Your cards").await, &cards[3], hand_id, &link);
    w.act(d, "Chaal 2").await;
    p.check(&w, "dev sees and bets");

    w.act(a, "See cards").await;
    p.allow(a, &cards[0]);
    assert_has_cards(&w.wait_ephemeral(a, "Your cards").await, &cards[0], hand_id, &link);
    p.check(&w, "asha sees");

    // Everyone left has seen: Asha may ask Dev (the previous player, who has bet) for a sideshow.
    let asked = w.act(a, "Sideshow (2)").await;
    let asked_msg = asked.message.unwrap();
    assert!(labels(&asked_msg).contains(&"Accept sideshow".to_string()), "{}", render_message(&asked_msg));
    assert!(asked.content.contains(&format!("<@{d}>")), "{}", asked.content);
    p.check(&w, "asha asks for a sideshow");

    let before: HashMap<u64, (usize, usize)> =
        players.iter().map(|&u| (u, (w.fake.dms(u).len(), w.fake.ephemerals(u).len()))).collect();
    w.act(d, "Accept sideshow").await;
    p.allow(a, &cards[3]);
    p.allow(d, &cards[0]);
    let to_dev = w.wait_ephemeral(d, "Sideshow in hand").await;
    let dm_a = w.wait_dm(a, "Sideshow in hand").await;
    let dm_d = w.wait_dm(d, "Sideshow in hand").await;
    for text in [&to_dev, &dm_a, &dm_d] {
        for card in pretty(&cards[0]).iter().chain(pretty(&cards[3]).iter()) {
            assert!(text.contains(card), "{card} missing from the sideshow result {text:?}");
        }
    }
    p.check(&w, "dev accepts the sideshow");
    // The comparison reached Asha (DM) and Dev (DM + the ephemeral reply to his click), nobody else.
    for u in [b, c] {
        assert_eq!((w.fake.dms(u).len(), w.fake.ephemerals(u).len()), before[&u], "{u} was told about the sideshow");
    }
    assert!(!w.fake.ephemerals(a).iter().any(|m| m.to_string().contains("Sideshow in hand")));

    // The lower hand packed (a tie packs the asker).
    let rules = teenpatti::engine::Rules::default();
    let va = evaluate(&cards[0], &rules, None).unwrap();
    let vd = evaluate(&cards[3], &rules, None).unwrap();
    let (winner, loser) = if va > vd { (0, 3) } else { (3, 0) };
    let hand = w.hand_from_db(hand_id).await.hand;
    assert!(hand.seats()[loser].packed && !hand.seats()[winner].packed);
    assert_eq!(hand.to_act(), Some(1), "play goes on with the player after the asker");

    // Bilal pays for the show against the sideshow's winner; the two hands are shown publicly.
    let end = w.act(b, "Show (2)").await;
    p.allow_public(&cards[1]);
    p.allow_public(&cards[winner]);
    p.check(&w, "show");
    let text = render_message(end.message.as_ref().unwrap());
    for card in pretty(&cards[1]).iter().chain(pretty(&cards[winner]).iter()) {
        assert!(text.contains(card), "the show does not show {card}:\n{text}");
    }

    // The bot's log (info and above, and even teenpatti's debug lines) names no card that was never shown.
    let log = w.bot.log();
    assert!(log.lines().any(|l| l.contains(" INFO ")), "the bot logged nothing at info level:\n{log}");
    for line in log.lines() {
        let leaked = p.finder.find(line, &p.public);
        assert!(leaked.is_empty(), "the bot's log reveals {leaked:?}: {line}");
    }

    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

// ---------------------------------------------------------------- scenario 3: sideshows

/// Three players, all seen. Asha asks Chen: only Chen may answer; he denies
/// and play goes on with Bilal. Bilal asks Asha: she accepts, the two get the
/// comparison by DM, the lower hand packs, play goes on with Chen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sideshow_denied_then_accepted() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let hand_id = hand_id_of(&w.open_and_start(&players, json!({"boot": 1})).await);
    let cards = w.hand_from_db(hand_id).await.cards;

    w.act(a, "Blind 1").await;
    for p in [b, c] {
        w.act(p, "See cards").await;
        w.act(p, "Chaal 2").await;
    }
    w.act(a, "See cards").await;
    let asked = w.act(a, "Sideshow (2)").await;
    let msg = asked.message.unwrap();
    let l = labels(&msg);
    assert!(l.contains(&"Accept sideshow".into()) && l.contains(&"Deny sideshow".into()), "{l:?}");
    assert!(!l.iter().any(|x| x.starts_with("Chaal") || x.starts_with("Blind")), "{l:?}");
    assert!(asked.content.contains(&format!("<@{c}>")), "{}", asked.content);

    // Only the target may answer.
    let state = w.db_state(&players, hand_id).await;
    for (who, label) in [(b, "Accept sideshow"), (a, "Accept sideshow"), (a, "Deny sideshow"), (b, "Deny sideshow")] {
        let r = w.click(who, label).await;
        assert_refused(&r, &format!("{label} by {who}"));
    }
    assert_eq!(w.db_state(&players, hand_id).await, state);
    assert_eq!(w.hand_message(), msg, "a refused click changed the hand message");

    // Denied: nobody packs, nobody learns anything, Bilal (after the asker) plays.
    let denied = w.act(c, "Deny sideshow").await;
    assert!(denied.content.contains(&format!("<@{b}>")), "{}", denied.content);
    assert!(render_message(denied.message.as_ref().unwrap()).contains("refused"));
    let hand = w.hand_from_db(hand_id).await.hand;
    assert!(hand.seats().iter().all(|s| !s.packed));
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(hand.actions().last(), Some(&(2, Action::Deny)));
    for u in players {
        assert!(!w.fake.dms(u).iter().any(|m| m.to_string().contains("Sideshow in hand")), "a DM after a denial");
    }

    // Bilal asks Asha (the previous player); Chen cannot answer for her.
    w.act(b, "Sideshow (2)").await;
    let state = w.db_state(&players, hand_id).await;
    assert_refused(&w.click(c, "Accept sideshow").await, "Accept by a third player");
    assert_eq!(w.db_state(&players, hand_id).await, state);
    w.act(a, "Accept sideshow").await;
    let eph = w.wait_ephemeral(a, "Sideshow in hand").await;
    let dm_a = w.wait_dm(a, "Sideshow in hand").await;
    let dm_b = w.wait_dm(b, "Sideshow in hand").await;
    for text in [&eph, &dm_a, &dm_b] {
        for card in pretty(&cards[0]).iter().chain(pretty(&cards[1]).iter()) {
            assert!(text.contains(card), "{card} missing from {text:?}");
        }
    }
    assert!(!w.fake.dms(c).iter().chain(w.fake.ephemerals(c).iter()).any(|m| m.to_string().contains("Sideshow in")));
    assert!(!w.fake.ephemerals(b).iter().any(|m| m.to_string().contains("Sideshow in")));

    // The lower hand packs; a tie packs the asker (Bilal).
    let rules = teenpatti::engine::Rules::default();
    let (va, vb) = (evaluate(&cards[0], &rules, None).unwrap(), evaluate(&cards[1], &rules, None).unwrap());
    let loser = if vb > va { 0 } else { 1 };
    let hand = w.hand_from_db(hand_id).await.hand;
    assert!(hand.seats()[loser].packed, "seat {loser} should have packed ({va:?} vs {vb:?})");
    assert!(!hand.seats()[1 - loser].packed && !hand.seats()[2].packed);
    assert_eq!(hand.to_act(), Some(2), "play goes on with the player after the asker");
    let text = w.transcript();
    assert!(text.contains(&format!("<@{}> lost the sideshow and packed", players[loser])), "{text}");

    // Chen shows the remaining hand; the hand ends and no chip is lost.
    w.act(c, "Show (2)").await;
    let hand = w.hand_from_db(hand_id).await.hand;
    assert!(hand.is_over());
    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

// ---------------------------------------------------------------- scenario 5: the turn timer

/// turn_seconds 10, two players: a silent player packs at the deadline (the
/// hand message is edited), twice in a row sits them out, "I'm back" brings
/// them back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_player_times_out_then_sits_out_until_back() {
    let w = World::start_with_break(Duration::from_millis(300)).await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let first = w.open_and_start(&players, json!({"boot": 1, "turn_seconds": 10})).await;
    let dealt_at = Instant::now();
    let h1 = hand_id_of(&first);
    assert_eq!(w.table().await.turn_seconds, 10);
    let table = w.table_id().await;
    assert!(first["content"].as_str().unwrap_or_default().contains(&format!("<@{a}>")));
    let deadline = deadline_of(&first).expect("the hand message shows the deadline");
    let now = teenpatti::clock::now_unix();
    assert!((now + 8..=now + 11).contains(&deadline), "deadline {deadline}, now {now}");

    // Asha says nothing: at the deadline the timer packs her and edits the hand message.
    let msg_id = id_of(&first);
    let patch = w
        .fake
        .wait_for_request(
            |r| r.method == "PATCH" && r.path.ends_with(&format!("/messages/{msg_id}")),
            Duration::from_secs(20),
        )
        .await
        .expect("the hand message was not edited at the deadline");
    let waited = patch.at.duration_since(dealt_at);
    assert!(waited >= Duration::from_millis(9500) && waited <= Duration::from_secs(15), "timed out after {waited:?}");
    assert_eq!(w.actions(h1).await, vec![(0, Action::Timeout)]);
    let edited = w.message(&msg_id);
    let text = render_message(&edited);
    assert!(text.contains(&format!("<@{a}> ran out of time and packed")), "{text}");
    assert!(text.contains(&format!("<@{b}> wins")), "{text}");
    assert_eq!(w.seat_timeouts(table).await, vec![(1, false), (0, false)]);

    // The next hand comes by itself; Bilal (after the new dealer) bets, Asha is silent again.
    let second = w.wait_new_hand(std::slice::from_ref(&msg_id)).await;
    let h2 = hand_id_of(&second);
    assert_eq!(h2, h1 + 1);
    assert!(second["content"].as_str().unwrap_or_default().contains(&format!("<@{b}>")), "{second}");
    w.act(b, "Blind 1").await;
    let bet_at = Instant::now();
    let id2 = id_of(&second);
    wait_until_async(&w, Duration::from_secs(20), || async { w.actions(h2).await.len() == 2 }).await;
    assert!(bet_at.elapsed() >= Duration::from_millis(9000), "timed out after {:?}", bet_at.elapsed());
    assert_eq!(w.actions(h2).await, vec![(1, Action::Bet(1)), (0, Action::Timeout)]);
    wait_until("the second timeout on the hand message", || {
        w.fake
            .channel_messages(w.channel)
            .iter()
            .any(|m| m["id"] == id2.as_str() && render_message(m).contains("ran out of time"))
    })
    .await;

    // Two timeouts in a row: Asha sits out, so no hand is dealt (one player left).
    assert_eq!(w.seat_timeouts(table).await, vec![(2, true), (0, false)]);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let hands = w.hand_count().await;
    assert_eq!(hands, 2, "a hand was dealt with a player sitting out:\n{}", w.transcript());

    // "I'm back": she is seated again and dealt in.
    let back = w.click(a, "I'm back").await;
    assert_eq!(back.kind, 7, "{back:?}");
    let still = w.message(&id2);
    assert_eq!(
        hand_id_of(&still),
        h2,
        "I'm back turned the hand message into something else:\n{}",
        render_message(&still)
    );
    assert!(w.wait_ephemeral(a, "Welcome back").await.contains("next hand"));
    let third = w.wait_new_hand(&[msg_id, id2]).await;
    let h3 = hand_id_of(&third);
    let users = w.hand_from_db(h3).await.users;
    assert_eq!(users, vec![a, b]);
    assert_eq!(w.seat_timeouts(table).await, vec![(0, false), (0, false)]);
    let r = w.click(a, "I'm back").await;
    assert_refused(&r, "I'm back when not sitting out");

    // Close the table so no timer runs on; chips are whole.
    let closed = w.slash(a, "table close", json!({})).await;
    assert!(closed.content.contains("closed"), "{closed:?}");
    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

async fn wait_until_async<F, Fut>(w: &World, timeout: Duration, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + timeout;
    while !f().await {
        assert!(tokio::time::Instant::now() < deadline, "timed out:\n{}", w.transcript());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

// ---------------------------------------------------------------- scenario 6: refused clicks

/// Out of turn, not seated, stale buttons, forged custom_ids and a double
/// click: each refused (or applied once), nothing else changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_clicks_change_nothing() {
    let w = World::start_with_break(Duration::from_millis(300)).await;
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let zed = w.fake.add_user("zed");
    let msg = w.open_and_start(&players, json!({"boot": 1})).await;
    let h1 = hand_id_of(&msg);
    let table = w.table_id().await;
    let everyone = [a, b, c, zed];

    // Refused clicks on the hand message while it is Asha's turn (seq 0).
    let check_refused = |user: u64, id: String, what: &'static str| {
        let w = &w;
        async move {
            let msg = w.hand_message();
            let before = w.db_state(&everyone, hand_id_of(&msg)).await;
            let r = w.fake.click_custom(user, &msg, &id).await.response(T).await;
            assert_refused(&r, &format!("{what} ({id} by {user})"));
            assert_eq!(w.db_state(&everyone, hand_id_of(&msg)).await, before, "{what} changed the db");
            let now = w.message(&id_of(&msg));
            assert_eq!(now, msg, "{what} changed the hand message");
            r.content
        }
    };
    let blind = custom_id(&msg, "Blind 1");
    let raise = custom_id(&msg, "Raise 2");
    let t = check_refused(b, blind.clone(), "out of turn").await;
    assert!(t.to_lowercase().contains("turn"), "{t}");
    check_refused(c, raise.clone(), "out of turn raise").await;
    for label in ["Blind 1", "See cards", "Pack"] {
        let t = check_refused(zed, custom_id(&msg, label), "not seated").await;
        assert!(t.contains("not playing"), "{t}");
    }
    check_refused(zed, custom_id(&msg, "Leave"), "leave when not seated").await;
    check_refused(zed, custom_id(&msg, "I'm back"), "back when not seated").await;
    check_refused(b, format!("tp:{table}:0:0:start"), "start by a non-opener while a hand is on").await;
    let t = check_refused(a, format!("tp:{table}:{h1}:0:cards"), "my cards while blind").await;
    assert!(t.contains("blind"), "{t}");

    // Forged custom_ids, some with Asha's own turn and seq.
    for id in [
        "tp:1:1:0:bet:999999999999".to_string(),
        format!("tp:{table}:{h1}:0:bet:999999999999"),
        format!("tp:{table}:{h1}:0:bet:18446744073709551615"),
        format!("tp:{table}:{h1}:0:bet:18446744073709551616"),
        format!("tp:{table}:{h1}:0:bet:-5"),
        format!("tp:{table}:{h1}:0:bet:0"),
        format!("tp:{table}:{h1}:0:bet:3"),
        format!("tp:{table}:{h1}:0:bet:1.5"),
        format!("tp:{table}:{h1}:0:bet"),
        format!("tp:{table}:{h1}:0:show"),
        format!("tp:{table}:{h1}:0:side"),
        format!("tp:{table}:{h1}:0:accept"),
        format!("tp:{table}:{h1}:0:deny"),
        format!("tp:{table}:{h1}:0:fold"),
        format!("tp:{table}:{h1}:0:see:9"),
        format!("tp:{table}:{h1}:1:bet:1"),
        format!("tp:{table}:{}:0:bet:1", h1 + 1),
        format!("tp:{table}:0:0:bet:1"),
        format!("tp:{table}:-1:0:see"),
        format!("tp:{}:{h1}:0:see", table + 1000),
        format!("tp:0:{h1}:0:see"),
        format!("tp:{table}:{h1}:0:see:{}", "9".repeat(120)),
        "garbage".to_string(),
        "tp".to_string(),
        "tp:::::".to_string(),
        String::new(),
        "tp:1:1:0:bet:1; DROP TABLE ledger".to_string(),
    ] {
        check_refused(a, id, "forged custom_id").await;
    }
    assert!(!w.table_exists(table + 1000).await);

    // Double click: two concurrent clicks of Asha's "Blind 1": one applies, the other is refused.
    let before = w.db_state(&everyone, h1).await;
    let msg = w.hand_message();
    let first = w.fake.click(a, &msg, "Blind 1").await;
    let second = w.fake.click(a, &msg, "Blind 1").await;
    let (r1, r2) = (first.response(T).await, second.response(T).await);
    let mut kinds = [r1.kind, r2.kind];
    kinds.sort();
    assert_eq!(kinds, [4, 7], "{r1:?}\n{r2:?}");
    let refused = if r1.kind == 4 { &r1 } else { &r2 };
    assert_refused(refused, "the second click");
    assert!(refused.content.contains("moved on"), "{}", refused.content);
    let after = w.db_state(&everyone, h1).await;
    assert_eq!(after.actions, vec![(0, Action::Bet(1))]);
    assert_eq!(after.ledger_rows, before.ledger_rows + 1, "charged more than once");
    assert_eq!(after.balances[0], before.balances[0] - 1);
    assert_eq!(after.balances[1..], before.balances[1..]);

    // Stale buttons: Asha's old "Blind 1" / "Raise 2" (drawn at seq 0) on Bilal's turn.
    let t = check_refused(b, blind.clone(), "stale Blind 1").await;
    assert!(t.contains("moved on"), "{t}");
    check_refused(b, raise.clone(), "stale Raise 2").await;
    check_refused(a, raise.clone(), "stale Raise 2 by its drawer").await;

    // A button from an earlier hand: finish hand 1 (Bilal and Chen pack), hand 2 is dealt.
    w.act(b, "Pack").await;
    w.act(c, "Pack").await;
    let hand1 = w.message(&id_of(&msg));
    let msg2 = w.wait_new_hand(&[id_of(&msg)]).await;
    let h2 = hand_id_of(&msg2);
    assert_eq!(h2, h1 + 1);
    for (user, id) in [
        (c, format!("tp:{table}:{h1}:2:pack")),
        (b, format!("tp:{table}:{h1}:0:see")),
        (b, format!("tp:{table}:{h1}:1:bet:2")),
    ] {
        let before = w.db_state(&everyone, h2).await;
        let r = w.fake.click_custom(user, &hand1, &id).await.response(T).await;
        assert_refused(&r, &format!("old-hand button {id}"));
        assert!(r.content.contains("earlier hand") || r.content.contains("moved on"), "{}", r.content);
        assert_eq!(w.db_state(&everyone, h2).await, before);
    }
    // The new hand's own buttons still work.
    let first_to_act = w.hand_message()["content"].as_str().unwrap_or_default().to_string();
    assert!(first_to_act.contains(&format!("<@{b}>")), "{first_to_act}");
    w.act(b, "Blind 1").await;
    assert_eq!(w.actions(h2).await, vec![(1, Action::Bet(1))]);

    let closed = w.slash(a, "table close", json!({})).await;
    assert!(closed.content.contains("closed"), "{closed:?}");
    w.assert_chips_conserved(&everyone).await;
    w.fake.assert_no_violations();
}

// ---------------------------------------------------------------- scenario 7: restart

/// The bot is killed in the middle of a hand and started again on the same
/// database: the hand goes on from its action log (old buttons work, the
/// message gets a fresh timer), finishes, and no chip is lost.
async fn hand_survives_a_restart(mut w: World) {
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let msg = w.open_and_start(&players, json!({"boot": 1})).await;
    let hand_id = hand_id_of(&msg);
    let cards = w.hand_from_db(hand_id).await.cards;

    w.act(a, "Blind 1").await;
    w.act(b, "See cards").await;
    w.wait_ephemeral(b, "Your cards").await;
    w.wait_dm(b, "Your cards").await;
    let before_kill = w.act(b, "Chaal 2").await.message.unwrap();
    let old_pack = custom_id(&before_kill, "Pack");
    let old_blind = custom_id(&before_kill, "Blind 1");
    let actions = w.actions(hand_id).await;
    assert_eq!(actions.len(), 3);

    let killed_at = teenpatti::clock::now_unix();
    let since = Instant::now();
    w.restart().await;

    // The restored hand edits its message with a fresh timer, same hand, same buttons.
    let msg_id = id_of(&msg);
    w.fake
        .wait_for_request(
            |r| r.at >= since && r.method == "PATCH" && r.path.ends_with(&format!("/messages/{msg_id}")),
            T,
        )
        .await
        .unwrap_or_else(|| panic!("the hand message was not edited after the restart\n{}", w.fake.requests_summary()));
    let restored = w.hand_message();
    assert_eq!(restored["id"], msg["id"], "a new hand message was posted instead of editing");
    let deadline = deadline_of(&restored).expect("deadline after restart");
    assert!(deadline >= killed_at + 60, "the timer was not restarted: {deadline} < {killed_at} + 60");
    assert_eq!(custom_id(&restored, "Blind 1"), old_blind);
    assert!(restored["content"].as_str().unwrap_or_default().contains(&format!("<@{c}>")));
    assert_eq!(w.actions(hand_id).await, actions);
    assert_eq!(w.live_hands().await.len(), 1);

    // Old buttons keep working: Chen's blind bet from the copy drawn before the crash.
    let r = w.fake.click_custom(c, &before_kill, &old_blind).await.response(T).await;
    assert_eq!(r.kind, 7, "{r:?}");
    // "My cards" still knows Bilal's cards (rebuilt from the log).
    let n = w.fake.ephemerals(b).len();
    w.act(b, "My cards").await;
    wait_until("the My cards reply", || w.fake.ephemerals(b).len() > n).await;
    let mine = w.fake.ephemerals(b).last().unwrap()["content"].as_str().unwrap_or_default().to_string();
    for card in pretty(&cards[1]) {
        assert!(mine.contains(&card), "{mine}");
    }
    // A stale button from before the crash is still refused after it.
    let r = w.fake.click_custom(a, &before_kill, &old_blind).await.response(T).await;
    assert_refused(&r, "stale button after the restart");
    let r = w.fake.click_custom(c, &before_kill, &old_pack).await.response(T).await;
    assert_eq!(r.kind, 7, "Pack from before the crash: {r:?}");

    // Two left: Asha (blind) pays for the show and the hand ends.
    w.act(a, "Show (1)").await;
    let rec = w.hand_from_db(hand_id).await;
    assert_ne!(rec.status, teenpatti::store::HandStatus::Live);
    assert!(w.live_hands().await.is_empty());
    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

// ---------------------------------------------------------------- leaving from the lobby mid-hand

/// The player to act leaves with the lobby message's Leave button: they pack,
/// and the hand message (another message) must move on to the next player,
/// whose buttons work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_from_the_lobby_moves_the_hand_message_on() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let msg = w.open_and_start(&players, json!({"boot": 1})).await;
    let hand_id = hand_id_of(&msg);
    let lobby = w
        .fake
        .channel_messages(w.channel)
        .into_iter()
        .find(|m| m["embeds"][0]["title"].as_str().is_some_and(|t| t.starts_with("Teen Patti table #")))
        .expect("the lobby message");
    let r = w.fake.click(a, &lobby, "Leave").await.response(T).await;
    assert_eq!(r.kind, 7, "{r:?}");
    assert_eq!(w.actions(hand_id).await, vec![(0, Action::Pack)]);
    wait_until("the hand message to show Bilal's turn", || {
        let m = w.message(&id_of(&msg));
        m["content"].as_str().is_some_and(|c| c.contains(&format!("<@{b}>")))
    })
    .await;
    w.act(b, "Blind 1").await;
    w.act(c, "Pack").await;
    let hand = w.hand_from_db(hand_id).await.hand;
    assert!(hand.is_over());
    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

/// A restart between two hands: the table keeps dealing by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dealing_resumes_after_a_restart_between_hands() {
    let mut w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let first = w.open_and_start(&players, json!({"boot": 1})).await;
    w.act(a, "Pack").await;
    assert!(w.live_hands().await.is_empty());
    w.restart_with_break(Duration::from_millis(300)).await;
    let second = w.wait_new_hand(&[id_of(&first)]).await;
    assert_eq!(hand_id_of(&second), hand_id_of(&first) + 1);
    // The button passed: Bilal dealt the first hand, Asha deals this one, so Bilal acts first.
    let hand = w.hand_from_db(hand_id_of(&second)).await.hand;
    assert_eq!(hand.dealer(), 0);
    assert!(second["content"].as_str().unwrap_or_default().contains(&format!("<@{b}>")), "{second}");
    // Closing refunds the hand in play; no chip is lost.
    let closed = w.slash(a, "table close", json!({})).await;
    assert!(closed.content.contains("refunded"), "{closed:?}");
    w.assert_chips_conserved(&players).await;
    w.fake.assert_no_violations();
}

// Declared on both backends (`sqlite::name`, `postgres::name`; CI requires the PostgreSQL server).
e2e_on_both_backends!(
    hand_survives_a_restart: support::world::NO_AUTO_DEAL,
);
