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
