//! Hands, tables and queries through the real engine, on a real SQLite file and on PostgreSQL.

mod fixtures;

use std::sync::Arc;

use fixtures::{assert_books, ADMIN, G};
use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::{Action, Hand, HandSetup, Rules};
use teenpatti::ids::{ChannelId, GuildId, HandId, MessageId, TableId, UserId};
use teenpatti::store::{
    ActionRecord, HandEnd, HandRef, HandStatus, LeaderBy, NewHand, NewTable, Recorded, Store, StoreError, TableStatus,
};

fn rules(boot: u64) -> Rules {
    Rules { boot, ..Rules::default() }
}

/// Users by small numbers, as these tests name them.
fn ids<const N: usize>(users: [u64; N]) -> [UserId; N] {
    users.map(UserId)
}

async fn table(store: &Store, channel: ChannelId) -> TableId {
    store
        .open_table(NewTable {
            guild: G,
            channel,
            opener: UserId(1),
            rules: rules(10),
            max_players: 6,
            turn_seconds: 60,
        })
        .await
        .unwrap()
        .id
}

/// A hand as the table service runs it: engine state plus its id in the store.
struct Live {
    id: HandId,
    users: Vec<UserId>,
    hand: Hand,
}

impl Live {
    fn at(&self) -> HandRef<'_> {
        HandRef { id: self.id, guild: G, users: &self.users }
    }
}

