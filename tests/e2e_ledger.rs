//! `/ledger` end to end (issue 18): a player's chip movements, newest first, with the hand number and the balance
//! after each; pages; someone else's only for Manage Server.

use serde_json::json;
use support::world::{hand_id_of, World};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reads_their_ledger_by_pages() {
    let w = World::start().await;
    let [asha, bilal] = w.users(["asha", "bilal"]);
    let boss = w.fake.add_admin("boss");
    w.ephemeral_reply(asha, "daily", json!({})).await;
    let msg = w.open_and_start(&[asha, bilal], json!({"boot": 5})).await;
    let hand = hand_id_of(&msg);
    // Bilal is to act first or second; whoever packs, the hand ends with one boot each in the pot.
    w.act(bilal, "Pack").await;
    w.wait_hand_over(hand).await;
    let balance = w.balance(asha).await;

    let page = w.ephemeral_reply(asha, "ledger", json!({})).await;
    let lines: Vec<&str> = page.lines().collect();
    assert!(lines[0].contains(&format!("{balance} now")), "{page}");
    // Newest first: the pot won, the boot, the daily chips, the starting balance.
    assert!(
        lines[1].contains(&format!("pot won, hand #{hand}")) && lines[1].contains(&format!("balance {balance}")),
        "{page}"
    );
    assert!(lines[2].contains(&format!("bet, hand #{hand}")) && lines[2].contains("-5"), "{page}");
    assert!(lines[3].contains("daily chips") && lines[4].contains("starting balance"), "{page}");
    assert!(lines[1..].iter().all(|l| l.contains("<t:")), "every row says when: {page}");
    assert!(!page.contains("/ledger page:"), "one page only: {page}");
    let empty = w.ephemeral_reply(asha, "ledger", json!({"page": 2})).await;
    assert!(empty.contains("No chip movements on this page"), "{empty}");

    // Someone else's: refused for a player, shown to an admin.
    let refused = w.ephemeral_reply(bilal, "ledger", json!({"user": asha})).await;
    assert!(refused.contains("Manage Server"), "{refused}");
    let seen = w.ephemeral_reply(boss, "ledger", json!({"user": asha})).await;
    assert_eq!(seen.lines().nth(1), lines.get(1).copied(), "{seen}");

    // More than a page: the first says where the older ones are, the second holds them.
    for _ in 0..8 {
        w.public_reply(boss, "grant", json!({"user": asha, "amount": 1})).await;
    }
    let first = w.ephemeral_reply(asha, "ledger", json!({})).await;
    assert!(first.lines().nth(1).is_some_and(|l| l.contains("admin grant") && l.contains("+1")), "{first}");
    assert!(first.lines().last().is_some_and(|l| l.contains("/ledger page:2")), "{first}");
    let second = w.ephemeral_reply(asha, "ledger", json!({"page": 2})).await;
    assert!(second.lines().last().is_some_and(|l| l.contains("starting balance")), "{second}");
    assert_eq!(second.lines().count(), 1 + 2, "12 movements: 10 on the first page, 2 on the second: {second}");
    w.assert_audit().await;
}
