//! The table customs of issue 15 end to end: the real bot against the local Discord stand-in.

use serde_json::json;
use support::privacy::{Audience, Privacy};
use support::world::{labels, render_message, World};
use teenpatti::engine::cards::full_deck;

/// A forced-blinds, pot-limit table: the blind is posted at the deal (on the hand message), the first bet's
/// buttons follow the pot limit (Raise twice the minimum, Max the pot limit's largest), and the books balance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forced_blind_pot_limit_table() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    let rules = "blinds=single blind_amount=2 bet_structure=pot";
    w.open_table(&players, json!({"boot": 5, "rules": rules})).await;
    w.act(a, "Start").await;
    let hand = w.wait_hand(1).await;
    let text = render_message(&hand);
    // Bilal deals (the last seat): Asha posts the blind of 2; the pot is 12 and Bilal bets first.
    assert!(text.contains(&format!("<@{a}> bet 2 blind")), "{text}");
    assert!(text.contains("Pot **12**"), "{text}");
    // Blind, pot limit: 2 to half of (2 x 4 + 12) = 10.
    let buttons = labels(&hand);
    for want in ["Blind 2", "Raise 4", "Max 10"] {
        assert!(buttons.iter().any(|l| l == want), "{want} in {buttons:?}");
    }
    w.act(b, "Max 10").await;
    // Asha: blind 10 to half of (2 x 20 + 22) = 31.
    let buttons = labels(&w.hand_message());
    assert!(buttons.iter().any(|l| l == "Max 31"), "{buttons:?}\n{}", w.transcript());
    w.act(a, "Pack").await;
    assert_eq!(w.balances(&players).await, vec![993, 1007]);
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// An agreed split (`agreed_split=refund`): the player to act offers, the other plays on (the proposer acts
/// again), then accepts an offer: the hand ends with no card shown and each takes back what they put in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agreed_split() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal"]);
    let [a, b] = players;
    w.open_table(&players, json!({"rules": "agreed_split=refund"})).await;
    w.act(a, "Start").await;
    w.wait_hand(1).await;
    w.act(a, "Blind 1").await;
    w.act(b, "Blind 1").await;
    w.act(a, "Offer to split").await;
    let text = render_message(&w.hand_message());
    assert!(text.contains(&format!("<@{a}> offered <@{b}> to end the hand and share the pot")), "{text}");
    // Only Bilal answers.
    let refused = w.click(a, "Accept the split").await;
    assert!(refused.ephemeral, "{refused:?}");
    w.act(b, "Play on").await;
    w.act(a, "Blind 1").await;
    w.act(b, "Offer to split").await;
    w.act(a, "Accept the split").await;
    let text = render_message(&w.hand_message());
    assert!(text.contains("shared by agreement, no cards shown"), "{text}");
    assert!(!text.contains(" shows "), "no card is shown: {text}");
    assert_eq!(w.balances(&players).await, vec![1000, 1000], "each took back what they put in");
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// Each seat's share of `pot` split into `parts` (seats from the dealer's left), by the documented rule: the high
/// half takes the odd chip, then a part's odd chips go one each to its first winners. Written out here, apart
/// from the engine's `pot::divide`.
fn shares(pot: i64, parts: &[Vec<usize>], seats: usize) -> Vec<i64> {
    let parts: Vec<&Vec<usize>> = parts.iter().filter(|p| !p.is_empty()).collect();
    let mut paid = vec![0; seats];
    let k = parts.len() as i64;
    for (i, part) in parts.iter().enumerate() {
        let amount = pot / k + i64::from((i as i64) < pot % k);
        let n = part.len() as i64;
        for (j, &seat) in part.iter().enumerate() {
            paid[seat] += amount / n + i64::from((j as i64) < amount % n);
        }
    }
    paid
}

/// `seats` ordered from the dealer's left.
fn from_dealers_left(mut seats: Vec<usize>, dealer: usize, n: usize) -> Vec<usize> {
    seats.sort_by_key(|&s| (s + n - dealer - 1) % n);
    seats
}