async fn start(store: &Store, table_id: TableId, channel: ChannelId, users: &[UserId], boot: u64, seed: u64) -> Live {
    let setup = HandSetup {
        rules: rules(boot),
        stacks: vec![1_000_000; users.len()],
        dealer: users.len() - 1,
        deck: seeded_deck(seed),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (hand, events) = Hand::start(&setup).unwrap();
    let new = NewHand {
        table_id,
        guild: G,
        channel,
        users: users.to_vec(),
        setup: &setup,
        seed: Some(seed),
        fair: None,
        events: &events,
    };
    let id = store.start_hand(new).await.unwrap();
    Live { id, users: users.to_vec(), hand }
}

/// Applies on a clone, persists, and keeps the new state only if the store accepted.
async fn act(
    store: &Store,
    live: &mut Live,
    seat: usize,
    action: Action,
    key: Option<&str>,
) -> Result<Recorded, StoreError> {
    let mut next = live.hand.clone();
    let events = next.apply(seat, action).unwrap();
    let seq = live.hand.actions().len() as i64;
    let r = store.record_action(live.at(), ActionRecord { seq, seat, action, key, events: &events }).await?;
    live.hand = next;
    Ok(r)
}

async fn a_hand_moves_chips_and_pays_the_winner(store: Store) {
    let t = table(&store, ChannelId(10)).await;
    let users = ids([1, 2, 3]);
    let mut live = start(&store, t, ChannelId(10), &users, 10, 7).await;
    for u in users {
        assert_eq!(store.balance(G, u).await.unwrap(), 990, "the boot left the wallet");
    }
    assert_eq!(store.live_pot(live.id).await.unwrap(), Some(30));
    assert_books(&store).await;
    // Seat 0 acts first (dealer is seat 2).
    act(&store, &mut live, 0, Action::Bet(20), Some("k0")).await.unwrap();
    assert_eq!(store.balance(G, UserId(1)).await.unwrap(), 970);
    assert_eq!(store.live_pot(live.id).await.unwrap(), Some(50));
    act(&store, &mut live, 1, Action::Pack, Some("k1")).await.unwrap();
    act(&store, &mut live, 2, Action::Pack, Some("k2")).await.unwrap();
    assert!(live.hand.is_over());
    assert_eq!(store.balance(G, UserId(1)).await.unwrap(), 1020);
    assert_eq!(store.balance(G, UserId(2)).await.unwrap(), 990);
    assert_eq!(store.live_pot(live.id).await.unwrap(), None);
    let rec = store.hand_record(live.id).await.unwrap().unwrap();
    assert_eq!(rec.summary.status, HandStatus::Finished);
    assert_eq!((rec.summary.pot, rec.summary.winners.clone()), (50, vec![UserId(1)]));
    assert_eq!(rec.summary.ended_by, Some(HandEnd::LastStanding));
    assert_eq!(rec.actions.len(), 3);
    assert_eq!(rec.actions[0].action, Action::Bet(20));
    assert_eq!(rec.actions[2].key.as_deref(), Some("k2"));
    assert_eq!(
        Hand::replay(&rec.setup, &[(0, Action::Bet(20)), (1, Action::Pack), (2, Action::Pack)]).unwrap().0,
        live.hand
    );
    assert!(matches!(
        act(&store, &mut live.clone_for_test(), 0, Action::See, None).await,
        Err(StoreError::HandNotLive(_))
    ));
    // Each player's net per the ledger, and the hand exported from its record (issue 18) replays to the same.
    let nets = store.hand_nets(live.id).await.unwrap();
    assert_eq!(nets, vec![(UserId(1), 20), (UserId(2), -10), (UserId(3), -10)]);
    let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    let script = teenpatti::table::history::hand_script(&rec, &names).unwrap().unwrap();
    let replay = teenpatti::engine::script::run_script(&script).unwrap();
    assert!(replay.rejected().is_empty(), "{script}");
    assert_eq!(replay.nets(), vec![("A".into(), 20), ("B".into(), -10), ("C".into(), -10)], "{script}");
    assert_eq!(replay.pot(), 50);
    assert_books(&store).await;
    let audit = store.audit().await.unwrap();
    assert_eq!((audit.live_pots, audit.total_balances), (0, 3000));
}

impl Live {
    fn clone_for_test(&self) -> Live {
        // A finished hand's engine refuses everything; use a fresh deal's state
        // with the same id to reach the store's own check.
        let setup = HandSetup {
            rules: rules(10),
            stacks: vec![100; 3],
            dealer: 2,
            deck: seeded_deck(1),
            kaana_dormant: false,
            posts: Vec::new(),
        };
        Live { id: self.id, users: self.users.clone(), hand: Hand::start(&setup).unwrap().0 }
    }
}

async fn a_boot_nobody_can_cover_writes_nothing_and_names_the_user(store: Store) {
    let t = table(&store, ChannelId(10)).await;
    store.balance(G, UserId(1)).await.unwrap();
    store.admin_grant(G, UserId(2), -995, ADMIN, "nearly broke").await.unwrap();
    let setup = HandSetup {
        rules: rules(10),
        stacks: vec![1000, 1000],
        dealer: 1,
        deck: seeded_deck(3),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (_, events) = Hand::start(&setup).unwrap();
    let err = store
        .start_hand(NewHand {
            table_id: t,
            guild: G,
            channel: ChannelId(10),
            users: ids([1, 2]).to_vec(),
            setup: &setup,
            seed: None,
            fair: None,
            events: &events,
        })
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::InsufficientFunds { user: UserId(2), need: 10, have: 5 }), "{err:?}");
    assert_eq!(store.balance(G, UserId(1)).await.unwrap(), 1000, "seat 0's boot was rolled back");
    assert_eq!(store.raw_i64("SELECT COUNT(*) FROM hands").await.unwrap(), Some(0));
    assert!(store.recent_hands(G, None, None, 10).await.unwrap().is_empty());
    assert_books(&store).await;
}

async fn the_same_key_twice_changes_nothing(store: Store) {
    let t = table(&store, ChannelId(10)).await;
    let mut live = start(&store, t, ChannelId(10), &ids([1, 2, 3]), 10, 9).await;
    let mut next = live.hand.clone();
    let events = next.apply(0, Action::Bet(15)).unwrap();
    let rec = ActionRecord { seq: 0, seat: 0, action: Action::Bet(15), key: Some("interaction-1"), events: &events };
    assert_eq!(store.record_action(live.at(), rec.clone()).await.unwrap(), Recorded::Applied);
    let balance = store.balance(G, UserId(1)).await.unwrap();
    assert_eq!(store.record_action(live.at(), rec.clone()).await.unwrap(), Recorded::Duplicate);
    assert_eq!(store.record_action(live.at(), rec).await.unwrap(), Recorded::Duplicate);
    assert_eq!(store.balance(G, UserId(1)).await.unwrap(), balance);
    assert_eq!(store.live_pot(live.id).await.unwrap(), Some(45));
    assert_eq!(store.hand_record(live.id).await.unwrap().unwrap().actions.len(), 1);
    live.hand = next;
    // A stale sequence number under a new key is refused, not double-applied.
    let mut again = live.hand.clone();
    let events = again.apply(1, Action::See).unwrap();
    let stale = ActionRecord { seq: 0, seat: 1, action: Action::See, key: Some("interaction-2"), events: &events };
    let err = store.record_action(live.at(), stale).await.unwrap_err();
    assert!(matches!(err, StoreError::OutOfOrder { expected: 1, got: 0, .. }), "{err:?}");
    act(&store, &mut live, 1, Action::See, Some("interaction-2")).await.unwrap();
    assert_books(&store).await;
}

