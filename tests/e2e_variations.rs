//! The variations of play end to end (issue 14): the real bot against the local Discord stand-in, one hand each
//! of three-card stud, five-card community, draw, cobra and zandu, and a dealer's-choice table switching game
//! between two hands, with the privacy scan at every step: no card
//! reaches anyone who may not know it (in the channel, a DM, an ephemeral reply or a request body), and the books
//! balance.

use serde_json::{json, Value};
use support::privacy::Privacy;
use support::world::{hand_id_of, render_message, World, T};
use teenpatti::engine::cards::full_deck;
use teenpatti::engine::Card;

/// The `variant` choice of `/table open` for a variant (its index in `Variant::ALL`).
fn choice(name: &str) -> usize {
    teenpatti::engine::Variant::ALL.iter().position(|v| v.name() == name).unwrap()
}

/// Opens a table of `variant` for `players`, starts it, and returns the first hand's record with a privacy scan
/// that knows every card of the pack (none may show anywhere unless allowed).
async fn start(w: &World, players: &[u64], variant: &str) -> (support::world::DbHand, Privacy) {
    w.open_table(players, json!({"variant": choice(variant)})).await;
    w.act(players[0], "Start").await;
    let hand = w.wait_hand(1).await;
    let record = w.hand_from_db(hand_id_of(&hand)).await;
    assert_eq!(record.rules.variant.name(), variant);
    let mut p = Privacy::new(w, players, &full_deck());
    // Everyone sees the face-up cards and the community cards turned up at the deal.
    let board = record.hand.board().clone();
    p.allow_public(&board.community);
    p.allow_public(&board.up.concat());
    (record, p)
}

fn text(m: &Value) -> String {
    render_message(m)
}

/// Three-card stud: the up card of each player is on the hand message from the deal; the down cards come only
/// to their holder when they look; the show reveals both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_card_stud_end_to_end() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let (record, mut p) = start(&w, &players, "three_card_stud").await;
    p.check(&w, "deal");
    let shown = text(&w.hand_message());
    for (seat, up) in record.hand.board().up.iter().enumerate() {
        assert_eq!(up.len(), 1);
        assert!(shown.contains(&format!("<@{}> **{}**", record.users[seat], up[0].pretty())), "{shown}");
    }
    w.act(a, "See cards").await;
    p.allow(a, &record.cards[0]);
    let eph = w.wait_ephemeral(a, "Your cards").await;
    assert!(record.cards[0].iter().all(|c| eph.contains(&c.pretty())), "{eph}");
    p.check(&w, "asha sees");
    w.act(b, "See cards").await;
    p.allow(b, &record.cards[1]);
    w.act(a, "Chaal 2").await;
    p.check(&w, "asha bets");
    w.act(b, "Show (2)").await;
    p.allow_public(&record.cards.concat());
    p.check(&w, "show");
    assert!(text(&w.hand_message()).contains("shows"), "{}", w.transcript());
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Five-card community: the three community cards are on the hand message; each hand is the best three of five.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_card_community_end_to_end() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let (record, mut p) = start(&w, &players, "five_card_community").await;
    let community = record.hand.board().community.clone();
    assert_eq!(community.len(), 3);
    let shown = text(&w.hand_message());
    assert!(community.iter().all(|c| shown.contains(&c.pretty())), "{shown}");
    w.act(a, "See cards").await;
    p.allow(a, &record.cards[0]);
    w.act(b, "See cards").await;
    p.allow(b, &record.cards[1]);
    p.check(&w, "both see");
    w.act(a, "Chaal 2").await;
    w.act(b, "Show (2)").await;
    p.allow_public(&record.cards.concat());
    p.check(&w, "show");
    let end = w.hand_from_db(record_id(&w)).await;
    let (va, vb) = (end.hand.value_of(0).unwrap(), end.hand.value_of(1).unwrap());
    // B paid for the show: B wins only with the better hand.
    let expected = if vb > va { [997, 1003] } else { [1003, 997] };
    assert_eq!(w.balances(&players).await, expected.to_vec(), "{va:?} vs {vb:?}\n{}", w.transcript());
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

fn record_id(w: &World) -> i64 {
    hand_id_of(&w.hand_message())
}