/// A low of eight or better, checked from the cards alone: three ranks, no two equal, not in sequence, not all
/// one suit, the highest an eight or lower (an ace is high).
fn eight_or_better(cards: &[teenpatti::engine::Card]) -> Option<Vec<u8>> {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank.value()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let distinct = ranks[0] != ranks[1] && ranks[1] != ranks[2];
    let sequence = ranks[0] == ranks[1] + 1 && ranks[1] == ranks[2] + 1;
    let colour = cards.iter().all(|c| c.suit == cards[0].suit);
    (distinct && !sequence && !colour && ranks[0] <= 8).then_some(ranks)
}

/// A cards-speak high-low table with the eight-or-better qualifier, six players: each hand, the first player
/// bets blind and the next calls a show of every hand; the halves and the payouts are checked against the cards
/// (read from the database) by the rule written out above, hand after hand until one is split between a high
/// and a qualifying low (a random deal: about two hands in five have one); the books balance throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cards_speak_split_with_a_qualifier() {
    let w = World::start_with_break(std::time::Duration::from_millis(200)).await;
    let players = w.users(["asha", "bilal", "chen", "devi", "ema", "farid"]);
    let rules = "high_low=cards_speak qualifier=eight_or_better";
    w.open_table(&players, json!({"rules": rules})).await;
    w.act(players[0], "Start").await;
    let mut split = false;
    for n in 1..=40 {
        let msg = w.wait_hand(n).await;
        let record = w.hand_from_db(support::world::hand_id_of(&msg)).await;
        let before = w.balances(&players).await;
        let users = &record.users;
        let seats = users.len();
        let dealer = record.hand.dealer();
        let (first, second) = ((dealer + 1) % seats, (dealer + 2) % seats);
        w.act(users[first], "Blind 1").await;
        w.act(users[second], "Show").await;
        let text = render_message(&w.wait_hand_over(n).await);
        // Expected, from the cards: the best high hand by the classic order, the best qualifying low (its ranks
        // compared from the highest, the lower the better).
        let value =
            |s: usize| teenpatti::engine::evaluate(&record.cards[s], &record.rules, None).map(|v| v.strength).ok();
        let best_high = (0..seats).filter_map(value).max();
        let high: Vec<usize> = (0..seats).filter(|&s| value(s) == best_high).collect();
        let lows: Vec<(usize, Vec<u8>)> =
            (0..seats).filter_map(|s| eight_or_better(&record.cards[s]).map(|r| (s, r))).collect();
        let best_low = lows.iter().map(|(_, r)| r.clone()).min();
        let low: Vec<usize> = lows.iter().filter(|(_, r)| Some(r) == best_low.as_ref()).map(|&(s, _)| s).collect();
        let (high, low) = (from_dealers_left(high, dealer, seats), from_dealers_left(low, dealer, seats));
        let pot = seats as i64 + 2;
        let paid = shares(pot, &[high.clone(), low.clone()], seats);
        let after = w.balances(&players).await;
        for (i, &u) in players.iter().enumerate() {
            let seat = users.iter().position(|&x| x == u).unwrap_or(usize::MAX);
            // The boot was paid at the deal, before `before` was read.
            let bet = i64::from(seat == first || seat == second);
            assert_eq!(after[i] - before[i], paid[seat] - bet, "hand {n}, seat {seat}\n{text}");
        }
        let mention =
            |seats: &[usize]| seats.iter().map(|&s| format!("<@{}>", users[s])).collect::<Vec<_>>().join(", ");
        let low_text = if low.is_empty() { "nobody".to_string() } else { mention(&low) };
        assert!(text.contains(&format!("High half: {}. Low half: {low_text}.", mention(&high))), "hand {n}:\n{text}");
        w.assert_chips_conserved(&players).await;
        if !low.is_empty() && low != high {
            split = true;
            break;
        }
    }
    assert!(split, "no hand in 40 had a qualifying low");
    w.assert_audit().await;
    w.fake.assert_no_violations();
}

