//! Computer players and `/odds` end to end (issue 17): the real bot against the Discord stand-in. One person opens a
//! table with two computer players, plays hands to the end by the buttons, and the books stay exact: the house
//! stakes the computer players and takes their chips back, every movement ledgered.

use std::time::{Duration, Instant};

use serde_json::json;
use support::world::{hand_id_of, render_message, World};
use teenpatti::engine::odds::against_one;
use teenpatti::ids::UserId;
use teenpatti::store::{Reason, HOUSE_START};

/// Asha's play: look, then chaal or show; answer a sideshow by accepting it.
fn label_for(hand: &teenpatti::engine::Hand, seat: usize) -> &'static str {
    let legal = hand.legal_actions(seat);
    let seen = hand.seats()[seat].seen;
    if legal.respond {
        "Accept sideshow"
    } else if !seen && legal.see {
        "See cards"
    } else if legal.show.is_some() {
        "Show"
    } else if legal.bet.is_some() {
        if seen {
            "Chaal"
        } else {
            "Blind"
        }
    } else {
        "Pack"
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_two_computer_players_play_with_exact_books() {
    let w = World::start_with_break(Duration::from_millis(300)).await;
    let [asha] = w.users(["asha"]);
    let open = w.slash(asha, "table open", json!({"boot": 10, "bots": 2, "bot_level": 1})).await;
    assert_eq!(open.kind, 4, "{open:?}");
    let lobby = w.message_with("Start");
    let shown = render_message(&lobby);
    assert!(shown.contains("🤖 Bot 1 (hard)") && shown.contains("🤖 Bot 2 (hard)"), "{shown}");
    let table = w.table_id().await;
    let bots: Vec<u64> = w.seated(table).await.into_iter().filter(|&u| UserId(u).is_bot()).collect();
    assert_eq!(bots.len(), 2);
    // Each sat down with 100 boots from the house.
    assert_eq!(w.balances(&bots).await, vec![1000, 1000]);
    assert_eq!(w.balance(UserId::HOUSE.get()).await, HOUSE_START - 2000);
    w.assert_audit().await;

    w.act(asha, "Start").await;
    let mut hands = Vec::new();
    let mut seen_messages = Vec::new();
    let mut checked_odds = [false; 2];
    while hands.len() < 3 {
        let msg = w.wait_new_hand(&seen_messages).await;
        seen_messages.push(support::world::id_of(&msg));
        let hand_id = hand_id_of(&msg);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let db = w.hand_from_db(hand_id).await;
            if db.hand.is_over() {
                break;
            }
            let seat = db.users.iter().position(|&u| u == asha);
            match (seat, db.hand.to_act()) {
                (Some(me), Some(to_act)) if me == to_act => {
                    let seen = db.hand.seats()[me].seen;
                    if !checked_odds[usize::from(seen)] {
                        // /odds, privately: a blind hand's are the unseen hand's; a seen hand's are exact.
                        let odds = w.ephemeral_reply(asha, "odds", json!({})).await;
                        if seen {
                            let exact = against_one(&db.cards[me], &[], &db.rules).unwrap();
                            let win = format!("win {:.1}%", exact.win * 100.0);
                            assert!(odds.contains(&win) && odds.contains("(exact)"), "{odds} lacks {win}");
                        } else {
                            assert!(odds.contains("You have not looked at your cards"), "{odds}");
                        }
                        checked_odds[usize::from(seen)] = true;
                    }
                    w.act_when_shown(asha, label_for(&db.hand, me), db.hand.actions().len()).await;
                }
                _ => tokio::time::sleep(Duration::from_millis(40)).await,
            }
            assert!(Instant::now() < deadline, "hand #{hand_id} did not end:\n{}", w.transcript());
        }
        let db = w.hand_from_db(hand_id).await;
        // The computer players acted in it (every hand here has three players, and nobody packs at the deal).
        assert!(db.actions.iter().any(|&(seat, _)| UserId(db.users[seat]).is_bot()), "no bot acted in #{hand_id}");
        w.wait_hand_over(hand_id).await;
        w.assert_audit().await;
        hands.push(hand_id);
    }
    // Nobody got a DM meant for a computer player, and the stand-in saw no request for a bot's id.
    for bot in &bots {
        assert!(!w.transcript().contains(&format!("<@{bot}>")), "a bot was mentioned as a Discord user");
    }

    assert_eq!(checked_odds, [true, true], "/odds was not asked both blind and seen");

    // Asha leaves: the computer players finish the hand in play, and no other is dealt to them alone.
    w.slash(asha, "table leave", json!({})).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while !w.live_hands().await.is_empty() {
        assert!(Instant::now() < deadline, "the computer players did not finish the hand:\n{}", w.transcript());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let dealt = w.hand_count().await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(w.hand_count().await, dealt, "computer players were dealt a hand with no person seated");
    w.assert_audit().await;

    // Closing the table pays the computer players back to the house: the chips in play are all accounted for.
    w.slash(asha, "table close", json!({})).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while w.balances(&bots).await.iter().any(|&b| b != 0) {
        assert!(Instant::now() < deadline, "the bots still hold chips: {:?}", w.balances(&bots).await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let asha_now = w.balance(asha).await;
    let house_now = w.balance(UserId::HOUSE.get()).await;
    let start = w.guild_settings().await.starting_balance;
    assert_eq!(asha_now + house_now, start + HOUSE_START, "what Asha won the house lost, chip for chip");
    w.assert_audit().await;
    // The house's ledger: its starting bankroll, the stakes out and the chips back, each a transfer row.
    let rows = w.store().await.ledger(w.guild(), UserId::HOUSE, 1000).await.unwrap();
    assert!(rows.iter().any(|r| r.reason == Reason::StartingGrant && r.delta == HOUSE_START));
    let transfers: Vec<_> = rows.iter().filter(|r| r.reason == Reason::Transfer).collect();
    assert!(transfers.iter().any(|r| r.delta < 0) && transfers.iter().any(|r| r.delta > 0), "{rows:?}");
    assert_eq!(rows.iter().map(|r| r.delta).sum::<i64>(), house_now);
    // Left out of the leaderboard.
    let board = w.public_reply(asha, "leaderboard", json!({})).await;
    let board = format!("{} {:?}", board.content, board.embeds);
    assert!(board.contains(&asha.to_string()), "{board}");
    assert!(!board.contains("Bot") && !board.contains("House"), "{board}");
}