/// Draw: before the betting each player in turn changes cards from a menu only they see (a blind player chooses
/// by position: the menu shows no card) or stands pat; the new cards come privately; betting follows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_end_to_end() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let (record, mut p) = start(&w, &players, "draw").await;
    assert!(text(&w.hand_message()).contains("The draw"), "{}", w.transcript());
    // Bilal may not bet or draw out of turn.
    let refused = w.click(b, "Stand pat").await;
    assert!(refused.ephemeral && refused.content.contains("not your turn"), "{refused:?}");
    // Asha, blind, opens her menu: positions, no faces.
    let before = w.fake.ephemerals(a).len();
    let r = w.click(a, "Change cards").await;
    assert_eq!(r.kind, 4, "{r:?}");
    let menu = w.fake.ephemerals(a).into_iter().nth(before).expect("the draw menu");
    assert!(text(&menu).contains("blind"), "{}", text(&menu));
    p.check(&w, "asha's menu");
    let chose = w.fake.select(a, &menu, None, &["0", "2"]).await.response(T).await;
    assert_eq!(chose.kind, 4, "{chose:?}");
    let after = w.hand_from_db(record_id(&w)).await;
    let mine = after.cards[0].clone();
    assert_eq!(mine[1], record.cards[0][1], "the card not chosen stays");
    assert!(mine[0] != record.cards[0][0] && mine[2] != record.cards[0][2], "the chosen cards are replaced");
    p.allow(a, &mine);
    let dm = w.wait_dm(a, "Your cards").await;
    assert!(mine.iter().all(|c| dm.contains(&c.pretty())), "{dm}");
    p.check(&w, "asha draws two");
    assert!(after.hand.seats()[0].seen, "drawing is looking");
    assert_eq!(after.hand.seats()[0].put_in, 3, "the boot and two cards at the boot's price");
    let shown = text(&w.hand_message());
    assert!(shown.contains("changed 2 cards"), "{shown}");
    w.act(b, "Stand pat").await;
    p.check(&w, "bilal stands pat");
    w.act(a, "Chaal 2").await;
    w.act(b, "Pack").await;
    p.check(&w, "bilal packs");
    // Asha put in 1 + 2 (two cards) + 2, Bilal 1: Asha takes the pot of 6.
    assert_eq!(w.balances(&players).await, vec![1001, 999]);
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Cobra: each player gets, by DM, every other player's card and never their own; the channel shows none until
/// the show; nobody can see; the higher card wins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cobra_end_to_end() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chitra"]);
    let [a, b, c] = players;
    let (record, mut p) = start(&w, &players, "cobra").await;
    for (seat, &user) in players.iter().enumerate() {
        let others: Vec<Card> =
            record.cards.iter().enumerate().filter(|(s, _)| *s != seat).flat_map(|(_, c)| c.clone()).collect();
        p.allow(user, &others);
        let dm = w.wait_dm(user, "Cobra").await;
        assert!(others.iter().all(|c| dm.contains(&c.pretty())), "{dm}");
        assert!(!dm.contains(&record.cards[seat][0].pretty()), "{user} was told their own card: {dm}");
    }
    p.check(&w, "the foreheads");
    let message = w.hand_message();
    assert!(!text(&message).contains("See cards"), "nobody may look in cobra");
    // My cards shows the others' cards again, privately.
    w.click(a, "My cards").await;
    p.check(&w, "asha's cards again");
    w.act(a, "Blind 1").await;
    w.act(b, "Blind 1").await;
    w.act(c, "Pack").await;
    p.check(&w, "chitra packs");
    w.act(a, "Show (1)").await;
    p.allow_public(&[record.cards[0].clone(), record.cards[1].clone()].concat());
    p.check(&w, "show");
    let end = w.hand_from_db(record_id(&w)).await;
    let winner = end.hand.outcome().unwrap().winners();
    let (ra, rb) = (record.cards[0][0], record.cards[1][0]);
    // Equal ranks go by suit, spades highest (`Suit` counts up from clubs).
    let a_wins = ra.rank > rb.rank || (ra.rank == rb.rank && ra.suit > rb.suit);
    assert_eq!(winner, vec![if a_wins { 0 } else { 1 }], "{ra} vs {rb}");
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Zandu: the first round is blind (no See button), a community joker is turned up after each of the first
/// three rounds, and the show waits for the third; `/history` shows each reveal in its place, and the cards
/// only once the hand is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn zandu_end_to_end() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let (_, mut p) = start(&w, &players, "zandu").await;
    assert!(!text(&w.hand_message()).contains("See cards"), "the first round is blind");
    let refused = w.click(a, "Pack").await;
    assert_eq!(refused.kind, 7, "packing is always allowed");
    // A new hand: play three blind rounds.
    w.act(a, "Start").await;
    let hand = w.wait_hand(2).await;
    let hand_id = hand_id_of(&hand);
    let record = w.hand_from_db(hand_id).await;
    p.check(&w, "second deal");
    for round in 1..=3usize {
        let first =
            if w.hand_message()["content"].as_str().unwrap_or_default().contains(&a.to_string()) { a } else { b };
        let second = if first == a { b } else { a };
        assert!(!labels_of(&w).iter().any(|l| l.starts_with("Show")), "no show in round {round}");
        w.act(first, "Blind 1").await;
        w.act(second, "Blind 1").await;
        let now = w.hand_from_db(hand_id).await;
        let turned = now.hand.board().community.clone();
        assert_eq!(turned.len(), round, "{}", w.transcript());
        p.allow_public(&turned);
        let shown = text(&w.hand_message());
        assert!(shown.contains(&turned[round - 1].pretty()), "{shown}");
        p.check(&w, "a round");
        if round == 1 {
            // /history of the live hand: what was public when (the reveal after round 1), and no down card.
            let live = w.ephemeral_reply(b, "history", json!({"hand": hand_id})).await;
            let after_round = live.find("Betting round 1 is over").expect(&live);
            let joker = live.find(&format!("Community joker turned up: **{}**", turned[0].pretty())).expect(&live);
            assert!(after_round < joker && live.contains("still being played"), "{live}");
            p.check(&w, "the live hand's history");
        }
    }
    let first = if w.hand_message()["content"].as_str().unwrap_or_default().contains(&a.to_string()) { a } else { b };
    w.act(first, "Show (1)").await;
    p.allow_public(&record.cards.concat());
    // The show says what each wild card stands for ("8♥ as 9♠"): a name, not a card anyone holds.
    let end = w.hand_from_db(hand_id).await;
    for seat in 0..2 {
        let stands = end.hand.made_of(seat).map(|m| m.stands.to_vec()).unwrap_or_default();
        p.allow_public(&stands.iter().map(|s| s.counts_as).collect::<Vec<_>>());
    }
    p.check(&w, "show");
    // Once over, /history shows every hand's cards.
    let done = w.ephemeral_reply(a, "history", json!({"hand": hand_id})).await;
    assert!(record.cards.concat().iter().all(|c| done.contains(&c.pretty())), "{done}");
    p.check(&w, "the hand's history");
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