/// A high-low table by declaration: after a show of every hand, each player declares in secret (buttons on the
/// hand message, answered ephemerally); nobody learns another's side, nor any card, before the last has
/// declared; then the declarations are revealed together, the hands shown and each half paid to the best hand
/// among its declarers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declaration_split() {
    let w = World::start().await;
    let players = w.users(["asha", "bilal", "chen"]);
    let [a, b, c] = players;
    let outsider = w.users(["dev"])[0];
    w.open_table(&players, json!({"rules": "high_low=declare"})).await;
    w.act(a, "Start").await;
    let msg = w.wait_hand(1).await;
    let record = w.hand_from_db(support::world::hand_id_of(&msg)).await;
    let mut p = Privacy::new(&w, &players, &full_deck());
    // Chen deals (the last seat): Asha bets blind, Bilal calls a show of every hand.
    w.act(a, "Blind 1").await;
    w.act(b, "Show").await;
    let text = render_message(&w.hand_message());
    assert!(text.contains("paid 1 for a show: every hand still in is shown"), "{text}");
    assert!(text.contains(&format!("<@{a}>, <@{b}>, <@{c}>, declare high or low")), "{text}");
    let buttons = labels(&w.hand_message());
    assert!(buttons.iter().any(|l| l == "Declare high") && buttons.iter().any(|l| l == "Declare low"), "{buttons:?}");
    p.check(&w, "the show is called: no card is shown before the declarations");
    let from = w.fake.requests().len();
    w.act(a, "Declare high").await;
    assert!(w.wait_ephemeral(a, "You declared").await.contains("You declared **high**"));
    w.act(b, "Declare low").await;
    assert!(w.wait_ephemeral(b, "You declared").await.contains("You declared **low**"));
    // A second declaration, and a click by someone not in the hand, are refused and change nothing.
    let again = w.click(a, "Declare low").await;
    assert!(again.ephemeral && again.content.contains("already declared"), "{again:?}");
    let stranger = w.click(outsider, "Declare low").await;
    assert!(stranger.ephemeral, "{stranger:?}");
    // Two have declared: the channel says only that they have; each side reached its declarer alone.
    for (audience, body) in p.texts_from(&w, from) {
        let whose = |side: &str| body.contains(&format!("You declared **{side}**"));
        if whose("high") {
            assert_eq!(audience, Audience::User(a), "{body}");
        }
        if whose("low") {
            assert_eq!(audience, Audience::User(b), "{body}");
        }
        assert!(!body.contains("Declarations:"), "revealed early: {body}");
    }
    let text = render_message(&w.hand_message());
    assert!(text.contains(&format!("<@{a}> has declared")) && text.contains(&format!("<@{b}> has declared")), "{text}");
    assert!(text.contains(&format!("<@{c}>, declare high or low")), "{text}");
    p.check(&w, "two have declared");
    w.act(c, "Declare low").await;
    p.allow_public(&record.cards.concat());
    p.check(&w, "the reveal");
    let text = render_message(&w.wait_hand_over(1).await);
    assert!(text.contains(&format!("Declarations: high <@{a}>; low <@{b}>, <@{c}>.")), "{text}");
    // Asha alone declared high: the high half (3 of a pot of 5, with the odd chip). Of Bilal and Chen, the lower
    // hand by the classic order takes the low half (equal hands share it).
    let value = |s: usize| teenpatti::engine::evaluate(&record.cards[s], &record.rules, None).map(|v| v.strength).ok();
    let lowest = [1, 2].into_iter().filter_map(value).min();
    let low: Vec<usize> = [1usize, 2].into_iter().filter(|&s| value(s) == lowest).collect();
    let paid = shares(5, &[vec![0], low.clone()], 3);
    let put_in = [2, 2, 1];
    let balances = w.balances(&players).await;
    for s in 0..3 {
        assert_eq!(balances[s], 1000 + paid[s] - put_in[s], "seat {s}\n{text}");
    }
    let low_names = low.iter().map(|&s| format!("<@{}>", players[s])).collect::<Vec<_>>().join(", ");
    assert!(text.contains(&format!("High half: <@{a}>. Low half: {low_names}.")), "{text}");
    w.assert_chips_conserved(&players).await;
    w.assert_audit().await;
    w.fake.assert_no_violations();
}