async fn a_refund_returns_every_chip_once(store: Store) {
    let t = table(&store, ChannelId(10)).await;
    let mut live = start(&store, t, ChannelId(10), &ids([1, 2, 3]), 10, 11).await;
    act(&store, &mut live, 0, Action::Bet(20), None).await.unwrap();
    act(&store, &mut live, 1, Action::Bet(40), None).await.unwrap();
    let mut contrib = store.hand_contributions(live.id).await.unwrap();
    contrib.sort();
    assert_eq!(contrib, vec![(UserId(1), 30), (UserId(2), 50), (UserId(3), 10)]);
    let live_hands = store.live_hands().await.unwrap();
    assert_eq!(live_hands.len(), 1);
    let (rebuilt, _) = Hand::replay(&live_hands[0].setup, &live_hands[0].actions).unwrap();
    assert_eq!(rebuilt, live.hand, "the log rebuilds the hand exactly");
    let mut refunded = store.refund_hand(live.id, "table closed").await.unwrap();
    refunded.sort();
    assert_eq!(refunded, vec![(UserId(1), 30), (UserId(2), 50), (UserId(3), 10)]);
    assert!(store.refund_hand(live.id, "again").await.unwrap().is_empty(), "a second refund pays nothing");
    for u in ids([1, 2, 3]) {
        assert_eq!(store.balance(G, u).await.unwrap(), 1000);
    }
    assert!(store.live_hands().await.unwrap().is_empty());
    let rec = store.hand_record(live.id).await.unwrap().unwrap();
    assert_eq!(rec.summary.status, HandStatus::Refunded);
    assert!(matches!(act(&store, &mut live, 2, Action::Pack, None).await, Err(StoreError::HandNotLive(_))));
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "{audit:?}");
    assert_eq!((audit.live_pots, audit.total_balances, audit.total_granted), (0, 3000, 3000));
}

/// Two tables debit one wallet at the same instant: exactly one succeeds.
async fn two_tables_cannot_spend_the_same_chips(store: Store) {
    let (ta, tb) = (table(&store, ChannelId(10)).await, table(&store, ChannelId(20)).await);
    const SHARED: UserId = UserId(42);
    for round in 0..40u64 {
        // SHARED has exactly 30: two boots of 10 leave 10, enough for one bet.
        let have = store.balance(G, SHARED).await.unwrap();
        store.admin_grant(G, SHARED, 30 - have, ADMIN, "set up the round").await.unwrap();
        let a = start(&store, ta, ChannelId(10), &[SHARED, UserId(100 + round)], 10, round).await;
        let b = start(&store, tb, ChannelId(20), &[SHARED, UserId(200 + round)], 10, round + 1000).await;
        assert_eq!(store.balance(G, SHARED).await.unwrap(), 10);
        let barrier = Arc::new(tokio::sync::Barrier::new(2));
        let tasks: Vec<_> = [a, b]
            .into_iter()
            .map(|mut live| {
                let (store, barrier) = (store.clone(), barrier.clone());
                tokio::spawn(async move {
                    let mut next = live.hand.clone();
                    let events = next.apply(0, Action::Bet(10)).unwrap();
                    barrier.wait().await;
                    let r = store
                        .record_action(
                            live.at(),
                            ActionRecord { seq: 0, seat: 0, action: Action::Bet(10), key: None, events: &events },
                        )
                        .await;
                    if r.is_ok() {
                        live.hand = next;
                    }
                    (live, r)
                })
            })
            .collect();
        let mut outcomes = Vec::new();
        for t in tasks {
            outcomes.push(t.await.unwrap());
        }
        let ok = outcomes.iter().filter(|(_, r)| r.is_ok()).count();
        assert_eq!(ok, 1, "round {round}: exactly one bet of the last 10 chips goes through");
        for (_, r) in &outcomes {
            if let Err(e) = r {
                assert!(matches!(e, StoreError::InsufficientFunds { user: SHARED, need: 10, have: 0 }), "{e:?}");
            }
        }
        assert_eq!(store.balance(G, SHARED).await.unwrap(), 0);
        assert_books(&store).await;
        // The refused table's player packs instead; the other hand is refunded.
        for (mut live, r) in outcomes {
            if r.is_ok() {
                store.refund_hand(live.id, "round over").await.unwrap();
            } else {
                act(&store, &mut live, 0, Action::Pack, None).await.unwrap();
                assert!(live.hand.is_over());
            }
        }
        let min = store.raw_i64("SELECT MIN(balance) FROM wallets").await.unwrap();
        assert!(min.is_some_and(|m| m >= 0));
    }
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "{audit:?}");
    assert_eq!(audit.live_pots, 0);
}