fn labels_of(w: &World) -> Vec<String> {
    support::world::labels(&w.hand_message())
}

/// Dealer's choice: before each hand its dealer, and only they, chooses the game: from a menu only they see (the
/// prompt's button) or with `/table pick` and options of their own. The choice is announced on the prompt and
/// on the hand message, and the table switches game between two hands; a stale prompt is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dealers_choice_switches_the_game_between_hands() {
    use support::world::{custom_id, id_of, labels};
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    w.open_table(&players, json!({"variant": choice("dealers_choice")})).await;
    let mut p = Privacy::new(&w, &players, &full_deck());
    w.act(a, "Start").await;
    // Bilal (the last seat) deals the first hand and chooses; nothing is dealt until he does.
    let prompt = w.message_with("Choose the game");
    assert!(text(&prompt).contains(&format!("<@{b}> deals the next hand")), "{}", text(&prompt));
    assert_eq!(w.hand_count().await, 0);
    let first_prompt = custom_id(&prompt, "Choose the game");
    let refused = w.fake.click(a, &prompt, "Choose the game").await.response(T).await;
    assert!(refused.ephemeral && refused.content.contains("deals the next hand"), "{refused:?}");
    let before = w.fake.ephemerals(b).len();
    let r = w.fake.click(b, &prompt, "Choose the game").await.response(T).await;
    assert!(r.kind == 4 && r.ephemeral, "{r:?}");
    let menu = w.fake.ephemerals(b).into_iter().nth(before).expect("the dealer's menu");
    assert!(text(&menu).contains("choose its game"), "{}", text(&menu));
    let chose = w.fake.select(b, &menu, None, &["three_card_stud"]).await.response(T).await;
    assert!(chose.kind == 7 && chose.content.contains("You chose"), "{chose:?}");
    let hand = w.wait_hand(1).await;
    let record = w.hand_from_db(hand_id_of(&hand)).await;
    assert_eq!(record.rules.variant.name(), "three_card_stud");
    assert!(text(&hand).contains(&format!("Dealer's choice (<@{b}> deals): **three_card_stud**")), "{}", text(&hand));
    let prompt = w.message(&id_of(&prompt));
    assert!(text(&prompt).contains("chose **three_card_stud**") && labels(&prompt).is_empty(), "{}", text(&prompt));
    p.allow_public(&record.hand.board().up.concat());
    p.check(&w, "the first game");
    w.act(a, "Pack").await;
    p.check(&w, "the first hand ends");

    // The second hand: Asha deals, and chooses with /table pick and an option of her own.
    w.act(a, "Start").await;
    let prompt = w.message_with("Choose the game");
    assert!(text(&prompt).contains(&format!("<@{a}> deals the next hand")), "{}", text(&prompt));
    let stale = w.fake.click_custom(a, &prompt, &first_prompt).await.response(T).await;
    assert!(stale.ephemeral && stale.content.contains("over"), "{stale:?}");
    let options = |v: &str| json!({"variant": choice(v), "options": "exact_use=true"});
    let refused = w.ephemeral_reply(b, "table pick", options("five_card_community")).await;
    assert!(refused.contains("deals the next hand"), "{refused}");
    let too_dear = w.ephemeral_reply(a, "table pick", json!({"variant": choice("draw"), "options": "boot=5"})).await;
    assert!(too_dear.contains("stake"), "{too_dear}");
    let chose = w.ephemeral_reply(a, "table pick", options("five_card_community")).await;
    assert!(chose.contains("You chose"), "{chose}");
    let hand = w.wait_hand(2).await;
    let record = w.hand_from_db(hand_id_of(&hand)).await;
    assert_eq!(record.rules.variant.name(), "five_card_community");
    assert!(record.rules.exact_use);
    let shown = text(&hand);
    assert!(shown.contains("**five_card_community** (exact_use="), "{shown}");
    p.allow_public(&record.hand.board().community);
    p.check(&w, "the second game");
    w.act(b, "Pack").await;
    p.check(&w, "the second hand ends");
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}
