//! The table customs of issue 15 end to end: the real bot against the local Discord stand-in.

mod support;

use serde_json::json;
use support::world::{labels, render_message, World};

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