async fn tables_and_seats(store: Store) {
    let new = NewTable {
        guild: G,
        channel: ChannelId(10),
        opener: UserId(1),
        rules: rules(5),
        max_players: 3,
        turn_seconds: 45,
    };
    let t = store.open_table(new.clone()).await.unwrap();
    assert_eq!((t.status, t.max_players, t.rules.boot, t.message_id), (TableStatus::Open, 3, 5, None));
    let err = store.open_table(new.clone()).await.unwrap_err();
    assert!(matches!(err, StoreError::TableExists { channel: ChannelId(10), table_id } if table_id == t.id), "{err:?}");
    assert!(matches!(
        store.open_table(NewTable { max_players: 11, channel: ChannelId(11), ..new.clone() }).await,
        Err(StoreError::Invalid(_))
    ));
    store.set_table_message(t.id, MessageId(555)).await.unwrap();
    let row = store.table_in_channel(ChannelId(10)).await.unwrap().unwrap();
    assert_eq!((row.id, row.message_id, row.rules.boot), (t.id, Some(MessageId(555)), 5));
    assert_eq!(store.table(t.id).await.unwrap(), Some(row));

    for u in ids([7, 8, 9]) {
        store.add_seat(t.id, u).await.unwrap();
    }
    assert_eq!(store.add_seat(t.id, UserId(8)).await.unwrap().position, 1, "re-seating is a no-op");
    assert!(matches!(store.add_seat(t.id, UserId(10)).await, Err(StoreError::TableFull(_))));
    store.set_sat_out(t.id, UserId(8), true).await.unwrap();
    store.set_timeouts(t.id, UserId(9), 2).await.unwrap();
    assert!(store.remove_seat(t.id, UserId(7)).await.unwrap());
    assert!(!store.remove_seat(t.id, UserId(7)).await.unwrap());
    store.add_seat(t.id, UserId(7)).await.unwrap();
    let seats = store.seats(t.id).await.unwrap();
    let view: Vec<_> = seats.iter().map(|s| (s.user.get(), s.sat_out, s.timeouts)).collect();
    assert_eq!(view, [(8, true, 0), (9, false, 2), (7, false, 0)], "seat order is join order");
    assert!(matches!(store.set_sat_out(t.id, UserId(1234), true).await, Err(StoreError::NotFound(_))));

    let other = store.open_table(NewTable { channel: ChannelId(20), ..new.clone() }).await.unwrap();
    assert_eq!(store.open_tables().await.unwrap().iter().map(|t| t.id).collect::<Vec<_>>(), [t.id, other.id]);
    assert!(store.close_table(t.id).await.unwrap());
    assert!(!store.close_table(t.id).await.unwrap());
    assert!(store.table_in_channel(ChannelId(10)).await.unwrap().is_none());
    assert!(matches!(store.add_seat(t.id, UserId(1)).await, Err(StoreError::TableClosed(_))));
    let reopened = store.open_table(new).await.unwrap();
    assert_ne!(reopened.id, t.id, "a closed table's channel can open a new one");
    assert_eq!(store.table(t.id).await.unwrap().unwrap().status, TableStatus::Closed);
}

async fn history_leaderboard_and_stats(store: Store) {
    let (ta, tb) = (table(&store, ChannelId(10)).await, table(&store, ChannelId(20)).await);
    // Hand 1 at table A: user 1 wins 30 from 2 and 3 (net +20).
    let mut h1 = start(&store, ta, ChannelId(10), &ids([1, 2, 3]), 10, 1).await;
    act(&store, &mut h1, 0, Action::Pack, None).await.unwrap();
    act(&store, &mut h1, 1, Action::Pack, None).await.unwrap();
    // Seat 2 (user 3) is last standing.
    // Hand 2 at table B: users 1 and 4; user 4 packs, user 1 wins.
    let mut h2 = start(&store, tb, ChannelId(20), &ids([4, 1]), 10, 2).await;
    act(&store, &mut h2, 0, Action::Pack, None).await.unwrap();
    // Hand 3 at table A, live.
    let h3 = start(&store, ta, ChannelId(10), &ids([2, 3]), 10, 3).await;

    let all = store.recent_hands(G, None, None, 10).await.unwrap();
    assert_eq!(all.iter().map(|h| h.id).collect::<Vec<_>>(), [h3.id, h2.id, h1.id], "newest first");
    let in_a = store.recent_hands(G, Some(ChannelId(10)), None, 10).await.unwrap();
    assert_eq!(in_a.iter().map(|h| h.id).collect::<Vec<_>>(), [h3.id, h1.id]);
    let of_1 = store.recent_hands(G, None, Some(UserId(1)), 10).await.unwrap();
    assert_eq!(of_1.iter().map(|h| h.id).collect::<Vec<_>>(), [h2.id, h1.id]);
    let of_4_in_a = store.recent_hands(G, Some(ChannelId(10)), Some(UserId(4)), 10).await.unwrap();
    assert!(of_4_in_a.is_empty());
    assert_eq!(store.recent_hands(G, None, None, 1).await.unwrap().len(), 1);
    assert!(store.recent_hands(GuildId(G.get() + 1), None, None, 10).await.unwrap().is_empty());
    assert_eq!(all[2].winners, vec![UserId(3)]);
    assert_eq!(all[1].winners, vec![UserId(1)]);
    assert_eq!(all[0].status, HandStatus::Live);

    // Balances now: 1: 1000 (-10 in h1, +10 net in h2); 2: 980; 3: 1010 (+20 in h1, boot of h3); 4: 990.
    let s1 = store.stats(G, UserId(1)).await.unwrap();
    assert_eq!((s1.hands_played, s1.hands_won, s1.biggest_pot, s1.net), (2, 1, 20, 0));
    assert!((s1.win_rate - 0.5).abs() < 1e-9);
    let s3 = store.stats(G, UserId(3)).await.unwrap();
    assert_eq!((s3.hands_played, s3.hands_won, s3.biggest_pot, s3.net), (2, 1, 30, 10));
    let nobody = store.stats(G, UserId(777)).await.unwrap();
    assert_eq!((nobody.hands_played, nobody.win_rate), (0, 0.0));

    // Five more wallets to page through.
    for (u, extra) in [(50u64, 500i64), (51, 400), (52, 300), (53, 0), (54, -1000)] {
        store.admin_grant(G, UserId(u), extra, ADMIN, "").await.unwrap();
    }
    let (page1, total) = store.leaderboard(G, LeaderBy::Balance, 1, 3).await.unwrap();
    assert_eq!(total, 9);
    let p1: Vec<_> = page1.iter().map(|r| (r.rank, r.user.get(), r.value)).collect();
    assert_eq!(p1, [(1, 50, 1500), (2, 51, 1400), (3, 52, 1300)]);
    let (page2, _) = store.leaderboard(G, LeaderBy::Balance, 2, 3).await.unwrap();
    let p2: Vec<_> = page2.iter().map(|r| (r.rank, r.user.get(), r.value)).collect();
    assert_eq!(p2, [(4, 3, 1010), (5, 1, 1000), (6, 53, 1000)], "ties by user id");
    let (page3, _) = store.leaderboard(G, LeaderBy::Balance, 3, 3).await.unwrap();
    let p3: Vec<_> = page3.iter().map(|r| (r.rank, r.user.get(), r.value)).collect();
    assert_eq!(p3, [(7, 4, 990), (8, 2, 980), (9, 54, 0)]);
    assert!(store.leaderboard(G, LeaderBy::Balance, 4, 3).await.unwrap().0.is_empty());

    let (win, total) = store.leaderboard(G, LeaderBy::Winnings, 1, 10).await.unwrap();
    let w: Vec<_> = win.iter().map(|r| (r.user.get(), r.value)).collect();
    assert_eq!(w, [(3, 10), (1, 0), (4, -10), (2, -20)]);
    assert_eq!(total, 4);
    let audit = store.audit().await.unwrap();
    assert!(audit.ok(), "{audit:?}");
    assert_eq!(audit.live_pots, 20);
}

/// Group commit: writes queued together are committed in one transaction. A bet that the wallet can no longer
/// cover (the same wallet bet at another table earlier in the batch) is refused alone; the writes before and
/// after it in the batch are committed.
async fn an_overdraft_in_a_batch_refuses_only_that_write(store: Store) {
    let alice = UserId(1);
    let mut hands = Vec::new();
    for (channel, users) in [(20, ids([1, 2])), (21, ids([1, 3])), (22, ids([4, 5]))] {
        let t = table(&store, ChannelId(channel)).await;
        hands.push(start(&store, t, ChannelId(channel), &users, 300, channel).await);
    }
    // Two boots of 300: Alice has 400 left, enough for one blind bet of 300 but not two.
    assert_eq!(store.balance(G, alice).await.unwrap(), 400);
    let [mut a, mut b, mut c]: [Live; 3] = hands.try_into().unwrap_or_else(|_| unreachable!());
    // Queued together while the writer is held: one batch (after the hold's own).
    let before = store.write_stats();
    let hold = store.hold_writes().await;
    let release = async {
        while store.queued_writes() < 3 {
            tokio::task::yield_now().await;
        }
        hold.release().await;
    };
    let ((ra, rb, rc), ()) = tokio::join!(
        async {
            tokio::join!(
                act(&store, &mut a, 0, Action::Bet(300), Some("batch-a")),
                act(&store, &mut b, 0, Action::Bet(300), Some("batch-b")),
                act(&store, &mut c, 0, Action::Bet(300), Some("batch-c")),
            )
        },
        release
    );
    assert_eq!(ra.unwrap(), Recorded::Applied);
    assert!(matches!(rb, Err(StoreError::InsufficientFunds { need: 300, have: 100, .. })), "{rb:?}");
    assert_eq!(rc.unwrap(), Recorded::Applied);
    let after = store.write_stats();
    let held = (1, 1);
    assert_eq!(
        (after.batches - before.batches - held.0, after.writes - before.writes - held.1),
        (1, 3),
        "one batch of three writes"
    );
    assert_eq!(store.balance(G, alice).await.unwrap(), 100);
    assert_eq!(store.balance(G, UserId(4)).await.unwrap(), 400);
    let logged = |h: &Live| {
        let store = store.clone();
        let id = h.id;
        async move { store.hand_record(id).await.unwrap().unwrap().actions.len() }
    };
    assert_eq!((logged(&a).await, logged(&b).await, logged(&c).await), (1, 0, 1));
    assert_eq!(store.live_pot(b.id).await.unwrap(), Some(600), "the refused bet left the pot as it was");
    assert_books(&store).await;
}

on_both_backends!(
    a_hand_moves_chips_and_pays_the_winner,
    a_boot_nobody_can_cover_writes_nothing_and_names_the_user,
    the_same_key_twice_changes_nothing,
    a_refund_returns_every_chip_once,
    two_tables_cannot_spend_the_same_chips,
    tables_and_seats,
    history_leaderboard_and_stats,
    an_overdraft_in_a_batch_refuses_only_that_write
);
